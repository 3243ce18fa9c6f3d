// Data the resource checks create for themselves (a property, a tenant, a contract, rent payments), so writes
// never touch the target's own data. The spec does not show the write-body field names of contracts, tenants
// and rent payments (CONTRACT-23, OTHER-6, RENT-POST-8): they are discovered from what the deployment's GET
// answers show, falling back to the response names the spec gives; a deployment that refuses such a body makes
// the check skip with its answer. A refusal is a failure, never a skip, once the plain body of the same names is
// accepted: then the refused variant (a status, dates, extra tenants, the Paid defaults) is one the spec says must
// succeed (refusedVariant).

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { CheckSkip } from '../../runner/outcomes';
import { describeResponse, describeValue } from '../../runner/describe';
import { addDays, isIsoDate, utcDate } from './dates';
import { REQUIRED } from './required';
import { createOwnProperty, isRecord, successData, type Json } from './util';

export const LIVE = 'enterpriseLive';

function sampleItems(res: HttpResponse): Json[] {
  const body = res.json;
  if (!isRecord(body) || !Array.isArray(body.data)) return [];
  return body.data.filter(isRecord);
}

function findKey(
  items: readonly Json[],
  name: RegExp,
  value: (v: unknown) => boolean,
  exclude: readonly string[] = [],
): string | undefined {
  for (const item of items) {
    for (const [k, v] of Object.entries(item)) if (name.test(k) && !exclude.includes(k) && value(v)) return k;
  }
  return undefined;
}

// ---- contracts --------------------------------------------------------------------------------------------

/** Contract field names beyond the spec's (`propertyId`, `mainTenantId`, `additionalTenantIds`, `status`). */
export interface ContractFields {
  readonly start: string;
  readonly end: string;
  readonly reference: string;
  readonly rent?: string;
  /** Where the names came from, for notes and skip messages. */
  readonly discovered: boolean;
}

const contractFieldCache = new Map<string, Promise<ContractFields>>();

/** The contract field names, read from the deployment's own contracts (start/end dates, reference, rent). */
export function contractFields(ctx: CheckContext): Promise<ContractFields> {
  const cacheKey = `${ctx.target.baseUrl}\u0000${ctx.runId}`;
  let found = contractFieldCache.get(cacheKey);
  if (!found) {
    found = (async () => {
      const res = await ctx.http.request({ path: '/contracts', key: LIVE, query: { limit: 50 } });
      const items = sampleItems(res);
      const start = findKey(items, /start/i, isIsoDate);
      const end = findKey(items, /end/i, (v) => v === null || isIsoDate(v), start ? [start] : []);
      const reference = findKey(items, /reference|^ref/i, (v) => typeof v === 'string');
      const isNumber = (v: unknown): boolean => typeof v === 'number';
      const rent = findKey(items, /rent/i, isNumber) ?? findKey(items, /amount/i, isNumber);
      const discovered = start !== undefined && reference !== undefined;
      return {
        start: start ?? 'startDate',
        end: end ?? 'endDate',
        reference: reference ?? 'tenancyReference',
        rent: rent ?? 'rentAmount',
        discovered,
      };
    })();
    contractFieldCache.set(cacheKey, found);
    found.catch(() => contractFieldCache.delete(cacheKey));
  }
  return found;
}

/** The tenancy reference of a contract, when its field can be found. */
export function referenceOf(contract: Json, fields: ContractFields): string | undefined {
  const v = contract[fields.reference];
  return typeof v === 'string' ? v : undefined;
}

// ---- tenants ------------------------------------------------------------------------------------------------

export interface OwnTenant {
  readonly id: string;
  readonly email: string;
  readonly data: Json;
}

/** A mail address of the run: unique per check and tag, on the reserved example.com domain. */
export function suiteEmail(ctx: CheckContext, tag: string): string {
  const local = `${ctx.marker}.${tag}`.toLowerCase().replace(/[^a-z0-9.-]/g, '-');
  return `${local}@example.com`;
}

