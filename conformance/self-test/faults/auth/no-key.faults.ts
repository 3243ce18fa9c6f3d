// The faults of the checks in no-key.ts: each must make its check FAIL (a broken deployment per fault).
import { apiPath, errorResponse, isWrite, keyOf, swapKey, withKey } from '../../support/faults';
import { live, key } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'auth.everyRouteRefusesARequestWithoutAKey': [
    {
      fault: (t) => ({
        description: 'GET /compliance/summary answers without a key, as the Enterprise landlord',
        request: (req) =>
          apiPath(req) === '/compliance/summary' && keyOf(req) === undefined ? withKey(req, live(t)) : undefined,
      }),
    },
    {
      fault: () => ({
        description: 'a DELETE without a key answers 404 (the resource is looked up before the key)',
        request: (req) =>
          req.method === 'DELETE' && apiPath(req) !== undefined && keyOf(req) === undefined
            ? errorResponse(404, 'NOT_FOUND', 'Contract not found')
            : undefined,
      }),
    },
    {
      fault: (t) =>
        swapKey(
          "the landlord's read-only key reads another landlord's portfolio",
          key(t, 'enterpriseReadOnly'),
          key(t, 'otherLandlord'),
          (q) => !isWrite(q),
        ),
    },
  ],
};
