// Resources and their fields, "Conventions: ids are UUID strings; dates are `YYYY-MM-DD`; timestamps are ISO 8601
// date-times." They hold for the fields the spec lists with those types, found where the spec puts them (never by a
// field's name, so an extension member named `fooId` or `reviewDate` is not held to them), route by route:
//   ids         each shown resource's `id` (Property, Contract, rent payments and maintenance issues addressed as
//               `/rent/{id}` and `/maintenance/issues/{id}`, calendar items, tenants as `GET /tenants/{id}`,
//               documents as `{docId}`, compliance `properties[].id`), Contract `propertyId`, `mainTenantId` and
//               `additionalTenantIds`, Rent `propertyId`, `tenantId`, `contractId`, a tenant's `propertyId`,
//               Handbook and compliance `attention[].propertyId`
//   dates       Rent `datePaid`, document `expiryDate`, calendar `date`, compliance `dueDate`s, handbook
//               `readingDate`, the property renewal fields ("dates"), and the contract's start and end dates and the
//               rent payment's due date under the names the target gives or the deployment showed back
//   timestamps  compliance `generatedAt`
// A reference, date or timestamp may be null (the spec has nullable dates and optional references); an `id` may not.

import fc from 'fast-check';
import type { RecordedExchange } from '../../model';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { isDateTime, isIsoDate } from '../shared/dates';
import { GET_BY_ID_ROUTES, GET_COLLECTION_ROUTES, LIST_ENDPOINTS } from '../shared/spec';
import { readName } from '../shared/unnamed';
import { createOwnProperty, fillPath, isRecord, listIds, UUID } from '../shared/util';

type FieldClass = 'id' | 'reference' | 'idList' | 'date' | 'timestamp';

const RULE_OF: Readonly<Record<FieldClass, string>> = {
  id: 'ENVELOPE-1',
  reference: 'ENVELOPE-1',
  idList: 'ENVELOPE-1',
  date: 'ENVELOPE-2',
  timestamp: 'ENVELOPE-3',
};

/** A field of an item and its class; `a[].b` walks every element of the array `a`, `a.b` a nested object. */
export type Convention = readonly [where: string, cls: FieldClass];

const PROPERTY: readonly Convention[] = [
  ['id', 'id'],
  ['gscRenewal', 'date'],
  ['eicrRenewal', 'date'],
  ['epcRenewal', 'date'],
  ['landlordLicenceRenewal', 'date'],
];
const CONTRACT: readonly Convention[] = [
  ['id', 'id'],
  ['propertyId', 'reference'],
  ['mainTenantId', 'reference'],
  ['additionalTenantIds', 'idList'],
];
const DOCUMENT: readonly Convention[] = [
  ['id', 'id'],
  ['expiryDate', 'date'],
];
const TENANT: readonly Convention[] = [
  ['id', 'id'],
  ['propertyId', 'reference'],
];

/** The spec's typed fields of each GET route's items (a list's elements, or a singleton's data). */
const CONVENTIONS: Readonly<Record<string, readonly Convention[]>> = {
  '/properties': PROPERTY,
  '/properties/{id}': PROPERTY,
  '/contracts': CONTRACT,
  '/contracts/{id}': CONTRACT,
  '/rent': [
    ['id', 'id'],
    ['propertyId', 'reference'],
    ['tenantId', 'reference'],
    ['contractId', 'reference'],
    ['datePaid', 'date'],
  ],
  '/events': [
    ['id', 'id'],
    ['date', 'date'],
  ],
  '/compliance/summary': [
    ['generatedAt', 'timestamp'],
    ['attention[].propertyId', 'reference'],
    ['attention[].dueDate', 'date'],
    ['properties[].id', 'id'],
    ['properties[].items[].dueDate', 'date'],
  ],
  '/properties/{id}/handbook': [
    ['propertyId', 'reference'],
    ['meters[].openingReading.readingDate', 'date'],
  ],
  '/properties/{id}/documents': DOCUMENT,
  '/contracts/{id}/documents': DOCUMENT,
  '/tenants': TENANT,
  '/tenants/{id}': TENANT,
  '/maintenance/issues': [['id', 'id']],
};

