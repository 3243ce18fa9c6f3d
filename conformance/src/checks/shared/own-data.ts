// Data the resource checks create for themselves (a property, a tenant, a contract, rent payments), so writes
// never touch the target's own data. The spec does not show the write-body field names of contracts, tenants and
// rent payments (CONTRACT-23, OTHER-6, RENT-POST-8): they are the target file's `fields`, else a guess
// (./unnamed.ts). A deployment that refuses a body of guessed names makes the check skip with its answer; one that
// refuses a body of the names its target declares blocks it (the required check fails). A refusal is a failure
// too once the plain body of the same names was accepted and showed them back: then the refused variant (a status,
// dates, extra tenants, the Paid defaults) is one the spec says must succeed (refusedVariant).

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { CheckSkip } from '../../runner/outcomes';
import { describeResponse, describeValue } from '../../runner/describe';
import { UNNAMED_FIELDS, type UnnamedField, type UnnamedResource } from '../../targets/unnamed-fields';
import { addDays, utcDate } from './dates';
import { REQUIRED } from './required';
import { declared, learnShownBack, readName, unnamedReason, writeName } from './unnamed';
import { createOwnProperty, isRecord, successData, type Json } from './util';

export const LIVE = 'enterpriseLive';

// ---- contracts --------------------------------------------------------------------------------------------

/** The names a contract body is written with beyond the spec's (`propertyId`, `mainTenantId`, `additionalTenantIds`, `status`). */
export interface ContractFields {
  readonly start: string;
  readonly end: string;
  readonly reference: string;
  readonly rent: string;
  /** The target file names them (else they are the suite's guess). */
  readonly declared: boolean;
}

/** The contract field names the suite writes: the target's, else its guess. */
export function contractFields(ctx: Pick<CheckContext, 'target'>): ContractFields {
  return {
    start: writeName(ctx, 'contract', 'startDate'),
    end: writeName(ctx, 'contract', 'endDate'),
    reference: writeName(ctx, 'contract', 'tenancyReference'),
    rent: writeName(ctx, 'contract', 'rentAmount'),
    declared: declared(ctx, 'contract'),
  };
}

