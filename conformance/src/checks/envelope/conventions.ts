// Resources and their fields, "Conventions: ids are UUID strings; dates are `YYYY-MM-DD`; timestamps are ISO 8601
// date-times." Which fields are ids, dates and timestamps is read from the field NAMES, in the classes the spec's
// own resource shapes use (never from a deployment's schema):
//   ids         `id` (Property, Contract, compliance properties[].id, the DELETE answers), `…Id` (Contract
//               propertyId / mainTenantId, Rent tenantId / contractId, Handbook and compliance propertyId) and the
//               catalogue's `…_id`; `…Ids` / `…_ids` are arrays of ids (Contract additionalTenantIds, property_ids)
//   dates       `date` (calendar items), `…Date` (document expiryDate, compliance dueDate, handbook readingDate),
//               `date…` (rent datePaid), the four renewal fields (gscRenewal, …: "dates"), the catalogue's `…_date`
//   timestamps  `…At` (compliance generatedAt, a date-time) and the catalogue's `…_at` (created_at, uploaded_at, …)
// A reference, date or timestamp may be null (the spec has nullable dates and optional references); an `id` may not.
// Every field of every item, nested objects and arrays included, of every GET endpoint is held to these classes.

import fc from 'fast-check';
import type { RecordedExchange } from '../../model';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { isDateTime, isIsoDate } from '../shared/dates';
import { GET_BY_ID_ROUTES, GET_COLLECTION_ROUTES, LIST_ENDPOINTS } from '../shared/spec';
import { createOwnProperty, fillPath, isRecord, listIds, UUID } from '../shared/util';

type FieldClass = 'id' | 'reference' | 'idList' | 'date' | 'timestamp';

const RULE_OF: Readonly<Record<FieldClass, string>> = {
  id: 'ENVELOPE-1',
  reference: 'ENVELOPE-1',
  idList: 'ENVELOPE-1',
  date: 'ENVELOPE-2',
  timestamp: 'ENVELOPE-3',
};

const RENEWALS = new Set(['gscRenewal', 'eicrRenewal', 'epcRenewal', 'landlordLicenceRenewal']);

/** The convention a field name puts its value under, if any (see the header for where each pattern comes from). */
export function fieldClass(name: string): FieldClass | undefined {
  if (name === 'id') return 'id';
  if (/[a-z0-9]Ids$/.test(name) || /._ids$/.test(name)) return 'idList';
  if (/[a-z0-9]Id$/.test(name) || /._id$/.test(name)) return 'reference';
  if (
    name === 'date' ||
    /[a-z0-9]Date$/.test(name) ||
    /^date[A-Z]/.test(name) ||
    /._date$/.test(name) ||
    RENEWALS.has(name)
  )
    return 'date';
  if (/[a-z0-9]At$/.test(name) || /._at$/.test(name)) return 'timestamp';
  return undefined;
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

/** Every field of `value` (walked to the leaves) that breaks its convention; `fields` counts the fields held to one. */
export function conventionProblems(
  value: unknown,
  path: string,
  out: { problems: ConventionProblem[]; fields: number },
): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => conventionProblems(v, `${path}[${i}]`, out));
    return;
  }
  if (!isRecord(value)) return;
  for (const [name, v] of Object.entries(value)) {
    const cls = fieldClass(name);
    if (cls) {
      out.fields++;
      const problem = problemWith(cls, v);
      if (problem) out.problems.push({ rule: RULE_OF[cls], path: `${path}.${name}`, value: v, problem });
    }
    if (typeof v === 'object' && v !== null) conventionProblems(v, `${path}.${name}`, out);
  }
}

const EXPECTED =
  'every field named like an id (`id`, `…Id`, `…_id`) a UUID string and every `…Ids` an array of them; every date field (`date`, `…Date`, `date…`, the renewal fields) YYYY-MM-DD; every timestamp field (`…At`, `…_at`) an ISO 8601 date-time (references, dates and timestamps may be null)';

function expectConventions(
  ctx: CheckContext,
  what: string,
  data: unknown,
  exchange: RecordedExchange,
  tally: { fields: number },
): void {
  const out = { problems: [] as ConventionProblem[], fields: 0 };
  conventionProblems(data, 'data', out);
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
    'On every GET endpoint, every field named like an id is a UUID string, every date field is YYYY-MM-DD and every timestamp field an ISO 8601 date-time',
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
      expectConventions(ctx, `GET ${route.path}`, body.data, res.exchange, tally);
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
        expectConventions(ctx, `GET ${route.path} (${id})`, body.data, res.exchange, tally);
        reads++;
      },
      { numRuns: 20 },
    );
    ctx.note(
      `${GET_COLLECTION_ROUTES.length} collections and ${reads} by-id answers: ${tally.fields} id, date and timestamp fields all follow the conventions`,
    );
  },
});
