// The faults of the checks in occupants.ts: each must make its check FAIL (a broken deployment per fault).
import { mapJson } from '../../support/faults';
import { path, items, withQuery } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'overview.currentOccupantsResolveThroughActiveContract': [
    {
      fault: () =>
        mapJson(
          'contracts lose their additionalTenantIds',
          (q, r) => path(q).startsWith('/contracts') && r.status === 200,
          (b) => ({
            ...b,
            data: Array.isArray(b.data) ? items(b).map((c) => ({ ...c, additionalTenantIds: [] })) : b.data,
          }),
        ),
    },
    {
      fault: () => ({
        description: 'the status=Active filter is ignored when a propertyId is given',
        request: (req) =>
          path(req) === '/contracts' && req.query.has('propertyId') && req.query.get('status') === 'Active'
            ? withQuery(req, (q) => q.delete('status'))
            : undefined,
      }),
    },
  ],
};