/** Creates a tenant of the check's own (deleted in cleanup); skips when the deployment refuses the body. */
export async function createOwnTenant(
  ctx: CheckContext,
  propertyId: string,
  tag: string,
  key = LIVE,
): Promise<OwnTenant> {
  const sample = sampleItems(await ctx.http.request({ path: '/tenants', key: LIVE, query: { limit: 20 } }));
  const first = findKey(sample, /first/i, (v) => typeof v === 'string') ?? 'firstName';
  const last = findKey(sample, /last/i, (v) => typeof v === 'string') ?? 'lastName';
  const emailKey = findKey(sample, /email/i, (v) => v === null || typeof v === 'string') ?? 'email';
  const email = suiteEmail(ctx, tag);
  const body: Json = { [first]: 'Conformance', [last]: `${ctx.marker} ${tag}`, [emailKey]: email, propertyId };
  const res = await ctx.http.request({ method: 'POST', path: '/tenants', key, json: body });
  if (res.status !== 200 && res.status !== 201) {
    ctx.skip(
      `could not create a tenant of the suite's own (tenant write bodies are not shown, OTHER-6): POST /tenants ${describeValue(body)} answered ${describeResponse(res)}`,
    );
  }
  const data = successData(ctx, res, [200, 201]);
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the created tenant with an "id"',
    () => describeValue(data),
    res.exchange,
  );
  const id = data.id;
  ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/tenants/${id}`, key }));
  return { id, email, data };
}

// ---- contracts of the suite's own -------------------------------------------------------------------------

export interface ContractOptions {
  readonly propertyId: string;
  readonly mainTenantId: string;
  readonly additionalTenantIds?: readonly string[];
  /** Default: 30 days ago (UTC), so the contract is Active whatever the deployment's local date. */
  readonly start?: string;
  /** Default: open-ended (null). */
  readonly end?: string | null;
  readonly status?: string;
  readonly tag: string;
  /** The key the contract is written with (default: enterpriseLive). */
  readonly key?: string;
}

export function contractBody(ctx: CheckContext, fields: ContractFields, o: ContractOptions): Json {
  const body: Json = {
    propertyId: o.propertyId,
    mainTenantId: o.mainTenantId,
    [fields.start]: o.start ?? addDays(utcDate(), -30),
    [fields.reference]: `${ctx.marker} ${o.tag}`,
  };
  if (o.end !== undefined && o.end !== null) body[fields.end] = o.end;
  if (fields.rent) body[fields.rent] = 950;
  if (o.additionalTenantIds && o.additionalTenantIds.length > 0) body.additionalTenantIds = [...o.additionalTenantIds];
  if (o.status !== undefined) body.status = o.status;
  return body;
}

/**
 * After a 4xx to a create whose body varies the plain one (`variant`), the plain body of the same field names
 * (`plain`): when it is accepted, the names are the deployment's and the refused variant is one the spec says
 * must succeed, so the check FAILS with the refusal. When the plain body is refused too, nothing is said here
 * (the caller skips: the names are not the deployment's). `remove` deletes what the plain probe created.
 */
async function refusedVariant(
  ctx: CheckContext,
  refused: HttpResponse,
  what: string,
  rules: readonly string[],
  plain: () => Promise<HttpResponse>,
  remove: (id: string) => unknown,
): Promise<void> {
  const probe = await plain();
  if (probe.status !== 200 && probe.status !== 201) return;
  const data = isRecord(probe.json) ? probe.json.data : undefined;
  if (isRecord(data) && typeof data.id === 'string') {
    const id = data.id;
    ctx.cleanup(() => remove(id));
  }
  ctx.fail(
    `201 for ${what}: the spec says it succeeds (the plain body of the same field names was accepted: ${probe.status})`,
    describeResponse(refused),
    refused.exchange,
    { rules },
  );
}

/** The contract body without what the options vary (status, dates, additional tenants). */
function isPlainContract(o: ContractOptions): boolean {
  return (
    o.status === undefined &&
    o.start === undefined &&
    (o.end === undefined || o.end === null) &&
    (o.additionalTenantIds ?? []).length === 0
  );
}

/** POST /contracts with a body of discovered field names; deleted in cleanup. Skips when the plain body is refused with 400. */
export async function createOwnContract(ctx: CheckContext, o: ContractOptions): Promise<Json> {
  const fields = await contractFields(ctx);
  const body = contractBody(ctx, fields, o);
  const key = o.key ?? LIVE;
  const res = await ctx.http.request({ method: 'POST', path: '/contracts', key, json: body });
  if (res.status >= 400 && res.status < 500 && res.status !== 409 && !isPlainContract(o)) {
    const plain = contractBody(ctx, fields, {
      propertyId: o.propertyId,
      mainTenantId: o.mainTenantId,
      tag: `${o.tag} plain`,
      key,
    });
    await refusedVariant(
      ctx,
      res,
      `POST /contracts ${describeValue(body)}`,
      o.status === 'Notice Served' ? ['CONTRACT-7', 'CONTRACT-8', 'STATE-15'] : ['CONTRACT-7', 'CONTRACT-8'],
      () => ctx.http.request({ method: 'POST', path: '/contracts', key, json: plain }),
      (id) => ctx.http.request({ method: 'DELETE', path: `/contracts/${id}`, key }),
    );
  }
  if (res.status === 400 || res.status === 422) {
    ctx.block(
      REQUIRED.createContract,
      `POST /contracts (field names ${fields.discovered ? 'read from GET /contracts' : 'of the spec'}) ${describeValue(body)} answered ${describeResponse(res)}`,
    );
  }
  const data = successData(ctx, res, [201], { rules: ['CONTRACT-7'] });
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the created contract with an "id"',
    () => describeValue(data),
    res.exchange,
    { rules: ['CONTRACT-7', 'RES-CONTRACT-1'] },
  );
  const id = data.id;
  ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/contracts/${id}`, key }));
  return data;
}

