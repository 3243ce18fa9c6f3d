// The faults of the checks in rate-limits.ts: each must make its check FAIL (a broken deployment per fault).
import { count, errorResponse, isWrite, jsonResponse, keyOf, mapHeaders, mapJson } from '../../support/faults';
import { limited } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Rate limits (fresh keys with the plan's default limits, provisioned by the checks) --------------------
  'limits.readsPerMinuteEnforcedWithRetryAfter': [
    {
      fault: () =>
        mapJson(
          'the read limit is never enforced (429 answered as 200)',
          (q, r) => q.method === 'GET' && r.status === 429,
          () => [{ data: [], meta: { page: 1, limit: 1, total: 0 } }, 200],
        ),
    },
    {
      fault: () =>
        mapHeaders(
          '429 without Retry-After',
          (_q, r) => r.status === 429,
          (h) => delete h['retry-after'],
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'X-RateLimit-Limit says 1000 reads a minute',
          () => true,
          (h) => h['x-ratelimit-limit'] === '500' && (h['x-ratelimit-limit'] = '1000'),
        ),
    },
    {
      // Passed under the old slack of 3: the first 429 of each key is answered 200, so 501 reads pass in a minute.
      fault: () => ({
        description: 'the 501st read of a minute passes (the first 429 of a key answered 200)',
        response: (res, req, ctx) =>
          req.method === 'GET' && res.status === 429 && count(ctx, `late:${keyOf(req)}`) === 1
            ? jsonResponse(200, { data: [], meta: { page: 1, limit: 1, total: 0 } })
            : undefined,
      }),
    },
    {
      fault: () => ({
        description: 'reads refused after 300 in a minute, not 500',
        request: (req, ctx) =>
          req.method === 'GET' && count(ctx, `reads:${keyOf(req)}`) > 300 ? limited('30') : undefined,
      }),
    },
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
    {
      fault: () =>
        mapJson(
          'the Portfolio read limit is never enforced',
          (q, r) => q.method === 'GET' && r.status === 429,
          () => [{ data: [], meta: { page: 1, limit: 1, total: 0 } }, 200],
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'X-RateLimit-Limit 500 on a Portfolio key',
          () => true,
          (h) => h['x-ratelimit-limit'] === '100' && (h['x-ratelimit-limit'] = '500'),
        ),
    },
  ],
  'limits.writesCountedApartFromReads': [
    {
      fault: () => ({
        description: 'reads and writes share one budget: writes refused once the reads are spent',
        request: (req, ctx) =>
          isWrite(req) && ctx.state.get(`spent:${keyOf(req)}`) === true ? limited('30') : undefined,
        response: (res, req, ctx) => {
          if (!isWrite(req) && res.status === 429) ctx.state.set(`spent:${keyOf(req)}`, true);
          return undefined;
        },
      }),
    },
  ],
  'limits.writesPerMinuteEnforced': [
    {
      fault: () =>
        mapJson(
          'the write limit is never enforced',
          (q, r) => isWrite(q) && r.status === 429,
          () => [{ error: 'Rent payment not found', code: 'NOT_FOUND' }, 404],
        ),
    },
    {
      fault: () => ({
        description: 'the 101st write of a minute passes (the first write 429 of a key answered 404)',
        response: (res, req, ctx) =>
          isWrite(req) && res.status === 429 && count(ctx, `late:${keyOf(req)}`) === 1
            ? errorResponse(404, 'NOT_FOUND', 'Rent payment not found')
            : undefined,
      }),
    },
    {
      fault: () =>
        mapHeaders(
          'write 429s say Retry-After: 0',
          (q, r) => isWrite(q) && r.status === 429,
          (h) => (h['retry-after'] = '0'),
        ),
    },
  ],
  'limits.minuteWindowSlides': [
    {
      profile: 'full',
      fault: () =>
        mapHeaders(
          'a fixed window: Retry-After 5 right after a burst',
          (_q, r) => r.status === 429,
          (h) => (h['retry-after'] = '5'),
        ),
    },
  ],
  'limits.readsPerDayEnforced': [
    {
      profile: 'full',
      fault: () => ({
        description: 'the daily read limit hits after 20 reads',
        request: (req, ctx) =>
          req.method === 'GET' && count(ctx, `day:${keyOf(req)}`) > 20 ? limited('3600') : undefined,
      }),
    },
  ],
  'limits.writesPerDayEnforced': [
    {
      profile: 'full',
      fault: () => ({
        description: 'the daily write limit hits after 20 writes',
        request: (req, ctx) => (isWrite(req) && count(ctx, `day:${keyOf(req)}`) > 20 ? limited('3600') : undefined),
      }),
    },
  ],
  'limits.portfolioReadsPerDayEnforced': [
    {
      profile: 'full',
      fault: () => ({
        description: 'the daily read limit hits after 20 reads',
        request: (req, ctx) =>
          req.method === 'GET' && count(ctx, `day:${keyOf(req)}`) > 20 ? limited('3600') : undefined,
      }),
    },
  ],
};
