// The faults of the checks in team.ts: each must make its check FAIL (a broken deployment per fault).
import { mapJson } from '../../support/faults';
import { path, items } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Team and the named endpoints -------------------------------------------------------------------------
  'team.rosterShape': [
    {
      fault: () =>
        mapJson(
          'team members lack email',
          (q, r) => path(q) === '/team' && r.status === 200,
          (b) => ({ ...b, data: items(b).map(({ email: _e, ...rest }) => rest) }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'the team roster is empty',
          (q, r) => path(q) === '/team' && r.status === 200,
          (b) => ({ ...b, data: [] }),
        ),
    },
  ],
};
