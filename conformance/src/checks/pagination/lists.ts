// Endpoints: `page`, `limit` (max 500) and the filters of every list endpoint of the spec, table-driven over
// LIST_ENDPOINTS so an endpoint is covered as soon as it appears. Defaults and minimums of page and limit are
// "not shown" (ENDPOINTS-9): nothing here sends page or limit below 1 or asserts what an omitted one means.

import fc from 'fast-check';
import { boundedTextArb, notUuidArb, outOfBoundsTextArb, SEARCH_LENGTH, uuidArb } from '../../generators';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { LIMIT_MAX, SEARCH_MAX } from '../../rules';
import { LIST_ENDPOINTS, type ListEndpoint, type ListFilter } from '../shared/spec';
import { addDays, utcDate } from '../shared/dates';
import { carries } from '../shared/carries';
import { getList, isInt, isRecord, isSuiteData, listIds, type Json, type ListPage } from '../shared/util';
import { readName } from '../shared/unnamed';

const GROUP = 'Endpoints';
const KEY = 'enterpriseLive';
/**
 * The same landlord's read_only key: a check that only reads spends its own per-key budget (rate limits are per
 * key) instead of the one most checks share, so the quick profile is not stretched by the suite's own pacing.
 */
const READER = 'enterpriseReadOnly';

/**
 * The list endpoints to page through: every "full" one (meta required), and each "named" one whose answer
 * carries `meta` (its parameters are not shown; with meta it presents itself as a paginated list).
 */
async function paginatedEndpoints(ctx: CheckContext): Promise<{ endpoints: ListEndpoint[]; unpaginated: string[] }> {
  const endpoints: ListEndpoint[] = [];
  const unpaginated: string[] = [];
  for (const endpoint of LIST_ENDPOINTS) {
    const page = await getList(ctx, endpoint.path, KEY, {}, { rules: endpoint.listRules });
    if (page.meta === undefined) {
      if (endpoint.detail === 'full')
        ctx.fail(
          `GET ${endpoint.path} to answer meta { page, limit, total }`,
          `no meta: ${page.res.text.slice(0, 200)}`,
          page.res.exchange,
          { rules: ['ENDPOINTS-7', ...endpoint.listRules] },
        );
      unpaginated.push(endpoint.path);
      continue;
    }
    endpoints.push(endpoint);
  }
  return { endpoints, unpaginated };
}

function metaInt(ctx: CheckContext, page: ListPage, field: 'page' | 'limit' | 'total'): number {
  const value = page.meta?.[field];
  ctx.expect(
    isInt(value),
    `meta.${field} to be an integer`,
    () => `meta is ${describeValue(page.meta)}`,
    page.res.exchange,
    { rules: ['ENDPOINTS-7', 'ENVELOPE-5'] },
  );
  return value;
}

export const limitAbove500RejectedAnd500Accepted = defineCheck({
  id: 'pagination.limitAbove500RejectedAnd500Accepted',
  title: 'On every list endpoint, limit=501 answers 400 VALIDATION_ERROR and limit=500 is accepted',
  group: GROUP,
  rules: ['LIMIT-3', 'ENDPOINTS-6', 'ERR-VALIDATION_ERROR'],
  async run(ctx: CheckContext) {
    const { endpoints, unpaginated } = await paginatedEndpoints(ctx);
    for (const endpoint of endpoints) {
      const over = await ctx.http.request({ path: endpoint.path, key: KEY, query: { limit: LIMIT_MAX + 1 } });
      ctx.expectErrorEnvelope(over, 400, 'VALIDATION_ERROR');
      const max = await getList(ctx, endpoint.path, KEY, { limit: LIMIT_MAX });
      ctx.expect(
        metaInt(ctx, max, 'limit') === LIMIT_MAX,
        `meta.limit ${LIMIT_MAX} for limit=${LIMIT_MAX} on ${endpoint.path}`,
        () => describeValue(max.meta),
        max.res.exchange,
      );
      ctx.expect(max.items.length <= LIMIT_MAX, `at most ${LIMIT_MAX} items`, `${max.items.length}`, max.res.exchange);
    }
    ctx.note(
      `${endpoints.length} list endpoints: limit=501 → 400 VALIDATION_ERROR, limit=500 → 200${unpaginated.length ? `; without meta, so not paginated: ${unpaginated.join(', ')}` : ''}`,
    );
  },
});

// ---- query values, property-based ---------------------------------------------------------------------------

type QueryCase =
  | {
      readonly valid: true;
      readonly label: string;
      readonly query: Record<string, string | number>;
      readonly page?: number;
      readonly limit?: number;
    }
  | { readonly valid: false; readonly label: string; readonly query: Record<string, string | number> };

const BAD_INTEGERS = ['abc', '1.5', '5e2x', '12abc', '1,5', '--1', 'one'];
const BAD_ENUM = ['Bogus', 'xyz', 'ACTIVE_NOT', '0', 'Active,Pending,Nope'];

/**
 * Strings that are no UUID in any spelling. 32 hex digits without hyphens, or a UUID in braces, are UUIDs in some
 * notations; whether a deployment must refuse them is not said, so they are left out.
 */
