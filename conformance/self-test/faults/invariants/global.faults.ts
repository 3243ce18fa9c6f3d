// Faults of the global response invariants (global.ts): each breaks one invariant on some answers the invariant
// checks' own probes receive, so each check fails when run alone as well as in a whole run.
import type { FaultTable } from '../../support/self-test';
import { apiPath, errorResponse, mapHeaders, mapJson } from '../../support/faults';

const STACK =
  "TypeError: Cannot read properties of undefined (reading 'id')\n    at RentService.patch (/srv/app/src/rent/service.ts:88:21)\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)";
const isGetById = (path: string | undefined): boolean => /^\/properties\/[^/]+$/.test(path ?? '');

export const faults: FaultTable = {
  'invariants.serviceModeOnEveryAnswer': [
    {
      fault: () =>
        mapHeaders(
          'no X-Service-Mode on 400 answers to writes',
          (q, r) => r.status === 400 && q.method !== 'GET',
          (h) => delete h['x-service-mode'],
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'X-Service-Mode "production" on 404 answers',
          (_q, r) => r.status === 404,
          (h) => (h['x-service-mode'] = 'production'),
        ),
    },
  ],
  'invariants.errorEnvelopeOnEveryError': [
    {
      fault: () =>
        mapHeaders(
          '404 answers typed text/plain (the JSON body kept)',
          (_q, r) => r.status === 404,
          (h) => (h['content-type'] = 'text/plain; charset=utf-8'),
        ),
    },
    {
      fault: () =>
        mapJson(
          '400 answers carry a "details" member beside error and code',
          (_q, r) => r.status === 400,
          (b) => ({ ...b, details: [] }),
        ),
    },
  ],
  'invariants.rateLimitHeadersOnEveryGetRentAndInvoiceAnswer': [
    {
      fault: () =>
        mapHeaders(
          'no X-RateLimit-* on 404 answers of GET /properties/{id}',
          (q, r) => r.status === 404 && q.method === 'GET' && isGetById(apiPath(q)),
          (h) => {
            delete h['x-ratelimit-limit'];
            delete h['x-ratelimit-remaining'];
            delete h['x-ratelimit-reset'];
          },
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'X-RateLimit-Remaining above the Limit on rent routes',
          (q) => (apiPath(q) ?? '').startsWith('/rent'),
          (h) => (h['x-ratelimit-remaining'] = String(Number(h['x-ratelimit-limit'] ?? '0') + 1)),
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'X-RateLimit-Reset in milliseconds on 400 answers',
          (q, r) => r.status === 400 && q.method === 'GET',
          (h) => (h['x-ratelimit-reset'] = String(Number(h['x-ratelimit-reset'] ?? '0') * 1000)),
        ),
    },
  ],
  'invariants.retryAfterOnEvery429And503': [
    {
      fault: () => ({
        description: 'GET /rent answered 429 RATE_LIMIT_EXCEEDED without Retry-After',
        request: (req) =>
          req.method === 'GET' && apiPath(req) === '/rent'
            ? errorResponse(429, 'RATE_LIMIT_EXCEEDED', 'Rate limit exceeded')
            : undefined,
      }),
    },
    {
      fault: () => ({
        // A date is allowed on a 503 (RFC 9110 section 10.2.3); the spec's 429 says "Retry-After header (seconds)".
        description: 'GET /rent answered 429 RATE_LIMIT_EXCEEDED with Retry-After as an HTTP date',
        request: (req) =>
          req.method === 'GET' && apiPath(req) === '/rent'
            ? errorResponse(429, 'RATE_LIMIT_EXCEEDED', 'Rate limit exceeded', {
                'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT',
              })
            : undefined,
      }),
    },
  ],
  'invariants.noStackTraceInAny5xx': [
    {
      fault: () => ({
        description: 'PATCH /rent/{id} answers 500 with a stack trace in the error message',
        request: (req) =>
          req.method === 'PATCH' && (apiPath(req) ?? '').startsWith('/rent/')
            ? errorResponse(500, 'INTERNAL_ERROR', STACK)
            : undefined,
      }),
    },
  ],
};