/** The tenancy reference of a contract, when its field's name is known (declared or shown back). */
export function referenceOf(ctx: Pick<CheckContext, 'target' | 'runId'>, contract: Json): string | undefined {
  const name = readName(ctx, 'contract', 'tenancyReference');
  const v = name !== undefined ? contract[name] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/**
 * A body of unnamed fields refused (4xx): a failure (block) when the target names them, else a skip with the
 * answer, since the guessed names may simply not be the deployment's.
 */
function refusedBody(
  ctx: CheckContext,
  resource: UnnamedResource,
  required: string | undefined,
  what: string,
  res: HttpResponse,
): never {
  const said = `${what} answered ${describeResponse(res)}`;
  if (required !== undefined && declared(ctx, resource))
    ctx.block(required, `${said} (field names of the target file)`);
  return ctx.skip(
    `${said}: the spec does not give these field names and the target file does not name them (fields.${resource})`,
  );
}

// ---- tenants ------------------------------------------------------------------------------------------------

export interface OwnTenant {
  readonly id: string;
  /**
   * The address on file: the one written, when the deployment holds the email field's name (the target names it,
   * or the created tenant showed it back); undefined when the tenant may have none.
   */
  readonly email: string | undefined;
  readonly data: Json;
}

/** A mail address of the run: unique per check and tag, on the reserved example.com domain. */
export function suiteEmail(ctx: CheckContext, tag: string): string {
  const local = `${ctx.marker}.${tag}`.toLowerCase().replace(/[^a-z0-9.-]/g, '-');
  return `${local}@example.com`;
}

/** The body of a tenant of the suite's own (names: the target's, else the guess). */
export function tenantBody(ctx: CheckContext, propertyId: string, tag: string, email: string): Json {
  return {
    [writeName(ctx, 'tenant', 'firstName')]: 'Conformance',
    [writeName(ctx, 'tenant', 'lastName')]: `${ctx.marker} ${tag}`,
    [writeName(ctx, 'tenant', 'email')]: email,
    propertyId,
  };
}

/** Creates a tenant of the check's own (deleted in cleanup); skips when the deployment refuses the body. */
export async function createOwnTenant(
  ctx: CheckContext,
  propertyId: string,
  tag: string,
  key = LIVE,
): Promise<OwnTenant> {
  const email = suiteEmail(ctx, tag);
  const body = tenantBody(ctx, propertyId, tag, email);
  const res = await ctx.http.request({ method: 'POST', path: '/tenants', key, json: body });
  if (res.status !== 200 && res.status !== 201)
    refusedBody(
      ctx,
      'tenant',
      undefined,
      `POST /tenants ${describeValue(body)} (tenant write bodies are not shown, OTHER-6)`,
      res,
    );
  const data = successData(ctx, res, [200, 201]);
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the created tenant with an "id"',
    () => describeValue(data),
    res.exchange,
  );
  learnShownBack(ctx, 'tenant', body, data);
  const id = data.id;
  ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/tenants/${id}`, key }));
  return { id, email: readName(ctx, 'tenant', 'email') !== undefined ? email : undefined, data };
}

/** The tenant's address on file, or the check skips: its email field's name is neither given nor shown back. */
export function addressOf(ctx: CheckContext, tenant: OwnTenant, purpose: string): string {
  return tenant.email ?? ctx.skip(unnamedReason(ctx, 'tenant', 'email', purpose));
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
  body[fields.rent] = 950;
  if (o.additionalTenantIds && o.additionalTenantIds.length > 0) body.additionalTenantIds = [...o.additionalTenantIds];
  if (o.status !== undefined) body.status = o.status;
  return body;
}

/**
 * Whether the deployment holds the names a body was written with: the target declares them, or the answer showed
 * back every unnamed field the body carried under the name it was written with.
 */
function namesHeld(ctx: CheckContext, resource: UnnamedResource, sent: Json, answer: unknown): boolean {
  if (declared(ctx, resource)) return true;
  learnShownBack(ctx, resource, sent, answer);
  return (Object.keys(UNNAMED_FIELDS[resource]) as Array<UnnamedField<typeof resource>>).every((field) => {
    const name = writeName(ctx, resource, field);
    return sent[name] === undefined || readName(ctx, resource, field) === name;
  });
}

/**
 * After a 4xx to a create whose body varies the plain one (`variant`), the plain body of the same field names
 * (`plain`): when it is accepted and the deployment holds its names (namesHeld), the refused variant is one the
 * spec says must succeed, so the check FAILS with the refusal. Otherwise nothing is said here (the caller skips:
 * the names may not be the deployment's). `remove` deletes what the plain probe created.
 */
async function refusedVariant(
  ctx: CheckContext,
  resource: UnnamedResource,
  refused: HttpResponse,
  what: string,
  rules: readonly string[],
  plain: { readonly body: Json; readonly send: () => Promise<HttpResponse> },
  remove: (id: string) => unknown,
): Promise<void> {
  const probe = await plain.send();
  if (probe.status !== 200 && probe.status !== 201) return;
  const data = isRecord(probe.json) ? probe.json.data : undefined;
  if (isRecord(data) && typeof data.id === 'string') {
    const id = data.id;
    ctx.cleanup(() => remove(id));
  }
  if (!namesHeld(ctx, resource, plain.body, data)) return;
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

/** POST /contracts (names: ./unnamed.ts); deleted in cleanup. A refused body skips, or blocks when its names are declared. */
export async function createOwnContract(ctx: CheckContext, o: ContractOptions): Promise<Json> {
  const fields = contractFields(ctx);
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
      'contract',
      res,
      `POST /contracts ${describeValue(body)}`,
      o.status === 'Notice Served' ? ['CONTRACT-7', 'CONTRACT-8', 'STATE-15'] : ['CONTRACT-7', 'CONTRACT-8'],
      { body: plain, send: () => ctx.http.request({ method: 'POST', path: '/contracts', key, json: plain }) },
      (id) => ctx.http.request({ method: 'DELETE', path: `/contracts/${id}`, key }),
    );
  }
  if (res.status === 400 || res.status === 422)
    refusedBody(ctx, 'contract', REQUIRED.createContract, `POST /contracts ${describeValue(body)}`, res);
  const data = successData(ctx, res, [201], { rules: ['CONTRACT-7'] });
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the created contract with an "id"',
    () => describeValue(data),
    res.exchange,
    { rules: ['CONTRACT-7', 'RES-CONTRACT-1'] },
  );
  learnShownBack(ctx, 'contract', body, data);
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
    fields: contractFields(ctx),
    key,
  };
}

// ---- rent payments --------------------------------------------------------------------------------------------

/** The rent field name the suite writes beyond the spec's (a due date): the target's, else its guess. */
export interface RentFields {
  readonly due: string;
  /** The target file names it. */
  readonly declared: boolean;
}

export function rentFields(ctx: Pick<CheckContext, 'target'>): RentFields {
  return { due: writeName(ctx, 'rentPayment', 'dueDate'), declared: declared(ctx, 'rentPayment') };
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
 * POST /rent for the chain's contract; 201 expected. A 400 to the body skips (its due date's name is a guess) or,
 * when the target names the rent fields, blocks.
 */
export async function createOwnRent(ctx: CheckContext, chain: OwnChain, o: RentOptions): Promise<Json> {
  const fields = rentFields(ctx);
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
    const plain = rentBody(chain, fields, plainOptions);
    await refusedVariant(
      ctx,
      'rentPayment',
      res,
      `POST /rent ${describeValue(body)}`,
      rules,
      { body: plain, send: () => ctx.http.request({ method: 'POST', path: '/rent', key: chain.key, json: plain }) },
      // The spec has no DELETE /rent: the probe payment stays with the suite's contract (deleted in its cleanup).
      () => undefined,
    );
  }
  if (res.status === 400 || res.status === 422)
    refusedBody(ctx, 'rentPayment', REQUIRED.createRent, `POST /rent ${describeValue(body)}`, res);
  const data = successData(ctx, res, [201], { rules: ['RENT-POST-6'] });
  ctx.expect(
    isRecord(data) && typeof data.id === 'string',
    'the created rent payment with an "id"',
    () => describeValue(data),
    res.exchange,
    { rules: ['RENT-POST-6'] },
  );
  learnShownBack(ctx, 'rentPayment', body, data);
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
