// The faults of the checks in compliance.ts: each must make its check FAIL (a broken deployment per fault).
import { mapJson } from '../../support/faults';
import { Rec, path, today } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Compliance -----------------------------------------------------------------------------------------
  'compliance.summaryShape': [
    {
      fault: () =>
        mapJson(
          'generatedAt is a date without a time',
          (q, r) => path(q) === '/compliance/summary' && r.status === 200,
          (b) => ({ ...b, data: { ...(b.data as Rec), generatedAt: today() } }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'portfolio.counts lacks the "missing" key',
          (q, r) => path(q) === '/compliance/summary' && r.status === 200,
          (b) => {
            const d = b.data as Rec;
            const p = d.portfolio as Rec;
            const { missing: _m, ...counts } = p.counts as Rec;
            return { ...b, data: { ...d, portfolio: { ...p, counts } } };
          },
        ),
    },
  ],
  'compliance.severityFollowsThresholds': [
    redTeamFault('compliance-thirty-days-urgent'),
    redTeamFault('compliance-sixty-days-due-soon'),
    redTeamFault('compliance-due-today-expired'),
    {
      fault: () =>
        mapJson(
          'items due in 31 to 60 days are reported due_soon',
          (q, r) => (path(q) === '/compliance/summary' || path(q) === '/properties') && r.status === 200,
          (b) => {
            const shift = (i: Rec): Rec => (i.severity === 'urgent' ? { ...i, severity: 'due_soon' } : i);
            const d = b.data as Rec | Rec[];
            if (Array.isArray(d))
              return {
                ...b,
                data: d.map((p) => ({
                  ...p,
                  compliance: { ...(p.compliance as Rec), items: ((p.compliance as Rec).items as Rec[]).map(shift) },
                })),
              };
            return {
              ...b,
              data: {
                ...d,
                attention: (d.attention as Rec[]).map(shift),
                properties: (d.properties as Rec[]).map((p) => ({ ...p, items: (p.items as Rec[]).map(shift) })),
              },
            };
          },
        ),
    },
    {
      // Passed under the old ±1 day of slack: severities unchanged (ok stays ok), only the day count is one more.
      fault: () =>
        mapJson(
          'daysUntil one more than the days to the due date on items due in 100 days or more (summary)',
          (q, r) => path(q) === '/compliance/summary' && r.status === 200,
          (b) => {
            const shift = (i: Rec): Rec =>
              typeof i.daysUntil === 'number' && i.daysUntil >= 100 ? { ...i, daysUntil: i.daysUntil + 1 } : i;
            const d = b.data as Rec;
            return {
              ...b,
              data: {
                ...d,
                properties: (d.properties as Rec[]).map((p) => ({ ...p, items: (p.items as Rec[]).map(shift) })),
              },
            };
          },
        ),
    },
  ],
  'compliance.attentionSortedAndCountsConsistent': [
    redTeamFault('compliance-epc-above-and-below-c-swapped'),
    redTeamFault('compliance-worst-severity-second'),
    {
      fault: () =>
        mapJson(
          'the attention list is sorted best first',
          (q, r) => path(q) === '/compliance/summary' && r.status === 200,
          (b) => ({
            ...b,
            data: { ...(b.data as Rec), attention: [...((b.data as Rec).attention as unknown[])].reverse() },
          }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'portfolio.counts.ok is one too many',
          (q, r) => path(q) === '/compliance/summary' && r.status === 200,
          (b) => {
            const d = b.data as Rec;
            const p = d.portfolio as Rec;
            const c = p.counts as Rec;
            return { ...b, data: { ...d, portfolio: { ...p, counts: { ...c, ok: Number(c.ok) + 1 } } } };
          },
        ),
    },
  ],
};
