// Self-test faults of days-until.ts: daysUntil off by one on some items or in one view only.

import type { FaultTable } from '../../support/self-test';
import { apiPath, isRec, mapJson } from '../../support/faults';
import { redTeamFault } from '../../red-team/deployments';

type Rec = Record<string, unknown>;
const ONE = /^\/properties\/[0-9a-f-]{36}$/i;

/** Rewrites daysUntil on every compliance item of a Property or of the summary's properties. */
function shiftItems(properties: unknown[], shift: (daysUntil: number) => number): void {
  for (const p of properties) {
    if (!isRec(p)) continue;
    const items = isRec(p.compliance) ? p.compliance.items : p.items;
    if (!Array.isArray(items)) continue;
    for (const item of items)
      if (isRec(item) && typeof item.daysUntil === 'number') item.daysUntil = shift(item.daysUntil);
  }
}

export const faults: FaultTable = {
  'compliance.daysUntilExactOnRenewalDates': [
    // The severity edges, on the certificates the check records for a landlord of its own (the fixture's items on
    // the edges are not the check's to rely on).
    redTeamFault('compliance-thirty-days-urgent'),
    redTeamFault('compliance-sixty-days-due-soon'),
    redTeamFault('compliance-due-today-expired'),
    {
      fault: () =>
        mapJson(
          'the summary counts daysUntil from tomorrow (one less than the property view)',
          (q, r) => q.method === 'GET' && apiPath(q) === '/compliance/summary' && r.status === 200,
          (b: Rec) => {
            if (isRec(b.data) && Array.isArray(b.data.properties)) shiftItems(b.data.properties, (d) => d - 1);
            return b;
          },
        ),
    },
    {
      fault: () =>
        mapJson(
          'daysUntil one short on items due in more than 30 days (property view)',
          (q, r) => q.method === 'GET' && ONE.test(apiPath(q) ?? '') && r.status === 200,
          (b: Rec) => {
            if (isRec(b.data)) shiftItems([b.data], (d) => (d > 30 ? d - 1 : d));
            return b;
          },
        ),
    },
  ],
};
