// The faults of the checks in lists.ts: each must make its check FAIL (a broken deployment per fault).
import { apiPath, codeOf, errorResponse, isListAnswer, isRec, mapJson, readJson, withJson } from '../../support/faults';
import { Rec, meta } from '../../support/platform-fault-helpers';
import type { Fault } from '../../support/broken';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

const FILTER_PARAMS = [
  'status',
  'search',
  'propertyId',
  'tenantId',
  'contractId',
  'conversationId',
  'from',
  'to',
  'type',
];

/** `dropped` ignored on the list at `path` whenever `beside` comes with it. */
function droppedBeside(path: string, dropped: string, beside: string): Fault {
  return {
    description: `GET ${path} ignores ${dropped} when ${beside} is given too`,
    request: (req) => {
      if (req.method !== 'GET' || apiPath(req) !== path || !req.query.has(dropped) || !req.query.has(beside))
        return undefined;
      req.query.delete(dropped);
      return req;
    },
  };
}

/** meta.total of filtered GET lists (the `params` given) replaced by the total of the same list without them. */
function totalIgnores(description: string, params: readonly string[], paths: RegExp = /./): Fault {
  return {
    description,
    async response(res, req, ctx) {
      if (req.method !== 'GET' || !paths.test(req.path) || !params.some((p) => req.query.has(p)) || !isListAnswer(res))
        return undefined;
      const body = readJson(res);
      const query = new URLSearchParams(req.query);
      for (const p of params) query.delete(p);
      const unfiltered = readJson(await ctx.upstream({ ...req, query }));
      const total = isRec(unfiltered) && isRec(unfiltered.meta) ? unfiltered.meta.total : undefined;
      return isRec(body) && typeof total === 'number'
        ? withJson(res, { ...body, meta: { ...meta(body), total } })
        : undefined;
    },
  };
}

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Pagination ---------------------------------------------------------------------------------------
  'pagination.limitAbove500RejectedAnd500Accepted': [
    {
      fault: () => ({
        description: 'limit above 500 silently capped to 500',
        request: (req) => {
          if (req.method !== 'GET' || !(Number(req.query.get('limit')) > 500)) return undefined;
          req.query.set('limit', '500');
          return req;
        },
      }),
    },
    {
      fault: () => ({
        description: 'limit=500 refused (a maximum of 100)',
        request: (req) =>
          req.method === 'GET' && Number(req.query.get('limit')) > 100
            ? errorResponse(400, 'VALIDATION_ERROR', 'limit must be at most 100')
            : undefined,
      }),
    },
  ],
  'pagination.queryValuesValidatedOnEveryListEndpoint': [
    {
      fault: () =>
        mapJson(
          'invalid list queries answered 200 with an empty list',
          (q, r) => q.method === 'GET' && codeOf(r) === 'VALIDATION_ERROR',
          () => [{ data: [], meta: { page: 1, limit: 20, total: 0 } }, 200],
        ),
    },
    {
      fault: () =>
        mapJson(
          'meta.limit capped at 100 whatever limit was asked',
          (q, r) => q.method === 'GET' && isListAnswer(r),
          (b) => ({ ...b, meta: { ...meta(b), limit: Math.min(100, Number(meta(b).limit)) } }),
        ),
    },
  ],
  'pagination.pagesPartitionEveryList': [
    redTeamFault('page-past-the-end-total-zero'),
    {
      fault: () =>
        mapJson(
          'pages after the first lose their first item',
          (q, r) => Number(q.query.get('page') ?? '1') >= 2 && isListAnswer(r),
          (b) => ({ ...b, data: (b.data as unknown[]).slice(1) }),
        ),
    },
    {
      fault: () => ({
        description: 'pages after the first start with the first item of page 1 (a duplicate)',
        async response(res, req, ctx) {
          if (!(Number(req.query.get('page') ?? '1') >= 2) || !isListAnswer(res)) return undefined;
          const query = new URLSearchParams(req.query);
          query.set('page', '1');
          const first = readJson(await ctx.upstream({ ...req, query })) as Rec;
          const body = readJson(res) as Rec;
          const data = [...(body.data as unknown[])];
          if (data.length === 0 || !Array.isArray(first.data) || first.data.length === 0) return undefined;
          data[0] = first.data[0];
          return withJson(res, { ...body, data });
        },
      }),
    },
    {
      fault: () =>
        mapJson(
          'meta.total grows by one on page 2',
          (q, r) => q.query.get('page') === '2' && isListAnswer(r),
          (b) => ({ ...b, meta: { ...meta(b), total: Number(meta(b).total) + 1 } }),
        ),
    },
  ],
  'pagination.contractsHasNextPageMatchesTotal': [
    {
      fault: () =>
        mapJson(
          'hasNextPage always true',
          (q, r) => apiPath(q) === '/contracts' && isListAnswer(r),
          (b) => ({ ...b, meta: { ...meta(b), hasNextPage: true } }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'hasNextPage = "the page is full"',
          (q, r) => apiPath(q) === '/contracts' && isListAnswer(r),
          (b) => ({ ...b, meta: { ...meta(b), hasNextPage: (b.data as unknown[]).length === meta(b).limit } }),
        ),
    },
  ],
  'pagination.filteredTotalsCountTheMatchingItems': [
    {
      fault: () =>
        totalIgnores('meta.total of a filtered or searched list counts the whole unfiltered list', FILTER_PARAMS),
    },
    {
      fault: () =>
        mapJson(
          'meta.total of a filtered list is the length of the page',
          (q, r) => FILTER_PARAMS.some((p) => q.query.has(p)) && isListAnswer(r),
          (b) => ({ ...b, meta: { ...meta(b), total: Array.isArray(b.data) ? b.data.length : 0 } }),
        ),
    },
    { fault: () => totalIgnores('meta.total of a searched list ignores the search term', ['search']) },
    {
      fault: () =>
        totalIgnores(
          'meta.total of the calendar ignores from/to (counts the default window)',
          ['from', 'to'],
          /\/events$/,
        ),
    },
  ],
  'pagination.filtersHoldOnEveryItem': [
    // One filter dropped beside one other only, on /contracts: each pair needs data where the two disagree (a
    // tenant with two contracts, on two properties; a search no other item matches), which the check finds or names
    // as missing.
    { fault: () => droppedBeside('/contracts', 'status', 'tenantId') },
    { fault: () => droppedBeside('/contracts', 'propertyId', 'tenantId') },
    { fault: () => droppedBeside('/contracts', 'search', 'tenantId') },
    { fault: () => droppedBeside('/contracts', 'search', 'status') },
    {
      fault: () => ({
        description: 'a list given two filters or more applies only the first of them',
        request: (req) => {
          const given = [...req.query.keys()].filter((p) => FILTER_PARAMS.includes(p));
          if (req.method !== 'GET' || apiPath(req) === undefined || given.length < 2) return undefined;
          for (const p of given.slice(1)) req.query.delete(p);
          return req;
        },
      }),
    },
    {
      fault: () => ({
        description: 'a list given a status and another filter drops the status',
        request: (req) => {
          const others = [...req.query.keys()].filter((p) => p !== 'status' && FILTER_PARAMS.includes(p));
          if (req.method !== 'GET' || !req.query.has('status') || others.length === 0) return undefined;
          req.query.delete('status');
          return req;
        },
      }),
    },
    {
      fault: () => ({
        description: 'the status filter is ignored',
        request: (req) => {
          if (req.method !== 'GET' || !req.query.has('status')) return undefined;
          req.query.delete('status');
          return req;
        },
      }),
    },
    {
      fault: () =>
        mapJson(
          'search is case-sensitive',
          (q, r) => q.query.has('search') && isListAnswer(r),
          (b, q) => {
            const term = q.query.get('search') ?? '';
            const data = (b.data as unknown[]).filter((i) => JSON.stringify(i).includes(term));
            return { ...b, data, meta: { ...meta(b), total: data.length } };
          },
        ),
    },
    {
      fault: () =>
        mapJson(
          'id filters return nothing',
          (q, r) => ['propertyId', 'tenantId', 'contractId'].some((p) => q.query.has(p)) && isListAnswer(r),
          (b) => ({ ...b, data: [], meta: { ...meta(b), total: 0 } }),
        ),
    },
  ],
};
