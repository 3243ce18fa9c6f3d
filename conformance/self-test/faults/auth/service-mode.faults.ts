// The faults of the checks in service-mode.ts: each must make its check FAIL (a broken deployment per fault).
import { keyOf, mapHeaders } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'auth.serviceModeHeaderOnEveryResponseFollowsKeyPrefix': [
    {
      fault: () =>
        mapHeaders(
          'no X-Service-Mode on error answers',
          (_q, r) => r.status >= 400,
          (h) => delete h['x-service-mode'],
        ),
    },
    {
      fault: (t) =>
        mapHeaders(
          'X-Service-Mode "live" for the sandbox key',
          (q) => keyOf(q) === t.keys.enterpriseSandbox,
          (h) => (h['x-service-mode'] = 'live'),
        ),
    },
  ],
};
