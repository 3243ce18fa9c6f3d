// SELF_TESTS for the platform checks: for each check, one or more faults. A broken deployment (a proxy in front
// of the reference server) applies the fault, and the check must FAIL against it; against the reference server
// itself it must pass. Faults are functions of the self-test target, so they can name its keys.

import { randomUUID } from 'node:crypto';
import type { Profile } from '../../src/runner';
import { allRoleKeys } from '../../src/targets/roles';
import type { Target } from '../../src/targets';
import type { Fault, ProxyResponse } from '../support/broken';
import {
  fieldsRewritten,
  ignoredBody,
  isByIdRead,
  onMalformedJson,
  onNonUuidPathParam,
  servedAlsoUnder,
  subscriptionEvents,
  withEvents,
} from '../support/cross-cutting-faults';
import {
  apiPath,
  codeOf,
  count,
  errorResponse,
  jsonResponse,
  isListAnswer,
  isRec,
  isWrite,
  keyOf,
  mapHeaders,
  mapJson,
  readJson,
  sandboxThatWrites,
  swapKey,
  withJson,
  withKey,
} from '../support/faults';

export interface SelfTest {
  readonly fault: (target: Target) => Fault;
  /** The deployment the proxy fronts: the ordinary reference server (default) or the production one (REQUIRE_HTTPS). */
  readonly upstream?: 'reference' | 'production';
  /** Full-profile checks are run with --profile full against their fault. */
  readonly profile?: Profile;
  /** The dashboard is reached through the broken deployment too (faults of the dashboard API); default: directly. */
  readonly proxyDashboard?: boolean;
}

export type SelfTestTable = Readonly<Record<string, readonly SelfTest[]>>;

type Rec = Record<string, unknown>;
const meta = (b: Rec): Rec => (isRec(b.meta) ? b.meta : {});
const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
const live = (t: Target): string => t.keys.enterpriseLive;
const key = (t: Target, role: keyof Target['keys']): string => {
  const k = t.keys[role];
  if (k === undefined) throw new Error(`self-test target has no ${role} key`);
  return k;
};
const STACK = "TypeError: Cannot read properties of undefined (reading 'id')\n    at PropertyService.get (/srv/app/src/properties/service.ts:42:17)\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)";
const limited = (retryAfter: string): ProxyResponse => errorResponse(429, 'RATE_LIMIT_EXCEEDED', 'Rate limit exceeded', { 'retry-after': retryAfter });