/** The listed fields of a detailed route's success answer, writes included (a write answers its resource). */
export function answerConventions(method: string, route: string): readonly Convention[] {
  if (method === 'DELETE') return [['id', 'id']];
  if (method === 'GET') return CONVENTIONS[route] ?? [];
  if (route === '/properties' || route === '/properties/{id}' || route === '/properties/{id}/image') return PROPERTY;
  if (route === '/properties/{id}/documents' || route === '/contracts/{id}/documents') return DOCUMENT;
  if (route === '/contracts' || route === '/contracts/{id}') return CONTRACT;
  if (route === '/rent' || route === '/rent/{id}') return CONVENTIONS['/rent'] ?? [];
  return [];
}

/** The route's conventions, with the unnamed date fields under the names the target gives or the deployment showed. */
function conventionsOf(ctx: CheckContext, route: string): readonly Convention[] {
  const own = CONVENTIONS[route] ?? [];
  const named = (name: string | undefined): Convention[] => (name !== undefined ? [[name, 'date']] : []);
  if (route === '/contracts' || route === '/contracts/{id}')
    return [...own, ...named(readName(ctx, 'contract', 'startDate')), ...named(readName(ctx, 'contract', 'endDate'))];
  if (route === '/rent') return [...own, ...named(readName(ctx, 'rentPayment', 'dueDate'))];
  return own;
}

const isUuid = (v: unknown): boolean => typeof v === 'string' && UUID.test(v);

/** What is wrong with `value` under `cls`, or undefined. */
function problemWith(cls: FieldClass, value: unknown): string | undefined {
  switch (cls) {
    case 'id':
      return isUuid(value) ? undefined : 'not a UUID string';
    case 'reference':
      return value === null || isUuid(value) ? undefined : 'not a UUID string (or null)';
    case 'idList':
      if (value === null) return undefined;
      if (!Array.isArray(value)) return 'not an array of UUID strings';
      return value.every(isUuid) ? undefined : 'an array with an element that is not a UUID string';
    case 'date':
      return value === null || isIsoDate(value) ? undefined : 'not a YYYY-MM-DD date (or null)';
    case 'timestamp':
      return value === null || isDateTime(value) ? undefined : 'not an ISO 8601 date-time (or null)';
  }
}

export interface ConventionProblem {
  readonly rule: string;
  readonly path: string;
  readonly value: unknown;
  readonly problem: string;
}

/** Every value at `where` in `item` (`a[].b`: each element's `b`), with its path. */
function valuesAt(item: unknown, where: string, path: string): Array<[string, unknown]> {
  const [head, ...rest] = where.split('.');
  if (head === undefined || !isRecord(item)) return [];
  const many = head.endsWith('[]');
  const name = many ? head.slice(0, -2) : head;
  if (!(name in item)) return [];
  const value = item[name];
  const here = `${path}.${name}`;
  if (rest.length === 0 && !many) return [[here, value]];
  if (many)
    return Array.isArray(value)
      ? value.flatMap((v, i) =>
          rest.length === 0
            ? [[`${here}[${i}]`, v] as [string, unknown]]
            : valuesAt(v, rest.join('.'), `${here}[${i}]`),
        )
      : [];
  return valuesAt(value, rest.join('.'), here);
}

/** Every listed field of `data` (a list's items, or a singleton) that breaks its convention. */
export function conventionProblems(
  data: unknown,
  conventions: readonly Convention[],
  out: { problems: ConventionProblem[]; fields: number },
): void {
  const items: Array<[string, unknown]> = Array.isArray(data)
    ? data.map((item, i) => [`data[${i}]`, item])
    : [['data', data]];
  for (const [path, item] of items)
    for (const [where, cls] of conventions)
      for (const [at, value] of valuesAt(item, where, path)) {
        out.fields++;
        const problem = problemWith(cls, value);
        if (problem) out.problems.push({ rule: RULE_OF[cls], path: at, value, problem });
      }
}

