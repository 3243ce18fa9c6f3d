// The faults of the checks in conventions.ts: each must make its check FAIL (a broken deployment per fault).
import { fieldsRewritten, isByIdRead } from '../../support/cross-cutting-faults';
import { apiPath } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'envelope.idsDatesAndTimestampsFollowTheConventions': [
    {
      fault: () =>
        fieldsRewritten(
          'rent payments carry tenantId as "tnt_<hex>" (not a UUID)',
          (q) => apiPath(q) === '/rent',
          /^tenantId$/,
          (v) => `tnt_${String(v).replace(/-/g, '').slice(0, 16)}`,
        ),
    },
    {
      fault: () =>
        fieldsRewritten(
          'rent due dates (under the name the target gives) are DD/MM/YYYY',
          (q) => apiPath(q) === '/rent',
          /^dueDate$/,
          (v) => String(v).split('-').reverse().join('/'),
        ),
    },
    {
      fault: () =>
        fieldsRewritten(
          'the compliance summary gives generatedAt in epoch milliseconds',
          (q) => apiPath(q) === '/compliance/summary',
          /^generatedAt$/,
          (v) => Date.parse(String(v)),
        ),
    },
    {
      fault: () =>
        fieldsRewritten(
          'the compliance summary gives generatedAt without a time zone ("2025-10-17 09:00:09")',
          (q) => apiPath(q) === '/compliance/summary',
          /^generatedAt$/,
          (v) =>
            String(v)
              .replace('T', ' ')
              .replace(/(\.\d+)?Z$/, ''),
        ),
    },
    {
      fault: () =>
        fieldsRewritten(
          "reads by id give contracts' mainTenantId and documents' expiryDate in forms of their own",
          isByIdRead,
          /^(mainTenantId|expiryDate)$/,
          (v) =>
            typeof v === 'string' && /^\d{4}-/.test(v) ? v.split('-').reverse().join('/') : `tnt_${JSON.stringify(v)}`,
        ),
    },
    {
      fault: () =>
        fieldsRewritten(
          'paid rent payments give datePaid as DD/MM/YYYY',
          (q) => apiPath(q) === '/rent',
          /^datePaid$/,
          (v) => (typeof v === 'string' ? v.split('-').reverse().join('/') : v),
        ),
    },
  ],
};
