// The faults of the checks in rate-limit-headers.ts: each must make its check FAIL (a broken deployment per fault).
import { apiPath, isWrite, mapHeaders } from '../../support/faults';
import { RATE_HEADERS } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'headers.rateLimitHeadersOnGetAndRentResponses': [
    {
      fault: () =>
        mapHeaders(
          'no X-RateLimit-Reset on GET answers',
          (q) => q.method === 'GET',
          (h) => delete h['x-ratelimit-reset'],
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'X-RateLimit-Reset in milliseconds',
          () => true,
          (h) => h['x-ratelimit-reset'] && (h['x-ratelimit-reset'] = String(Number(h['x-ratelimit-reset']) * 1000)),
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'no X-RateLimit-* on error answers',
          (_q, r) => r.status >= 400,
          (h) => RATE_HEADERS.forEach((n) => delete h[n]),
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'no X-RateLimit-* on rent writes',
          (q) => isWrite(q) && (apiPath(q) ?? '').startsWith('/rent'),
          (h) => RATE_HEADERS.forEach((n) => delete h[n]),
        ),
    },
  ],
  'headers.rateLimitRemainingDecreasesWithUse': [
    redTeamFault('rate-remaining-frozen-off-properties'),
    redTeamFault('rate-remaining-frozen-for-writes'),
    {
      fault: () =>
        mapHeaders(
          'X-RateLimit-Remaining never moves',
          () => true,
          (h) => h['x-ratelimit-limit'] && (h['x-ratelimit-remaining'] = h['x-ratelimit-limit']),
        ),
    },
  ],
};