export function notUuidLikeArb(): fc.Arbitrary<string> {
  return notUuidArb().filter(
    (s) => !/^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i.test(s),
  );
}

function filterCaseArb(filter: ListFilter): fc.Arbitrary<QueryCase> {
  switch (filter.type) {
    case 'enum':
      return fc.oneof(
        fc
          .constantFrom(...(filter.values ?? []))
          .map((v): QueryCase => ({ valid: true, label: `${filter.param}=${v}`, query: { [filter.param]: v } })),
        fc
          .constantFrom(...BAD_ENUM)
          .filter((v) => !(filter.values ?? []).includes(v))
          .map((v): QueryCase => ({ valid: false, label: `${filter.param}=${v}`, query: { [filter.param]: v } })),
      );
    case 'id': {
      const valid = uuidArb().map((v): QueryCase => ({
        valid: true,
        label: `${filter.param}=<uuid>`,
        query: { [filter.param]: v },
      }));
      // Parameters of "named" endpoints are not shown (OTHER-11: acceptance only): no invalid values for them.
      if (filter.acceptanceOnly) return valid;
      return fc.oneof(
        valid,
        notUuidLikeArb().map((v): QueryCase => ({
          valid: false,
          label: `${filter.param}=<not a uuid>`,
          query: { [filter.param]: v },
        })),
      );
    }
    case 'search':
      return fc.oneof(
        boundedTextArb(SEARCH_LENGTH).map((v): QueryCase => ({
          valid: true,
          label: `${filter.param}=<${v.length} chars>`,
          query: { [filter.param]: v },
        })),
        outOfBoundsTextArb(SEARCH_LENGTH).map((v): QueryCase => ({
          valid: false,
          label: `${filter.param}=<${v.length} chars>`,
          query: { [filter.param]: v },
        })),
      );
  }
}

function queryCaseArb(endpoint: ListEndpoint): fc.Arbitrary<QueryCase> {
  const paging = fc
    .record({
      page: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      limit: fc.option(fc.integer({ min: 1, max: LIMIT_MAX }), { nil: undefined }),
    })
    .map(({ page, limit }): QueryCase => ({
      valid: true,
      label: `page=${page ?? '-'} limit=${limit ?? '-'}`,
      query: { ...(page !== undefined ? { page } : {}), ...(limit !== undefined ? { limit } : {}) },
      ...(page !== undefined ? { page } : {}),
      ...(limit !== undefined ? { limit } : {}),
    }));
  const badLimit = fc
    .oneof(fc.integer({ min: LIMIT_MAX + 1, max: 1_000_000 }).map(String), fc.constantFrom(...BAD_INTEGERS))
    .map((v): QueryCase => ({ valid: false, label: `limit=${v}`, query: { limit: v } }));
  const badPage = fc
    .constantFrom(...BAD_INTEGERS)
    .map((v): QueryCase => ({ valid: false, label: `page=${v}`, query: { page: v } }));
  const filters = endpoint.filters.map(filterCaseArb);
  return fc.oneof(paging, badLimit, badPage, ...filters);
}

export const queryValuesValidatedOnEveryListEndpoint = defineCheck({
  id: 'pagination.queryValuesValidatedOnEveryListEndpoint',
  title:
    'On every list endpoint, valid page/limit/filter values answer 200 with meta, invalid ones 400 VALIDATION_ERROR, never a 5xx (property-based)',
  group: GROUP,
  rules: [
    'ENDPOINTS-5',
    'ENDPOINTS-6',
    'LIMIT-3',
    'LIMIT-4',
    'ERR-VALIDATION_ERROR',
    'PROP-4',
    'CONTRACT-6',
    'RENT-GET-4',
    'CAL-3',
    'CAL-10',
    'OTHER-11',
  ],
  long: true, // many paced reads of the target's lists
  async run(ctx: CheckContext) {
    const { endpoints } = await paginatedEndpoints(ctx);
    const arb = fc.constantFrom(...endpoints).chain((endpoint) => queryCaseArb(endpoint).map((c) => ({ endpoint, c })));
    let valid = 0;
    let invalid = 0;
    await ctx.property(
      'valid query → 200 list with meta; invalid → 400 VALIDATION_ERROR',
      arb,
      async ({ endpoint, c }) => {
        const res = await ctx.http.request({ path: endpoint.path, key: KEY, query: c.query });
        const rules = {
          rules: [...(c.valid ? endpoint.listRules : endpoint.invalidQueryRules), 'ENDPOINTS-5', 'ENDPOINTS-6'],
        };
        ctx.expect(
          res.status < 500,
          `no 5xx for GET ${endpoint.path} ${c.label}`,
          () => `${res.status} ${res.text.slice(0, 200)}`,
          res.exchange,
          rules,
        );
        if (!c.valid) {
          invalid++;
          ctx.expectErrorEnvelope(res, 400, 'VALIDATION_ERROR', rules);
          return;
        }
        valid++;
        ctx.expect(
          res.status === 200,
          `200 for GET ${endpoint.path} ${c.label}`,
          () => `${res.status} ${res.text.slice(0, 200)}`,
          res.exchange,
          rules,
        );
        const body = ctx.expectSuccessEnvelope(res, 200, rules);
        ctx.expect(
          Array.isArray(body.data) && isRecord(body.meta),
          `{ data: [...], meta } for GET ${endpoint.path} ${c.label}`,
          () => describeValue(body),
          res.exchange,
          rules,
        );
        const meta = body.meta;
        if (c.page !== undefined)
          ctx.expect(meta.page === c.page, `meta.page ${c.page}`, () => describeValue(meta), res.exchange, rules);
        if (c.limit !== undefined) {
          ctx.expect(meta.limit === c.limit, `meta.limit ${c.limit}`, () => describeValue(meta), res.exchange, rules);
          ctx.expect(
            (body.data as unknown[]).length <= c.limit,
            `at most ${c.limit} items`,
            `${(body.data as unknown[]).length} items`,
            res.exchange,
            rules,
          );
        }
      },
      { numRuns: 50 },
    );
    ctx.note(
      `${endpoints.length} list endpoints, ${valid} valid and ${invalid} invalid queries answered as the spec says`,
    );
  },
});