export const PLATFORM_SELF_TESTS: SelfTestTable = {
  // ---- Authentication ----------------------------------------------------------------------------------
  'auth.bearerAndXApiKeyBothAuthenticate': [
    {
      fault: () => ({
        description: 'x-api-key is not accepted (401)',
        request: (req) => (req.headers['x-api-key'] !== undefined && req.headers.authorization === undefined ? errorResponse(401, 'UNAUTHORIZED', 'Missing API key') : undefined),
      }),
    },
  ],
  'auth.serviceModeHeaderOnEveryResponseFollowsKeyPrefix': [
    { fault: () => mapHeaders('no X-Service-Mode on error answers', (_q, r) => r.status >= 400, (h) => delete h['x-service-mode']) },
    { fault: (t) => mapHeaders('X-Service-Mode "live" for the sandbox key', (q) => keyOf(q) === t.keys.enterpriseSandbox, (h) => (h['x-service-mode'] = 'live')) },
  ],
  'auth.readOnlyKeyOnWriteRoutesAnswers403InsufficientScope': [
    { fault: (t) => swapKey('a read_only key writes (its writes go through as the live key)', key(t, 'enterpriseReadOnly'), live(t), isWrite) },
    { fault: () => mapJson('INSUFFICIENT_SCOPE answered as FORBIDDEN', (_q, r) => codeOf(r) === 'INSUFFICIENT_SCOPE', (b) => ({ ...b, code: 'FORBIDDEN' })) },
  ],
  'auth.noApiAccessPlansAnswer403PlanUpgradeRequired': [
    { fault: (t) => swapKey('the Professional key works like a Portfolio key', key(t, 'professional'), key(t, 'portfolioLive')) },
    { fault: () => mapJson('PLAN_UPGRADE_REQUIRED answered as 402 PAYMENT_REQUIRED', (_q, r) => codeOf(r) === 'PLAN_UPGRADE_REQUIRED', (b) => [{ ...b, code: 'PAYMENT_REQUIRED' }, 402]) },
  ],
  'auth.portfolioPlanWritesAnswer403WriteRequiresEnterprise': [
    { fault: () => mapJson('WRITE_REQUIRES_ENTERPRISE answered as INSUFFICIENT_SCOPE', (_q, r) => codeOf(r) === 'WRITE_REQUIRES_ENTERPRISE', (b) => ({ ...b, code: 'INSUFFICIENT_SCOPE' })) },
    { fault: (t) => swapKey('Portfolio writes go through as Enterprise', key(t, 'portfolioLive'), live(t), isWrite) },
  ],
  'auth.portfolioPlanReadsAreAllowed': [
    {
      fault: (t) => ({
        description: 'Portfolio reads refused with PLAN_UPGRADE_REQUIRED',
        request: (req) => (keyOf(req) === t.keys.portfolioLive && !isWrite(req) ? errorResponse(403, 'PLAN_UPGRADE_REQUIRED', 'Upgrade your plan') : undefined),
      }),
    },
  ],
  'auth.missingOrMalformedCredentialsAnswer401Unauthorized': [
    {
      fault: (t) => {
        const known = new Set(allRoleKeys(t).map(([, k]) => k));
        return {
          description: 'an open API: requests without a valid key are served as the live key',
          request: (req) => {
            const k = keyOf(req);
            if (k !== undefined && known.has(k)) return undefined;
            const { authorization: _a, 'x-api-key': _x, ...headers } = req.headers;
            return { ...req, headers: { ...headers, authorization: `Bearer ${live(t)}` } };
          },
        };
      },
    },
    { fault: () => mapJson('401 UNAUTHORIZED answered as 403 FORBIDDEN', (_q, r) => codeOf(r) === 'UNAUTHORIZED', (b) => [{ ...b, code: 'FORBIDDEN' }, 403]) },
  ],
  'auth.revokedKeyAnswers401RevokedKey': [
    { fault: (t) => swapKey('the revoked key still works', key(t, 'revoked'), live(t)) },
    { fault: () => mapJson('REVOKED_KEY answered as UNAUTHORIZED', (_q, r) => codeOf(r) === 'REVOKED_KEY', (b) => ({ ...b, code: 'UNAUTHORIZED' })) },
  ],
  'auth.keyRevokedInDashboardAnswers401RevokedKey': [
    {
      fault: (t) => ({
        description: 'revocation is ignored (a revoked key keeps being served)',
        response: async (res, req, ctx) => (codeOf(res) === 'REVOKED_KEY' ? ctx.upstream(withKey(req, live(t))) : undefined),
      }),
    },
    { fault: () => mapJson('REVOKED_KEY answered as UNAUTHORIZED', (_q, r) => codeOf(r) === 'REVOKED_KEY', (b) => ({ ...b, code: 'UNAUTHORIZED' })) },
  ],
  'auth.plainHttpInProductionAnswers403HttpsRequired': [
    { upstream: 'production', fault: () => mapJson('plain HTTP served (200) in production', (_q, r) => codeOf(r) === 'HTTPS_REQUIRED', () => [{ data: [] }, 200]) },
    {
      upstream: 'production',
      fault: () => ({
        description: 'plain HTTP redirected (301) instead of refused with 403',
        response: (res) => (codeOf(res) === 'HTTPS_REQUIRED' ? { status: 301, headers: { location: 'https://127.0.0.1/', 'x-service-mode': 'live' }, body: Buffer.alloc(0) } : undefined),
      }),
    },
  ],
  'auth.roleRouteMethodMatrixMatchesSpec': [
    { fault: () => mapJson('every 403 carries FORBIDDEN instead of its specific code', (_q, r) => r.status === 403, (b) => ({ ...b, code: 'FORBIDDEN' })) },
    {
      fault: (t) => {
        const refused = new Set([t.keys.enterpriseReadOnly, t.keys.portfolioLive, t.extraKeys.portfolioReadOnly]);
        return { description: 'writes of read_only and Portfolio keys go through as the live key', request: (req) => (isWrite(req) && refused.has(keyOf(req)) ? withKey(req, live(t)) : undefined) };
      },
    },
  ],

  // ---- Errors -------------------------------------------------------------------------------------------
  'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped': [
    { fault: () => mapJson('404 answers become 500 SERVER_ERROR', (_q, r) => r.status === 404, () => [{ error: 'Internal error', code: 'SERVER_ERROR' }, 500]) },
    { fault: () => mapJson('error bodies carry an extra "details" member', (_q, r) => r.status >= 400, (b) => ({ ...b, details: [] })) },
    { fault: () => mapJson('VALIDATION_ERROR renamed to an uncatalogued INVALID_INPUT', (_q, r) => codeOf(r) === 'VALIDATION_ERROR', (b) => ({ ...b, code: 'INVALID_INPUT' })) },
  ],
  'errors.serverErrorsCarryNoStackTraces': [
    { fault: () => mapJson('4xx answers become 500s leaking a stack trace', (_q, r) => r.status === 400 || r.status === 404, () => [{ error: STACK, code: 'SERVER_ERROR' }, 500]) },
    {
      fault: () => ({
        description: '400 answers become 500 HTML pages with a stack trace',
        response: (res) => (res.status === 400 ? { status: 500, headers: { 'content-type': 'text/html', 'x-service-mode': 'live' }, body: Buffer.from('<pre>Error: boom\n    at Object.<anonymous> (/app/server.js:10:11)</pre>') } : undefined),
      }),
    },
  ],
  'errors.unknownIdsAnswer404NamingResourceKind': [
    { fault: () => mapJson('404 messages say only "Not found"', (_q, r) => codeOf(r) === 'NOT_FOUND', (b) => ({ ...b, error: 'Not found' })) },
    { fault: () => mapJson('unknown ids answer 403 FORBIDDEN', (_q, r) => codeOf(r) === 'NOT_FOUND', (b) => [{ ...b, code: 'FORBIDDEN' }, 403]) },
  ],
  'errors.validationErrorListsFirstTenIssuesWithFieldPaths': [
    { fault: () => mapJson('VALIDATION_ERROR lists the first issue only', (_q, r) => codeOf(r) === 'VALIDATION_ERROR', (b) => ({ ...b, error: String(b.error).split(';')[0] })) },
    {
      fault: () =>
        mapJson('VALIDATION_ERROR lists every issue (no cap at 10)', (_q, r) => codeOf(r) === 'VALIDATION_ERROR', (b, q) => {
          const sent = (JSON.parse(q.body.toString('utf8') || '{}') as Rec) ?? {};
          return { ...b, error: `Invalid request: ${Object.keys(sent).map((k) => `payload.${k}: "${k}" is invalid`).join('; ')}` };
        }),
    },
    { fault: () => mapJson('VALIDATION_ERROR without field paths', (_q, r) => codeOf(r) === 'VALIDATION_ERROR', (b) => ({ ...b, error: 'Invalid request' })) },
  ],

  // ---- Response envelope, headers, the removed route -------------------------------------------------------
  'envelope.successBodiesAreDataWithMetaOnLists': [
    { fault: () => mapJson('contract lists without meta', (q, r) => apiPath(q) === '/contracts' && isListAnswer(r), ({ meta: _m, ...rest }) => rest) },
    { fault: () => mapJson('meta.total is a string', (_q, r) => r.status === 200 && isRec((readJson(r) as Rec | undefined)?.meta), (b) => ({ ...b, meta: { ...meta(b), total: String(meta(b).total) } })) },
    { fault: () => mapJson('success bodies carry an extra top-level "links"', (_q, r) => r.status === 200, (b) => ({ ...b, links: {} })) },
    {
      fault: () =>
        mapJson('contract lists lack hasNextPage', (q, r) => apiPath(q) === '/contracts' && isListAnswer(r), (b) => {
          const { hasNextPage: _h, ...rest } = meta(b);
          return { ...b, meta: rest };
        }),
    },
  ],
  'headers.rateLimitHeadersOnGetAndRentResponses': [
    { fault: () => mapHeaders('no X-RateLimit-Reset on GET answers', (q) => q.method === 'GET', (h) => delete h['x-ratelimit-reset']) },
    { fault: () => mapHeaders('X-RateLimit-Reset in milliseconds', () => true, (h) => h['x-ratelimit-reset'] && (h['x-ratelimit-reset'] = String(Number(h['x-ratelimit-reset']) * 1000))) },
    { fault: () => mapHeaders('no X-RateLimit-* on error answers', (_q, r) => r.status >= 400, (h) => RATE_HEADERS.forEach((n) => delete h[n])) },
    { fault: () => mapHeaders('no X-RateLimit-* on rent writes', (q) => isWrite(q) && (apiPath(q) ?? '').startsWith('/rent'), (h) => RATE_HEADERS.forEach((n) => delete h[n])) },
  ],
  'headers.rateLimitRemainingDecreasesWithUse': [
    { fault: () => mapHeaders('X-RateLimit-Remaining never moves', () => true, (h) => h['x-ratelimit-limit'] && (h['x-ratelimit-remaining'] = h['x-ratelimit-limit'])) },
  ],
  'deprecation.patchMaintenanceAnswers410NamingSuccessor': [
    { fault: () => mapHeaders('no Link header on the 410', (_q, r) => r.status === 410, (h) => delete h.link) },
    { fault: () => mapJson('the 410 message names no successor', (_q, r) => r.status === 410, (b) => ({ ...b, error: 'This endpoint has been removed' })) },
    { fault: () => mapJson('the removed route answers 404', (_q, r) => r.status === 410, () => [{ error: 'Route not found', code: 'NOT_FOUND' }, 404]) },
  ],

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
    { fault: () => ({ description: 'limit=500 refused (a maximum of 100)', request: (req) => (req.method === 'GET' && Number(req.query.get('limit')) > 100 ? errorResponse(400, 'VALIDATION_ERROR', 'limit must be at most 100') : undefined) }) },
  ],
  'pagination.queryValuesValidatedOnEveryListEndpoint': [
    { fault: () => mapJson('invalid list queries answered 200 with an empty list', (q, r) => q.method === 'GET' && codeOf(r) === 'VALIDATION_ERROR', () => [{ data: [], meta: { page: 1, limit: 20, total: 0 } }, 200]) },
    { fault: () => mapJson('meta.limit capped at 100 whatever limit was asked', (q, r) => q.method === 'GET' && isListAnswer(r), (b) => ({ ...b, meta: { ...meta(b), limit: Math.min(100, Number(meta(b).limit)) } })) },
  ],
  'pagination.pagesPartitionEveryList': [
    { fault: () => mapJson('pages after the first lose their first item', (q, r) => Number(q.query.get('page') ?? '1') >= 2 && isListAnswer(r), (b) => ({ ...b, data: (b.data as unknown[]).slice(1) })) },
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
    { fault: () => mapJson('meta.total grows by one on page 2', (q, r) => q.query.get('page') === '2' && isListAnswer(r), (b) => ({ ...b, meta: { ...meta(b), total: Number(meta(b).total) + 1 } })) },
  ],
  'pagination.contractsHasNextPageMatchesTotal': [
    { fault: () => mapJson('hasNextPage always true', (q, r) => apiPath(q) === '/contracts' && isListAnswer(r), (b) => ({ ...b, meta: { ...meta(b), hasNextPage: true } })) },
    { fault: () => mapJson('hasNextPage = "the page is full"', (q, r) => apiPath(q) === '/contracts' && isListAnswer(r), (b) => ({ ...b, meta: { ...meta(b), hasNextPage: (b.data as unknown[]).length === meta(b).limit } })) },
  ],
  'pagination.filtersHoldOnEveryItem': [
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
        mapJson('search is case-sensitive', (q, r) => q.query.has('search') && isListAnswer(r), (b, q) => {
          const term = q.query.get('search') ?? '';
          const data = (b.data as unknown[]).filter((i) => JSON.stringify(i).includes(term));
          return { ...b, data, meta: { ...meta(b), total: data.length } };
        }),
    },
    { fault: () => mapJson('id filters return nothing', (q, r) => ['propertyId', 'tenantId', 'contractId'].some((p) => q.query.has(p)) && isListAnswer(r), (b) => ({ ...b, data: [], meta: { ...meta(b), total: 0 } })) },
  ],

  // ---- Sandbox ------------------------------------------------------------------------------------------
  'sandbox.createAnswersMockAndPersistsNothing': [
    { fault: (t) => sandboxThatWrites(t) },
    { fault: (t) => mapJson('sandbox mocks lack sandbox: true', (q, r) => keyOf(q) === t.keys.enterpriseSandbox && isWrite(q) && r.status < 300, (b) => ({ ...b, data: { ...(b.data as Rec), sandbox: undefined } })) },
    { fault: (t) => mapHeaders('sandbox answers say X-Service-Mode: live', (q) => keyOf(q) === t.keys.enterpriseSandbox, (h) => (h['x-service-mode'] = 'live')) },
  ],
  'sandbox.patchAnswersMockAndChangesNothing': [
    { fault: (t) => sandboxThatWrites(t) },
    { fault: (t) => mapJson('sandbox mocks lack sandbox: true', (q, r) => keyOf(q) === t.keys.enterpriseSandbox && isWrite(q) && r.status < 300, (b) => ({ ...b, data: { ...(b.data as Rec), sandbox: undefined } })) },
  ],
  'sandbox.deleteAnswersMockAndDeletesNothing': [
    { fault: (t) => sandboxThatWrites(t) },
    { fault: (t) => mapJson('sandbox delete mocks lack sandbox: true', (q, r) => keyOf(q) === t.keys.enterpriseSandbox && isWrite(q) && r.status < 300, (b) => ({ ...b, data: { ...(b.data as Rec), sandbox: undefined } })) },
  ],
  'sandbox.readsReturnTheSameDataAsLive': [
    { fault: (t) => mapJson('sandbox reads answer empty lists', (q, r) => keyOf(q) === t.keys.enterpriseSandbox && q.method === 'GET' && isListAnswer(r), (b) => ({ ...b, data: [], meta: { ...meta(b), total: 0 } })) },
    { fault: (t) => swapKey("sandbox reads answer another landlord's data", key(t, 'enterpriseSandbox'), key(t, 'otherLandlord'), (q) => q.method === 'GET') },
  ],

  // ---- Tenant isolation ---------------------------------------------------------------------------------
  'isolation.foreignIdsOnGetByIdAnswer404NeverData': [
    { fault: (t) => swapKey("another landlord's resources are readable by id", live(t), key(t, 'otherLandlord'), (q) => q.method === 'GET' && /\/[0-9a-f]{8}-[0-9a-f-]{27}/i.test(apiPath(q) ?? '')) },
    { fault: () => mapJson('a foreign id answers 403 FORBIDDEN', (q, r) => q.method === 'GET' && codeOf(r) === 'NOT_FOUND', (b) => [{ ...b, code: 'FORBIDDEN' }, 403]) },
  ],
  'isolation.foreignIdsOnWritesAnswer404AndChangeNothing': [
    { fault: (t) => swapKey("writes reach another landlord's property", live(t), key(t, 'otherLandlord'), isWrite) },
    {
      fault: (t) => ({
        description: "writes on another landlord's property are applied, then answered 404",
        request: (req) => (keyOf(req) === live(t) && isWrite(req) ? withKey(req, key(t, 'otherLandlord')) : undefined),
        response: (_res, req) => (keyOf(req) === live(t) && isWrite(req) ? errorResponse(404, 'NOT_FOUND', 'Property not found') : undefined),
      }),
    },
  ],
  'isolation.listsAndFiltersNeverExposeAnotherLandlordsRecords': [
    { fault: (t) => swapKey("filters by another landlord's ids answer from its data", live(t), key(t, 'otherLandlord'), (q) => q.method === 'GET' && ['propertyId', 'tenantId', 'contractId'].some((p) => q.query.has(p))) },
    {
      fault: (t) => ({
        description: "the live key's lists include one of the other landlord's records",
        async response(res, req, ctx) {
          if (keyOf(req) !== live(t) || req.method !== 'GET' || !isListAnswer(res)) return undefined;
          const theirs = readJson(await ctx.upstream(withKey(req, key(t, 'otherLandlord')))) as Rec;
          if (!Array.isArray(theirs.data) || theirs.data.length === 0) return undefined;
          const body = readJson(res) as Rec;
          return withJson(res, { ...body, data: [theirs.data[0], ...(body.data as unknown[])] });
        },
      }),
    },
  ],

  // ---- Rate limits (fresh keys with the plan's default limits, provisioned by the checks) --------------------
  'limits.readsPerMinuteEnforcedWithRetryAfter': [
    { fault: () => mapJson('the read limit is never enforced (429 answered as 200)', (q, r) => q.method === 'GET' && r.status === 429, () => [{ data: [], meta: { page: 1, limit: 1, total: 0 } }, 200]) },
    { fault: () => mapHeaders('429 without Retry-After', (_q, r) => r.status === 429, (h) => delete h['retry-after']) },
    { fault: () => mapHeaders('X-RateLimit-Limit says 1000 reads a minute', () => true, (h) => h['x-ratelimit-limit'] === '500' && (h['x-ratelimit-limit'] = '1000')) },
    {
      // Passed under the old slack of 3: the first 429 of each key is answered 200, so 501 reads pass in a minute.
      fault: () => ({
        description: 'the 501st read of a minute passes (the first 429 of a key answered 200)',
        response: (res, req, ctx) => (req.method === 'GET' && res.status === 429 && count(ctx, `late:${keyOf(req)}`) === 1 ? jsonResponse(200, { data: [], meta: { page: 1, limit: 1, total: 0 } }) : undefined),
      }),
    },
    { fault: () => ({ description: 'reads refused after 300 in a minute, not 500', request: (req, ctx) => (req.method === 'GET' && count(ctx, `reads:${keyOf(req)}`) > 300 ? limited('30') : undefined) }) },
    {
      fault: () => ({
        description: 'the limit is shared by all keys (not per key)',
        request: (req, ctx) => (req.method === 'GET' && ctx.state.get('spent') === true ? limited('30') : undefined),
        response: (res, req, ctx) => {
          if (req.method === 'GET' && res.status === 429) ctx.state.set('spent', true);
          return undefined;
        },
      }),
    },
  ],
  'limits.portfolioReadsPerMinuteEnforced': [
    { fault: () => mapJson('the Portfolio read limit is never enforced', (q, r) => q.method === 'GET' && r.status === 429, () => [{ data: [], meta: { page: 1, limit: 1, total: 0 } }, 200]) },
    { fault: () => mapHeaders('X-RateLimit-Limit 500 on a Portfolio key', () => true, (h) => h['x-ratelimit-limit'] === '100' && (h['x-ratelimit-limit'] = '500')) },
  ],
  'limits.writesCountedApartFromReads': [
    {
      fault: () => ({
        description: 'reads and writes share one budget: writes refused once the reads are spent',
        request: (req, ctx) => (isWrite(req) && ctx.state.get(`spent:${keyOf(req)}`) === true ? limited('30') : undefined),
        response: (res, req, ctx) => {
          if (!isWrite(req) && res.status === 429) ctx.state.set(`spent:${keyOf(req)}`, true);
          return undefined;
        },
      }),
    },
  ],
  'limits.writesPerMinuteEnforced': [
    { fault: () => mapJson('the write limit is never enforced', (q, r) => isWrite(q) && r.status === 429, () => [{ error: 'Rent payment not found', code: 'NOT_FOUND' }, 404]) },
    {
      fault: () => ({
        description: 'the 101st write of a minute passes (the first write 429 of a key answered 404)',
        response: (res, req, ctx) => (isWrite(req) && res.status === 429 && count(ctx, `late:${keyOf(req)}`) === 1 ? errorResponse(404, 'NOT_FOUND', 'Rent payment not found') : undefined),
      }),
    },
    { fault: () => mapHeaders('write 429s say Retry-After: 0', (q, r) => isWrite(q) && r.status === 429, (h) => (h['retry-after'] = '0')) },
  ],
  'limits.minuteWindowSlides': [{ profile: 'full', fault: () => mapHeaders('a fixed window: Retry-After 5 right after a burst', (_q, r) => r.status === 429, (h) => (h['retry-after'] = '5')) }],
  'limits.readsPerDayEnforced': [
    { profile: 'full', fault: () => ({ description: 'the daily read limit hits after 20 reads', request: (req, ctx) => (req.method === 'GET' && count(ctx, `day:${keyOf(req)}`) > 20 ? limited('3600') : undefined) }) },
  ],
  'limits.writesPerDayEnforced': [
    { profile: 'full', fault: () => ({ description: 'the daily write limit hits after 20 writes', request: (req, ctx) => (isWrite(req) && count(ctx, `day:${keyOf(req)}`) > 20 ? limited('3600') : undefined) }) },
  ],
  'limits.portfolioReadsPerDayEnforced': [
    { profile: 'full', fault: () => ({ description: 'the daily read limit hits after 20 reads', request: (req, ctx) => (req.method === 'GET' && count(ctx, `day:${keyOf(req)}`) > 20 ? limited('3600') : undefined) }) },
  ],

  // ---- Cross-cutting checks (checks/cross-cutting.ts) ------------------------------------------------------------
  'versioning.apiAnswersUnderV1PrefixOnly': [
    { fault: () => servedAlsoUnder('the API also answers under /api/public/v2', '/api/public/v2') },
    { fault: () => servedAlsoUnder('the API also answers at the host root, without /api/public/v1', '') },
    {
      fault: () => ({
        description: 'the API moved to /api/public/v2: /api/public/v1 answers 404',
        request: (req) =>
          req.path.startsWith('/api/public/v1/') ? errorResponse(404, 'NOT_FOUND', 'Route not found') : req.path.startsWith('/api/public/v2/') ? { ...req, path: req.path.replace('/api/public/v2/', '/api/public/v1/') } : undefined,
      }),
    },
  ],
  'envelope.idsDatesAndTimestampsFollowTheConventions': [
    { fault: () => fieldsRewritten('rent payments carry tenantId as "tnt_<hex>" (not a UUID)', (q) => apiPath(q) === '/rent', /^tenantId$/, (v) => `tnt_${String(v).replace(/-/g, '').slice(0, 16)}`) },
    { fault: () => fieldsRewritten('rent due dates are DD/MM/YYYY', (q) => apiPath(q) === '/rent', /^dueDate$/, (v) => String(v).split('-').reverse().join('/')) },
    { fault: () => fieldsRewritten('the compliance summary gives generatedAt in epoch milliseconds', (q) => apiPath(q) === '/compliance/summary', /^generatedAt$/, (v) => Date.parse(String(v))) },
    { fault: () => fieldsRewritten('reads by id give timestamps without a time zone ("2025-10-17 09:00:09")', isByIdRead, /At$/, (v) => String(v).replace('T', ' ').replace(/(\.\d+)?Z$/, '')) },
  ],
  'auth.everyRouteRefusesARequestWithoutAKey': [
    { fault: (t) => ({ description: 'GET /compliance/summary answers without a key, as the Enterprise landlord', request: (req) => (apiPath(req) === '/compliance/summary' && keyOf(req) === undefined ? withKey(req, live(t)) : undefined) }) },
    { fault: () => ({ description: 'a DELETE without a key answers 404 (the resource is looked up before the key)', request: (req) => (req.method === 'DELETE' && apiPath(req) !== undefined && keyOf(req) === undefined ? errorResponse(404, 'NOT_FOUND', 'Contract not found') : undefined) }) },
    { fault: (t) => swapKey("the landlord's read-only key reads another landlord's portfolio", key(t, 'enterpriseReadOnly'), key(t, 'otherLandlord'), (q) => !isWrite(q)) },
  ],
  'errors.malformedJsonBodiesAnswer400': [
    { fault: () => onMalformedJson('malformed JSON answers 500 SERVER_ERROR', () => errorResponse(500, 'SERVER_ERROR', 'Unexpected token } in JSON at position 12')) },
    { fault: () => onMalformedJson('malformed JSON answers 400 with a code outside the Errors table (INVALID_JSON)', () => errorResponse(400, 'INVALID_JSON', 'Body is not valid JSON')) },
    { fault: () => onMalformedJson('malformed JSON answers 422 UNPROCESSABLE_ENTITY', () => errorResponse(422, 'UNPROCESSABLE_ENTITY', 'Body is not valid JSON')) },
    { fault: () => onMalformedJson('a malformed body is ignored and the write answered as a success', ignoredBody) },
  ],
  'errors.nonUuidPathIdsAnswer400Or404': [
    { fault: () => onNonUuidPathParam('a non-UUID path id answers 500 SERVER_ERROR', () => errorResponse(500, 'SERVER_ERROR', 'invalid input syntax for type uuid')) },
    { fault: () => onNonUuidPathParam('a non-UUID path id answers 200 with data', () => jsonResponse(200, { data: { id: 'not-a-uuid' } })) },
    { fault: () => onNonUuidPathParam('a non-UUID path id answers 422 UNPROCESSABLE_ENTITY', () => errorResponse(422, 'UNPROCESSABLE_ENTITY', 'id must be a UUID')) },
  ],
  'webhooks.dashboardSubscriptionsTakeAtMost32EventTypesNotTheApi': [
    { proxyDashboard: true, fault: () => ({ description: 'the dashboard accepts a subscription to 33 event types', request: (req) => ((subscriptionEvents(req)?.length ?? 0) > 32 ? withEvents(req, 32) : undefined) }) },
    { proxyDashboard: true, fault: () => ({ description: 'the dashboard refuses 32 event types (its limit is 31)', request: (req) => ((subscriptionEvents(req)?.length ?? 0) >= 32 ? errorResponse(400, 'VALIDATION_ERROR', '"events" must contain at most 31 items') : undefined) }) },
    {
      proxyDashboard: true,
      fault: () => ({
        description: 'a refused 33-type subscription is stored anyway (with 32 types) and answered 400',
        request: async (req, ctx) => {
          if ((subscriptionEvents(req)?.length ?? 0) <= 32) return undefined;
          await ctx.upstream(withEvents(req, 32));
          return errorResponse(400, 'VALIDATION_ERROR', '"events" must contain at most 32 items');
        },
      }),
    },
    {
      proxyDashboard: true,
      fault: () => ({
        description: 'the public API lists and creates webhook subscriptions (GET/POST /webhooks)',
        request: (req) => (apiPath(req) === '/webhooks' ? jsonResponse(req.method === 'POST' ? 201 : 200, { data: req.method === 'POST' ? { id: randomUUID() } : [] }) : undefined),
      }),
    },
  ],
};
