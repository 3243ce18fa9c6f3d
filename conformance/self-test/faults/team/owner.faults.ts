// Self-test faults of owner.ts.

import type { FaultTable } from '../../support/self-test';
import { apiPath, isRec, mapJson } from '../../support/faults';

export const faults: FaultTable = {
  'team.listsTheAccountOwner': [
    {
      fault: () =>
        mapJson(
          'GET /team leaves the account owner out (members only)',
          (q, r) => apiPath(q) === '/team' && r.status === 200,
          (b) => ({
            ...b,
            data: (Array.isArray(b.data) ? b.data : []).filter(
              (m: unknown) => !(isRec(m) && (m.role === 'Owner' || m.isOwner === true)),
            ),
          }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'GET /team shows the owner under a placeholder address',
          (q, r) => apiPath(q) === '/team' && r.status === 200,
          (b) => ({
            ...b,
            data: (Array.isArray(b.data) ? b.data : []).map((m: unknown) =>
              isRec(m) && m.role === 'Owner' ? { ...m, email: 'owner@example.com' } : m,
            ),
          }),
        ),
    },
  ],
};