const EXPECTED =
  'every id field the spec lists a UUID string (additionalTenantIds an array of them), every date field it lists YYYY-MM-DD, every timestamp field it lists an ISO 8601 date-time (references, dates and timestamps may be null)';

function expectConventions(
  ctx: CheckContext,
  route: string,
  what: string,
  data: unknown,
  exchange: RecordedExchange,
  tally: { fields: number },
): void {
  const out = { problems: [] as ConventionProblem[], fields: 0 };
  conventionProblems(data, conventionsOf(ctx, route), out);
  tally.fields += out.fields;
  if (out.problems.length === 0) return;
  const shown = out.problems.slice(0, 5).map((p) => `${p.path} = ${describeValue(p.value)} (${p.problem})`);
  ctx.fail(
    `${what}: ${EXPECTED}`,
    `${out.problems.length} field(s) break it: ${shown.join('; ')}${out.problems.length > 5 ? ' …' : ''}`,
    exchange,
    { rules: [...new Set(out.problems.map((p) => p.rule))] },
  );
}

/** The limit that returns a whole list in one page (the spec's maximum), for the list endpoints. */
const MAX_LIMIT = 500;

export const idsDatesAndTimestampsFollowTheConventions = defineCheck({
  id: 'envelope.idsDatesAndTimestampsFollowTheConventions',
  title:
    'On every GET endpoint, every id field the spec lists is a UUID string, every date field it lists YYYY-MM-DD and every timestamp field it lists an ISO 8601 date-time',
  group: 'Resources > Conventions',
  rules: ['ENVELOPE-1', 'ENVELOPE-2', 'ENVELOPE-3'],
  long: true, // many paced reads of the target's resources
  async run(ctx: CheckContext) {
    const tally = { fields: 0 };
    // Every item of every collection and singleton (lists in one page of the maximum size).
    for (const route of GET_COLLECTION_ROUTES) {
      const list = LIST_ENDPOINTS.some((l) => l.path === route.path);
      const res = await ctx.http.request({
        path: route.path,
        key: 'enterpriseLive',
        ...(list ? { query: { limit: MAX_LIMIT } } : {}),
      });
      const body = ctx.expectSuccessEnvelope(res, 200);
      expectConventions(ctx, route.path, `GET ${route.path}`, body.data, res.exchange, tally);
    }

    // The by-id endpoints: a property over the target's own ids (the invoice PDF is binary and landlord-limited).
    const routes = GET_BY_ID_ROUTES.filter((r) => !r.landlordLimited);
    const ids = new Map<string, string[]>();
    for (const from of new Set(routes.map((r) => r.idsFrom)))
      ids.set(from, await listIds(ctx, from, 'enterpriseLive', 50));
    // A portfolio with nothing to read by id (an empty one): a property of the check's own.
    if ([...ids.values()].every((list) => list.length === 0))
      ids.set('/properties', [String((await createOwnProperty(ctx, 'enterpriseLive', 'conventions')).id)]);
    const usable = routes.filter((r) => (ids.get(r.idsFrom) ?? []).length > 0);
    if (usable.length === 0) ctx.skip('the target has no properties, contracts or tenants to read by id');
    let reads = 0;
    await ctx.property(
      'every field of a by-id answer follows the conventions',
      fc.record({ route: fc.constantFrom(...usable), index: fc.nat() }),
      async ({ route, index }) => {
        const list = ids.get(route.idsFrom) as string[];
        const id = list[index % list.length];
        const res = await ctx.http.request({ path: fillPath(route.path, { id }), key: 'enterpriseLive' });
        const body = ctx.expectSuccessEnvelope(res, 200);
        expectConventions(ctx, route.path, `GET ${route.path} (${id})`, body.data, res.exchange, tally);
        reads++;
      },
      { numRuns: 20 },
    );
    ctx.note(
      `${GET_COLLECTION_ROUTES.length} collections and ${reads} by-id answers: ${tally.fields} listed id, date and timestamp fields all follow the conventions`,
    );
  },
});
