// The faults of the checks in handbook.ts: each must make its check FAIL (a broken deployment per fault).
import { codeOf, mapJson } from '../../support/faults';
import { Rec, path, dataOf } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Handbook -------------------------------------------------------------------------------------------
  'handbook.shapeOnEveryProperty': [
    redTeamFault('handbook-knowledge-empty-record-when-nothing-recorded'),
    {
      fault: () =>
        mapJson(
          'supplier items carry the account number',
          (q, r) => /\/handbook$/.test(path(q)) && r.status === 200,
          (b) => ({
            ...b,
            data: {
              ...(b.data as Rec),
              suppliers: ((b.data as Rec).suppliers as Rec[]).map((s, i) => ({ ...s, accountNumber: `ACC-${i}` })),
            },
          }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'a handbook with nothing recorded answers 404',
          (q, r) => /\/handbook$/.test(path(q)) && r.status === 200 && (dataOf(r) as Rec).knowledge === null,
          () => [{ error: 'Handbook not found', code: 'NOT_FOUND' }, 404],
        ),
    },
    {
      fault: () =>
        mapJson(
          'meter units in lower case (kwh)',
          (q, r) => /\/handbook$/.test(path(q)) && r.status === 200,
          (b) => ({
            ...b,
            data: {
              ...(b.data as Rec),
              meters: ((b.data as Rec).meters as Rec[]).map((m) => ({ ...m, unit: String(m.unit).toLowerCase() })),
            },
          }),
        ),
    },
  ],
  'handbook.answers401And404': [
    {
      fault: () =>
        mapJson(
          'the handbook of an unknown property answers 200 with an empty handbook',
          (q, r) => /\/handbook$/.test(path(q)) && codeOf(r) === 'NOT_FOUND',
          () => [
            {
              data: {
                propertyId: null,
                knowledge: null,
                completeness: { filled: 0, total: 0, missing: [] },
                meters: [],
                suppliers: [],
              },
            },
            200,
          ],
        ),
    },
  ],
};