export interface OwnChain {
  readonly property: Json;
  readonly propertyId: string;
  readonly tenant: OwnTenant;
  readonly additional: readonly OwnTenant[];
  readonly contract: Json;
  readonly contractId: string;
  readonly fields: ContractFields;
  /** The key the chain was written with (its landlord's): later writes for it use the same. */
  readonly key: string;
}

export interface ChainOptions {
  readonly start?: string;
  readonly end?: string | null;
  readonly status?: string;
  readonly additionalTenants?: number;
  /** The key to write with (default: enterpriseLive), e.g. one of a landlord of the check's own. */
  readonly key?: string;
}

/** A property, a tenant (with a mail address of the run) and a contract between them, all the check's own. */
export async function createOwnChain(ctx: CheckContext, tag: string, options: ChainOptions = {}): Promise<OwnChain> {
  const key = options.key ?? LIVE;
  const property = await createOwnProperty(ctx, key, tag);
  const propertyId = String(property.id);
  const tenant = await createOwnTenant(ctx, propertyId, `${tag}-main`, key);
  const additional: OwnTenant[] = [];
  for (let i = 0; i < (options.additionalTenants ?? 0); i++)
    additional.push(await createOwnTenant(ctx, propertyId, `${tag}-extra${i + 1}`, key));
  const contract = await createOwnContract(ctx, {
    propertyId,
    mainTenantId: tenant.id,
    additionalTenantIds: additional.map((t) => t.id),
    start: options.start,
    end: options.end,
    status: options.status,
    tag,
    key,
  });
  return {
    property,
    propertyId,
    tenant,
    additional,
    contract,
    contractId: String(contract.id),
    fields: await contractFields(ctx),
    key,
  };
}

// ---- rent payments --------------------------------------------------------------------------------------------

/** Rent field names the spec does not give (a due date, a period window), read from the deployment's payments. */
export interface RentFields {
  readonly due: string;
  readonly discovered: boolean;
}

const rentFieldCache = new Map<string, Promise<RentFields>>();

export function rentFields(ctx: CheckContext): Promise<RentFields> {
  const cacheKey = `${ctx.target.baseUrl}\u0000${ctx.runId}`;
  let found = rentFieldCache.get(cacheKey);
  if (!found) {
    found = (async () => {
      const items = sampleItems(await ctx.http.request({ path: '/rent', key: LIVE, query: { limit: 50 } }));
      const due = findKey(items, /due/i, isIsoDate);
      return { due: due ?? 'dueDate', discovered: due !== undefined };
    })();
    rentFieldCache.set(cacheKey, found);
    found.catch(() => rentFieldCache.delete(cacheKey));
  }
  return found;
}

export interface RentOptions {
  readonly period: string;
  readonly amount?: number;
  readonly status?: 'Pending' | 'Paid' | 'Overdue';
  readonly amountReceived?: number;
  readonly datePaid?: string;
  /** Default: 20 days from today. */
  readonly due?: string;
  /** Override any id (mismatched-id probes). */
  readonly propertyId?: string;
  readonly tenantId?: string;
  readonly contractId?: string;
}

