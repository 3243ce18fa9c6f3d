// Faults of the request-keyed invariants (keyed.ts): each leaves the header or code present and well-formed, so
// the presence invariants of global.ts pass, and makes it SAY something the request does not imply, on answers the
// invariant checks' own probes receive.
import type { FaultTable } from '../../support/self-test';
import { apiPath, mapHeaders, mapJson } from '../../support/faults';

type Rec = Record<string, unknown>;

const sandboxKey = (headers: Record<string, string>): boolean =>
  /svc_sandbox_/.test(`${headers.authorization ?? ''} ${headers['x-api-key'] ?? ''}`);

export const faults: FaultTable = {
  'invariants.serviceModeSaysTheModeTheRequestImplies': [
    {
      fault: () =>
        mapHeaders(
          'X-Service-Mode: live on every answer to a sandbox key',
          (q) => sandboxKey(q.headers),
          (h) => (h['x-service-mode'] = 'live'),
        ),
    },
    {
      fault: () =>
        mapHeaders(
          'X-Service-Mode: sandbox on 404 answers to live keys',
          (q, r) => r.status === 404 && !sandboxKey(q.headers),
          (h) => (h['x-service-mode'] = 'sandbox'),
        ),
    },
  ],
  'invariants.errorCodeIsTheErrorsTablesForTheStatus': [
    {
      fault: () =>
        mapJson(
          '404 answers carry code VALIDATION_ERROR (a 400 code)',
          (_q, r) => r.status === 404,
          (b) => ({ ...b, code: 'VALIDATION_ERROR' }),
        ),
    },
    {
      fault: () =>
        mapJson(
          '400 answers to GET carry code INVALID_QUERY (in no row of the table)',
          (q, r) => r.status === 400 && q.method === 'GET',
          (b) => ({ ...b, code: 'INVALID_QUERY' }),
        ),
    },
  ],
  'invariants.rateLimitLimitSaysOneOfTheKeysTwoWindows': [
    {
      fault: () =>
        mapHeaders(
          "X-RateLimit-Limit 77 on GET /rent answers (other reads keep the key's limit)",
          (q) => q.method === 'GET' && apiPath(q) === '/rent',
          (h) => (h['x-ratelimit-limit'] = '77'),
        ),
    },
  ],
  'invariants.idsDatesAndTimestampsCanonicalOnEverySuccess': [
    {
      fault: () =>
        mapJson(
          'GET /properties items carry id "property-<n>" instead of a UUID',
          (q, r) => q.method === 'GET' && apiPath(q) === '/properties' && r.status === 200,
          (b) => ({
            ...b,
            data: Array.isArray(b.data) ? (b.data as Rec[]).map((p, i) => ({ ...p, id: `property-${i + 1}` })) : b.data,
          }),
        ),
    },
  ],
};