// ---- pages partition the list ----------------------------------------------------------------------------

function identity(item: Json): string {
  return typeof item.id === 'string' ? item.id : JSON.stringify(item);
}

/** At most this many pages are walked per endpoint (the page size grows with the list). */
const MAX_PAGES = 6;

export const pagesPartitionEveryList = defineCheck({
  id: 'pagination.pagesPartitionEveryList',
  title:
    'Walking any list page by page with a small limit yields the whole list once: no duplicates, nothing missing, total stable',
  group: GROUP,
  rules: ['ENDPOINTS-5', 'ENDPOINTS-7', 'ENVELOPE-5'],
  long: true, // many paced reads of the target's lists
  async run(ctx: CheckContext) {
    const { endpoints } = await paginatedEndpoints(ctx);
    let walked = 0;
    let unsettled = 0;
    await ctx.property(
      'the pages of a list partition it',
      fc.record({ endpoint: fc.constantFrom(...endpoints), small: fc.integer({ min: 1, max: 10 }) }),
      async ({ endpoint, small }) => {
        let problem: { expected: string; got: string; page: ListPage } | undefined;
        let moved = false;
        // Other checks may add or delete their own data meanwhile (the access matrix's sandbox writes need a property
        // of this landlord): a walk whose total moved is repeated. Only a list that holds still and still does not
        // partition fails.
        for (let attempt = 0; attempt < 6; attempt++) {
          problem = undefined;
          const full = await getList(
            ctx,
            endpoint.path,
            KEY,
            { page: 1, limit: LIMIT_MAX },
            { rules: endpoint.listRules },
          );
          const total = metaInt(ctx, full, 'total');
          const limit = Math.max(small, Math.ceil(Math.min(total, LIMIT_MAX) / MAX_PAGES));
          const pages = Math.max(1, Math.ceil(Math.min(total, LIMIT_MAX) / limit));
          const seen = new Map<string, number>();
          moved = false;
          for (let p = 1; p <= pages + (total <= LIMIT_MAX ? 1 : 0) && !problem; p++) {
            const page = await getList(ctx, endpoint.path, KEY, { page: p, limit }, { rules: endpoint.listRules });
            const pageTotal = metaInt(ctx, page, 'total');
            if (pageTotal !== total) {
              // Moved data or a total that depends on the page? Read both again: the data moved when page 1 no
              // longer says what it said or page p now agrees; a page 1 and a page p still disagreeing are one
              // state with two totals.
              const again = metaInt(
                ctx,
                await getList(ctx, endpoint.path, KEY, { page: 1, limit: LIMIT_MAX }, { rules: endpoint.listRules }),
                'total',
              );
              const pageAgain = metaInt(
                ctx,
                await getList(ctx, endpoint.path, KEY, { page: p, limit }, { rules: endpoint.listRules }),
                'total',
              );
              moved = again !== total || pageAgain === total;
              problem = {
                expected: `meta.total ${total} on every page of ${endpoint.path}`,
                got: moved
                  ? `page ${p} says ${pageTotal}`
                  : `page ${p} says ${pageTotal} (twice) while page 1 says ${total} (twice)`,
                page,
              };
              break;
            }
            const expectedLength = Math.max(0, Math.min(limit, total - (p - 1) * limit));
            if (page.items.length !== expectedLength) {
              problem = {
                expected: `${expectedLength} items on page ${p} of ${endpoint.path} (total ${total}, limit ${limit})`,
                got: `${page.items.length}`,
                page,
              };
              break;
            }
            for (const item of page.items) {
              const id = identity(item);
              if (seen.has(id)) {
                problem = {
                  expected: `each item of ${endpoint.path} on exactly one page (limit ${limit})`,
                  got: `${id} on pages ${seen.get(id)} and ${p}`,
                  page,
                };
                break;
              }
              seen.set(id, p);
            }
          }
          if (!problem && total <= LIMIT_MAX) {
            const wanted = full.items.filter((i) => !isSuiteData(i)).map(identity);
            const missing = wanted.filter((id) => !seen.has(id));
            if (missing.length)
              problem = {
                expected: `the pages of ${endpoint.path} (limit ${limit}) to hold every item of the full list`,
                got: `missing ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
                page: full,
              };
          }
          if (!problem || !moved) break;
        }
        // A list other checks kept writing to through every attempt was never seen holding still: no verdict on it.
        if (problem && moved) {
          unsettled++;
          return;
        }
        if (problem) ctx.fail(problem.expected, problem.got, problem.page.res.exchange);
        walked++;
      },
      { numRuns: 10 },
    );
    if (walked === 0) ctx.skip(`every list walked kept moving under concurrent writes (${unsettled} walks)`);
    ctx.note(
      `${walked} walks over ${endpoints.length} list endpoints: the pages partition each list` +
        (unsettled ? `; ${unsettled} walks kept moving under concurrent writes and were not judged` : ''),
    );
  },
});

export const contractsHasNextPageMatchesTotal = defineCheck({
  id: 'pagination.contractsHasNextPageMatchesTotal',
  title: 'On contract lists, meta.hasNextPage is exactly page × limit < total (property-based)',
  group: GROUP,
  rules: ['ENDPOINTS-8', 'CONTRACT-1'],
  async run(ctx: CheckContext) {
    const endpoints = LIST_ENDPOINTS.filter((e) => e.hasNextPage);
    const first = await getList(ctx, '/contracts', KEY, { limit: 1 }, { rules: ['CONTRACT-1'] });
    const total = metaInt(ctx, first, 'total');
    await ctx.property(
      'hasNextPage == page*limit < total',
      fc.record({
        endpoint: fc.constantFrom(...endpoints),
        limit: fc.integer({ min: 1, max: Math.max(2, Math.ceil(total / 2) + 1) }),
        pageShift: fc.integer({ min: 0, max: 2 }),
      }),
      async ({ endpoint, limit, pageShift }) => {
        // Pages around the last one are the interesting ones.
        const last = Math.max(1, Math.ceil(total / limit));
        const page = Math.max(1, last - 1 + pageShift);
        const res = await getList(ctx, endpoint.path, KEY, { page, limit });
        const t = metaInt(ctx, res, 'total');
        const expected = page * limit < t;
        ctx.expect(
          res.meta?.hasNextPage === expected,
          `meta.hasNextPage ${expected} for page ${page}, limit ${limit}, total ${t}`,
          () => describeValue(res.meta),
          res.res.exchange,
        );
      },
      { numRuns: 15 },
    );
    ctx.note(`15 page/limit pairs around the last page of ${total} contracts: hasNextPage consistent`);
  },
});

// ---- filters hold on every item --------------------------------------------------------------------------

/** What one filter of a case draws: where its value comes from. */
interface FilterDraw {
  readonly pick: number;
  readonly cut: readonly [number, number];
  readonly caseBits: readonly boolean[];
  readonly unknown: boolean;
  readonly randomId: string;
}

/**
 * One filtered list: one or more of an endpoint's filters at once, their values drawn apart or (anchored) all from
 * one item, so that a combination has matches to return and a deployment that drops a filter shows it.
 */
interface FilterCase {
  readonly endpoint: ListEndpoint;
  readonly filters: readonly ListFilter[];
  readonly draws: readonly FilterDraw[];
  readonly anchor: number | null;
}

/** A filter with its value, and what the items it returns must satisfy. */
interface AppliedFilter {
  readonly value: string;
  readonly holds: (item: Json) => boolean;
  /** Its items can be compared with the full list (the field is named, so `holds` is the filter exactly). */
  readonly comparable: boolean;
  /** An item for which `holds` is true must come back (false when the field is not known at all). */
  readonly includes: boolean;
}

/**
 * The item field a search filter is about: named by the spec, or, for one the spec does not name (the tenancy
 * reference), the target's name for it or the one the deployment showed back (../shared/unnamed.ts).
 */
function searchField(ctx: CheckContext, filter: ListFilter): string | undefined {
  if (filter.field !== undefined) return filter.field;
  return filter.unnamed ? readName(ctx, filter.unnamed.resource, filter.unnamed.field) : undefined;
}

/** The landlord's property ids (the ids a `carries` filter takes: the calendar's `propertyId`). */
async function propertyIds(ctx: CheckContext): Promise<string[]> {
  return listIds(ctx, '/properties', KEY, 500);
}

function mixCase(text: string, bits: readonly boolean[]): string {
  return Array.from(text, (ch, i) => (bits[i % Math.max(1, bits.length)] ? ch.toUpperCase() : ch.toLowerCase())).join(
    '',
  );
}

const stringAt = (item: Json | undefined, field: string | undefined): string | undefined =>
  item !== undefined && field !== undefined && typeof item[field] === 'string' ? item[field] : undefined;

/** A value for `filter` (from `anchor` when it has one), among the landlord's items `items`. */
async function applyFilter(
  ctx: CheckContext,
  filter: ListFilter,
  draw: FilterDraw,
  items: readonly Json[],
  anchor: Json | undefined,
): Promise<AppliedFilter> {
  const { pick, cut, caseBits, unknown, randomId } = draw;
  if (filter.type === 'enum') {
    const values = filter.values ?? [];
    const own = stringAt(anchor, filter.field);
    const value = own !== undefined && values.includes(own) ? own : values[pick % values.length];
    return { value, holds: (item) => item[filter.field as string] === value, comparable: true, includes: true };
  }
  if (filter.type === 'id') {
    const field = filter.field;
    if (field !== undefined) {
      const known = [...new Set(items.map((i) => stringAt(i, field)).filter((v) => v !== undefined))];
      // Sometimes an id the landlord does not have: nothing may match.
      const value = unknown || known.length === 0 ? randomId : (stringAt(anchor, field) ?? known[pick % known.length]);
      return { value, holds: (item) => item[field] === value, comparable: true, includes: true };
    }
    // The field's name is not given (events "may carry a property id"): ids of the landlord's properties that some
    // item (the anchor, when there is one) carries anywhere, and the items must carry the id somewhere.
    const carried = (await propertyIds(ctx)).filter((id) =>
      anchor !== undefined ? carries(anchor, id) : items.some((i) => carries(i, id)),
    );
    const value = unknown || carried.length === 0 ? randomId : carried[pick % carried.length];
    return { value, holds: (item) => carries(item, value), comparable: false, includes: true };
  }
  const field = searchField(ctx, filter);
  const sources = items
    .map((i) => stringAt(i, field))
    .filter((v): v is string => v !== undefined && v.trim().length > 0);
  if (field === undefined || sources.length === 0)
    return { value: 'a', holds: () => true, comparable: false, includes: false };
  const own = stringAt(anchor, field);
  const source = own !== undefined && own.trim().length > 0 ? own : sources[pick % sources.length];
  const a = cut[0] % source.length;
  const b = a + 1 + (cut[1] % Math.min(SEARCH_LENGTH.maxLength, source.length - a));
  // Edge whitespace may be trimmed by a deployment; keep the term free of it.
  return searchFor(field, mixCase(source.slice(a, b).trim() || source.trim().slice(0, 1), caseBits));
}

/** A search term on `field`: "case-insensitive contains". */
function searchFor(field: string, value: string): AppliedFilter {
  const needle = value.toLowerCase();
  return {
    value,
    holds: (item) => typeof item[field] === 'string' && item[field].toLowerCase().includes(needle),
    comparable: true,
    includes: true,
  };
}

type FullList = { items: Json[]; complete: boolean };

/**
 * GET the list with the filters applied, and hold its answer to them: no item failing one, and (when the full list
 * is complete and every field named) exactly the full list's items that satisfy all; when a field is not named, an
 * item satisfying all must come back. A mismatch is read again once against a fresh full list (other clients).
 */
async function judgeFiltered(
  ctx: CheckContext,
  endpoint: ListEndpoint,
  filters: readonly ListFilter[],
  applied: readonly AppliedFilter[],
  fulls: Map<string, FullList>,
): Promise<void> {
  const full = fulls.get(endpoint.path) as FullList;
  const items = full.items.filter((i) => !isSuiteData(i));
  const query = Object.fromEntries(filters.map((f, i) => [f.param, applied[i].value]));
  const rules = [...new Set(filters.flatMap((f) => f.rules))];
  const where = `GET ${endpoint.path}?${new URLSearchParams(query).toString()}`;
  const every = filters.length > 1 ? 'every filter given' : 'the filter';
  const holds = (item: Json): boolean => applied.every((a) => a.holds(item));
  const comparable = full.complete && applied.every((a) => a.comparable);
  /** When a field is not named: an item that carries every value must come back. */
  const mustInclude = !comparable && applied.every((a) => a.includes) ? items.find((item) => holds(item)) : undefined;
  const res = await getList(ctx, endpoint.path, KEY, { ...query, limit: LIMIT_MAX }, { rules });
  if (filters.some((f) => f.acceptanceOnly)) return;
  const wrong = res.items.find((item) => !holds(item));
  ctx.expect(
    wrong === undefined,
    `every item of ${where} to satisfy ${every}`,
    () => `an item that does not: ${describeValue(wrong)}`,
    res.res.exchange,
    { rules },
  );
  if (mustInclude !== undefined) {
    const wantedId = identity(mustInclude);
    ctx.expect(
      res.items.some((i) => identity(i) === wantedId),
      `${where} to include ${wantedId}, which satisfies ${every}`,
      `${res.items.length} items without it`,
      res.res.exchange,
      { rules },
    );
  }
  if (!comparable) return;
  const compare = (
    pool: readonly Json[],
    filtered: ListPage,
  ): { missing: string[]; extra: string[]; got: Set<string>; expected: string[] } => {
    const got = new Set(filtered.items.filter((i) => !isSuiteData(i)).map(identity));
    const expected = pool
      .filter((i) => !isSuiteData(i))
      .filter(holds)
      .map(identity);
    return {
      got,
      expected,
      missing: expected.filter((id) => !got.has(id)),
      extra: [...got].filter((id) => !expected.includes(id)),
    };
  };
  let outcome = compare(items, res);
  let shown = res;
  if (outcome.missing.length > 0 || outcome.extra.length > 0) {
    // Other clients (or other checks' own data without a marker) may have changed the list meanwhile: look again.
    const fresh = await getList(ctx, endpoint.path, KEY, { limit: LIMIT_MAX });
    fulls.set(endpoint.path, { items: [...fresh.items], complete: metaInt(ctx, fresh, 'total') <= LIMIT_MAX });
    shown = await getList(ctx, endpoint.path, KEY, { ...query, limit: LIMIT_MAX }, { rules });
    outcome = compare(fresh.items, shown);
  }
  ctx.expect(
    outcome.missing.length === 0 && outcome.extra.length === 0,
    `${where} to return exactly the ${outcome.expected.length} items of the full list that satisfy ${every}`,
    `${outcome.got.size} items; missing ${outcome.missing.slice(0, 3).join(', ') || 'none'}; not in the full list ${outcome.extra.slice(0, 3).join(', ') || 'none'}`,
    shown.res.exchange,
    { rules },
  );
}

/**
 * A filter's value taken from an item (a search, the first three characters of its field, which other items share
 * more often than the whole; or, `whole`, the field up to the search's 200 characters, which few others contain),
 * or undefined when it has none.
 */
function exactFilter(ctx: CheckContext, filter: ListFilter, item: Json, whole = false): AppliedFilter | undefined {
  const field = filter.type === 'search' ? searchField(ctx, filter) : filter.field;
  const own = stringAt(item, field);
  if (field === undefined || own === undefined || own.trim().length === 0) return undefined;
  if (filter.type === 'enum' && !(filter.values ?? []).includes(own)) return undefined;
  if (filter.type !== 'search') return { value: own, holds: (i) => i[field] === own, comparable: true, includes: true };
  return searchFor(field, whole ? own.trim().slice(0, SEARCH_MAX) : own.trim().slice(0, 3).trim());
}

/**
 * Every ordered pair of a list's filters (f, g), where the data allows: the values of one item, and another item
 * that satisfies g but not f, so a deployment that drops f when g comes with it returns that item. The random cases
 * reach a pair by chance; these reach each one every run.
 */
async function judgePairs(ctx: CheckContext, endpoints: readonly ListEndpoint[], fulls: Map<string, FullList>) {
  let judged = 0;
  const unmet: string[] = [];
  for (const endpoint of endpoints) {
    if (endpoint.filters.length < 2 || endpoint.filters.some((f) => f.acceptanceOnly)) continue;
    const items = (fulls.get(endpoint.path) as FullList).items.filter((i) => !isSuiteData(i));
    for (const f of endpoint.filters)
      for (const g of endpoint.filters) {
        if (f === g) continue;
        const witnessed = (whole: boolean): [AppliedFilter, AppliedFilter] | undefined => {
          for (const anchor of items) {
            const af = exactFilter(ctx, f, anchor, whole);
            const ag = exactFilter(ctx, g, anchor, whole);
            if (af && ag && items.some((w) => ag.holds(w) && !af.holds(w))) return [af, ag];
          }
          return undefined;
        };
        // A search of three characters that every item shares admits no witness; the whole field may.
        const pair = witnessed(false) ?? witnessed(true);
        if (!pair) {
          unmet.push(`${endpoint.path} ${f.param} with ${g.param}`);
          continue;
        }
        await judgeFiltered(ctx, endpoint, [f, g], pair, fulls);
        judged++;
      }
  }
  return { judged, unmet };
}

const filterDrawArb = (filter: ListFilter): fc.Arbitrary<FilterDraw> =>
  fc.record({
    pick: fc.nat(),
    cut: fc.tuple(fc.nat(), fc.nat()),
    caseBits: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
    unknown: fc.integer({ min: 0, max: 3 }).map((n) => n === 0 && filter.type === 'id'),
    randomId: uuidArb(),
  });

export const filtersHoldOnEveryItem = defineCheck({
  id: 'pagination.filtersHoldOnEveryItem',
  title:
    'Every list filter of the spec (status, ids, search), alone and together with the others of its list, returns exactly the items that satisfy each of them (property-based)',
  group: GROUP,
  rules: [
    'PROP-2',
    'PROP-3',
    'CONTRACT-2',
    'CONTRACT-3',
    'CONTRACT-4',
    'CONTRACT-5',
    'RENT-GET-2',
    'RENT-GET-3',
    'CAL-7',
    'OVERVIEW-10',
    'LIMIT-4',
  ],
  long: true, // many paced reads of the target's lists
  async run(ctx: CheckContext) {
    const { endpoints } = await paginatedEndpoints(ctx);
    const withFilters = endpoints.filter((e) => e.filters.length > 0);
    const fulls = new Map<string, FullList>();
    for (const endpoint of withFilters) {
      const full = await getList(ctx, endpoint.path, KEY, { limit: LIMIT_MAX });
      fulls.set(endpoint.path, { items: [...full.items], complete: metaInt(ctx, full, 'total') <= LIMIT_MAX });
    }
    const pairs = await judgePairs(ctx, withFilters, fulls);
    const arb = fc
      .constantFrom(...withFilters)
      .chain((endpoint) =>
        fc.record({
          endpoint: fc.constant(endpoint),
          // Filters the spec only names ("filters conversationId or propertyId", checked for acceptance) may
          // exclude each other: they go one at a time; the filters of the spec's tables, together as well.
          filters: endpoint.filters.some((f) => f.acceptanceOnly)
            ? fc.constantFrom(...endpoint.filters).map((f) => [f])
            : fc.subarray([...endpoint.filters], { minLength: 1 }),
          anchor: fc.option(fc.nat(), { nil: null }),
        }),
      )
      .chain(({ endpoint, filters, anchor }) =>
        fc.record({
          endpoint: fc.constant(endpoint),
          filters: fc.constant(filters),
          draws: fc.tuple(...filters.map(filterDrawArb)),
          anchor: fc.constant(anchor),
        }),
      );
    let checked = 0;
    let combined = 0;
    await ctx.property(
      'filtered list = the items of the full list that satisfy every filter given',
      arb,
      async ({ endpoint, filters, draws, anchor }: FilterCase) => {
        const full = fulls.get(endpoint.path) as FullList;
        const items = full.items.filter((i) => !isSuiteData(i));
        const anchorItem = anchor === null || items.length === 0 ? undefined : items[anchor % items.length];
        const applied: AppliedFilter[] = [];
        for (const [i, filter] of filters.entries())
          applied.push(await applyFilter(ctx, filter, draws[i], items, anchorItem));
        await judgeFiltered(ctx, endpoint, filters, applied, fulls);
        checked++;
        if (filters.length > 1) combined++;
      },
      { numRuns: 40 },
    );
    ctx.note(
      `${checked} filtered lists over ${withFilters.length} endpoints (${combined} with two filters or more), and ${pairs.judged} pairs of filters each with an item only one of them admits: every item satisfies its filters and none is missing${pairs.unmet.length > 0 ? `; no such item for ${pairs.unmet.join(', ')}` : ''}`,
    );
  },
});

// ---- meta.total of filtered lists ----------------------------------------------------------------------------

interface FilteredQuery {
  readonly endpoint: ListEndpoint;
  readonly query: Readonly<Record<string, string>>;
  readonly rules: readonly string[];
}

/** A term no item contains (a filtered list that matches nothing must say total 0). */
function noMatchTerm(ctx: CheckContext): string {
  return `zq-no-match-${ctx.runId.replace(/[^a-z0-9]/gi, '').slice(-12)}`;
}

/**
 * The filtered and searched queries of every list: each enum value, a known and an unknown id, a substring of an
 * item's searched field and a term nothing contains; on /events also a from/to window and type filters (CAL-4…9).
 */
async function filteredQueries(ctx: CheckContext, endpoints: readonly ListEndpoint[]): Promise<FilteredQuery[]> {
  const queries: FilteredQuery[] = [];
  for (const endpoint of endpoints) {
    if (endpoint.filters.length === 0) continue;
    const items = (await getList(ctx, endpoint.path, KEY, { limit: LIMIT_MAX })).items.filter((i) => !isSuiteData(i));
    for (const filter of endpoint.filters) {
      const add = (value: string): void => {
        queries.push({ endpoint, query: { [filter.param]: value }, rules: filter.rules });
      };
      if (filter.type === 'enum') {
        for (const value of filter.values ?? []) add(value);
      } else if (filter.type === 'id') {
        const field = filter.field;
        const known =
          field !== undefined
            ? items.map((i) => i[field]).find((v): v is string => typeof v === 'string')
            : (await propertyIds(ctx)).find((id) => items.some((i) => carries(i, id)));
        if (known !== undefined) add(known);
        add('9d6a1c52-3f0e-4b8a-9c7d-5e4f3a2b1c0d');
      } else {
        const field = searchField(ctx, filter);
        const source =
          field === undefined
            ? undefined
            : items.map((i) => i[field]).find((v): v is string => typeof v === 'string' && v.trim().length >= 3);
        if (source !== undefined) add(source.trim().slice(0, 3));
        add(noMatchTerm(ctx));
      }
    }
    const together = await combinedQuery(ctx, endpoint, items);
    if (together) queries.push(together);
    if (endpoint.path === '/events') {
      const today = utcDate();
      queries.push({
        endpoint,
        query: { from: addDays(today, -30), to: addDays(today, 30) },
        rules: ['CAL-4', 'CAL-6'],
      });
      queries.push({
        endpoint,
        query: { from: addDays(today, 200), to: addDays(today, 210) },
        rules: ['CAL-4', 'CAL-6'],
      });
      queries.push({ endpoint, query: { type: 'Contract' }, rules: ['CAL-8', 'CAL-9'] });
      queries.push({ endpoint, query: { type: 'Rent,Compliance' }, rules: ['CAL-8', 'CAL-9'] });
    }
  }
  return queries;
}

/**
 * Every filter of a list at once, each with the value of one item (so the item matches them all), when the list has
 * two filters or more and an item gives every one of them a value.
 */
async function combinedQuery(
  ctx: CheckContext,
  endpoint: ListEndpoint,
  items: readonly Json[],
): Promise<FilteredQuery | undefined> {
  if (endpoint.filters.length < 2 || endpoint.filters.some((f) => f.acceptanceOnly)) return undefined;
  const ids = endpoint.filters.some((f) => f.type === 'id' && f.field === undefined) ? await propertyIds(ctx) : [];
  for (const item of items) {
    const query: Record<string, string> = {};
    for (const filter of endpoint.filters) {
      // A property id the item carries where the field is not named; else the value exactFilter takes.
      const value =
        filter.type === 'id' && filter.field === undefined
          ? ids.find((id) => carries(item, id))
          : exactFilter(ctx, filter, item)?.value;
      if (value === undefined) break;
      query[filter.param] = value;
    }
    if (Object.keys(query).length === endpoint.filters.length)
      return { endpoint, query, rules: [...new Set(endpoint.filters.flatMap((f) => f.rules))] };
  }
  return undefined;
}

/** Reads of a page of one (each between two full reads) before a total outside its bracket is a failure. */
const PAGE_OF_ONE_ATTEMPTS = 4;

export const filteredTotalsCountTheMatchingItems = defineCheck({
  id: 'pagination.filteredTotalsCountTheMatchingItems',
  title:
    'meta.total of every filtered or searched list (status, ids, search, the calendar window and types) is the number of matching items: the length of a page that holds them all, and the same on a page of one',
  group: GROUP,
  rules: [
    'ENDPOINTS-7',
    'ENVELOPE-5',
    'PROP-2',
    'PROP-3',
    'CONTRACT-2',
    'CONTRACT-3',
    'CONTRACT-4',
    'CONTRACT-5',
    'RENT-GET-2',
    'RENT-GET-3',
    'CAL-4',
    'CAL-6',
    'CAL-7',
    'CAL-8',
    'CAL-9',
  ],
  long: true, // two reads per filtered query over every list
  async run(ctx: CheckContext) {
    const { endpoints } = await paginatedEndpoints(ctx);
    const queries = await filteredQueries(ctx, endpoints);
    if (queries.length === 0) ctx.skip('no list of the target takes a filter');
    const described: string[] = [];
    for (const { endpoint, query, rules } of queries) {
      const where = `GET ${endpoint.path}?${new URLSearchParams(query).toString()}`;
      // Other checks may add or remove matching items between two reads: a mismatch is read again once.
      const fits = (page: ListPage): boolean =>
        page.items.length >= LIMIT_MAX || page.meta?.total === page.items.length;
      let all = await getList(ctx, endpoint.path, READER, { ...query, limit: LIMIT_MAX }, { rules });
      if (!fits(all)) all = await getList(ctx, endpoint.path, READER, { ...query, limit: LIMIT_MAX }, { rules });
      let total = metaInt(ctx, all, 'total');
      if (all.items.length < LIMIT_MAX) {
        ctx.expect(
          total === all.items.length,
          `${where}&limit=${LIMIT_MAX}: meta.total the number of matching items (all ${all.items.length} on this page)`,
          () => `meta.total ${total}`,
          all.res.exchange,
          { rules: ['ENDPOINTS-7', 'ENVELOPE-5', ...rules] },
        );
      } else {
        ctx.expect(
          total >= all.items.length,
          `${where}&limit=${LIMIT_MAX}: meta.total at least the ${all.items.length} matching items on a full page`,
          () => `meta.total ${total}`,
          all.res.exchange,
          { rules: ['ENDPOINTS-7', 'ENVELOPE-5', ...rules] },
        );
      }
      // A page of one tells a count of matches from a count of the page's items once there are two matches or more.
      // Other checks may add or remove matching items while this one reads, so the page of one is judged against
      // full reads just before and just after it: its total must lie between theirs. While it does not, the
      // three reads are taken again (a few times: a deployment that counts the page fails every one of them).
      if (total >= 2) {
        let before = total;
        let after = total;
        let one = all;
        let small = 0;
        for (let attempt = 0; attempt < PAGE_OF_ONE_ATTEMPTS; attempt += 1) {
          if (attempt > 0)
            before = metaInt(
              ctx,
              await getList(ctx, endpoint.path, READER, { ...query, limit: LIMIT_MAX }, { rules }),
              'total',
            );
          one = await getList(ctx, endpoint.path, READER, { ...query, limit: 1 }, { rules });
          small = metaInt(ctx, one, 'total');
          if (small === before) {
            after = before;
            break;
          }
          after = metaInt(
            ctx,
            await getList(ctx, endpoint.path, READER, { ...query, limit: LIMIT_MAX }, { rules }),
            'total',
          );
          if (small >= Math.min(before, after) && small <= Math.max(before, after)) break;
        }
        const counted =
          before === after ? `${before}` : `between ${Math.min(before, after)} and ${Math.max(before, after)}`;
        ctx.expect(
          small >= Math.min(before, after) && small <= Math.max(before, after),
          `${where}&limit=1: meta.total ${counted}, the number of matching items (as read with limit=${LIMIT_MAX} just before and after), not the length of the page`,
          () => `meta.total ${small} (${one.items.length} item(s) on the page)`,
          one.res.exchange,
          { rules: ['ENDPOINTS-7', 'ENVELOPE-5', ...rules] },
        );
        total = after;
      }
      described.push(`${endpoint.path}?${Object.keys(query).join('&')}: ${total}`);
    }
    ctx.note(
      `${queries.length} filtered queries: meta.total equal to the matching items (${described.slice(0, 8).join('; ')}${described.length > 8 ? ' …' : ''})`,
    );
  },
});