export function rentBody(chain: OwnChain, fields: RentFields, o: RentOptions): Json {
  const body: Json = {
    propertyId: o.propertyId ?? chain.propertyId,
    tenantId: o.tenantId ?? chain.tenant.id,
    contractId: o.contractId ?? chain.contractId,
    period: o.period,
    amount: o.amount ?? 950,
    status: o.status ?? 'Pending',
    [fields.due]: o.due ?? addDays(utcDate(), 20),
  };
  if (o.amountReceived !== undefined) body.amountReceived = o.amountReceived;
  if (o.datePaid !== undefined) body.datePaid = o.datePaid;
  return body;
}

/** A period string of the run (the marker keeps it unique and recognisable). */
export function suitePeriod(ctx: CheckContext, label: string): string {
  return `${ctx.marker} ${label}`;
}

/**
 * POST /rent for the chain's contract; 201 expected. A 400 on the first payment of a chain means the body's
 * field names are not the deployment's (not shown), so the check is skipped with the answer.
 */
export async function createOwnRent(ctx: CheckContext, chain: OwnChain, o: RentOptions): Promise<Json> {
  const fields = await rentFields(ctx);
  const body = rentBody(chain, fields, o);
  const res = await ctx.http.request({ method: 'POST', path: '/rent', key: chain.key, json: body });
  // The plain body: the same names, a normalised period of its own, Pending, the default amount and due date.
  const plainOptions: RentOptions = { period: `${o.period.trim().replace(/\s+/g, ' ')} plain`, status: 'Pending' };
  // Bodies with ids of the caller's choice may be meant to be refused (mismatched ids): no probe for them.
  const idsGiven = o.propertyId !== undefined || o.tenantId !== undefined || o.contractId !== undefined;
  if (res.status >= 400 && res.status < 500 && res.status !== 409 && !idsGiven) {
    const rules =
      o.status === 'Paid'
        ? ['RENT-POST-5', 'RENT-POST-6', 'STATE-19', 'STATE-21', 'STATE-22']
        : ['RENT-POST-6', 'STATE-19'];
    await refusedVariant(
      ctx,
      res,
      `POST /rent ${describeValue(body)}`,
      rules,
      () =>
        ctx.http.request({
          method: 'POST',
          path: '/rent',
          key: chain.key,
          json: rentBody(chain, fields, plainOptions),
        }),
      // The spec has no DELETE /rent: the probe payment stays with the suite's contract (deleted in its cleanup).
      () => undefined,
    );
  }
  if (res.status === 400 || res.status === 422) {
    ctx.block(REQUIRED.createRent, `POST /rent ${describeValue(body)} answered ${describeResponse(res)}`);
  }
  const data = successData(ctx, res, [201], { rules: ['RENT-POST-6'] });
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the created rent payment with an "id"',
    () => describeValue(data),
    res.exchange,
    { rules: ['RENT-POST-6'] },
  );
  return data;
}

// ---- helpers ----------------------------------------------------------------------------------------------------

/**
 * Runs a part of a check that needs data of the suite's own; when that data cannot be created (the deployment
 * refuses bodies built from names it does not show) the part is left out with a note instead of skipping the check.
 */
export async function optionalPart<T>(ctx: CheckContext, what: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof CheckSkip) {
      ctx.note(`${what} not checked: ${error.reason}`);
      return undefined;
    }
    throw error;
  }
}

/** A 400 whose body is the error envelope with one of `codes` (default VALIDATION_ERROR). */
export function expect400(
  ctx: CheckContext,
  res: HttpResponse,
  what: string,
  rules: readonly string[],
  codes: readonly string[] = ['VALIDATION_ERROR'],
): void {
  const code = isRecord(res.json) ? res.json.code : undefined;
  ctx.expect(
    res.status === 400 &&
      typeof code === 'string' &&
      codes.includes(code) &&
      isRecord(res.json) &&
      typeof res.json.error === 'string',
    `400 { error, code: ${codes.join(' | ')} } for ${what}`,
    () => describeResponse(res),
    res.exchange,
    { rules },
  );
}
