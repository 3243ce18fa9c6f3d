// The faults of the checks in access.ts: each must make its check FAIL (a broken deployment per fault).
import { codeOf, errorResponse, isWrite, keyOf, mapJson, swapKey, withKey } from '../../support/faults';
import { live, key } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'auth.readOnlyKeyOnWriteRoutesAnswers403InsufficientScope': [
    {
      fault: (t) =>
        swapKey(
          'a read_only key writes (its writes go through as the live key)',
          key(t, 'enterpriseReadOnly'),
          live(t),
          isWrite,
        ),
    },
    {
      fault: () =>
        mapJson(
          'INSUFFICIENT_SCOPE answered as FORBIDDEN',
          (_q, r) => codeOf(r) === 'INSUFFICIENT_SCOPE',
          (b) => ({ ...b, code: 'FORBIDDEN' }),
        ),
    },
  ],
  'auth.noApiAccessPlansAnswer403PlanUpgradeRequired': [
    {
      fault: (t) =>
        swapKey('the Professional key works like a Portfolio key', key(t, 'professional'), key(t, 'portfolioLive')),
    },
    {
      fault: () =>
        mapJson(
          'PLAN_UPGRADE_REQUIRED answered as 402 PAYMENT_REQUIRED',
          (_q, r) => codeOf(r) === 'PLAN_UPGRADE_REQUIRED',
          (b) => [{ ...b, code: 'PAYMENT_REQUIRED' }, 402],
        ),
    },
  ],
  'auth.portfolioPlanWritesAnswer403WriteRequiresEnterprise': [
    {
      fault: () =>
        mapJson(
          'WRITE_REQUIRES_ENTERPRISE answered as INSUFFICIENT_SCOPE',
          (_q, r) => codeOf(r) === 'WRITE_REQUIRES_ENTERPRISE',
          (b) => ({ ...b, code: 'INSUFFICIENT_SCOPE' }),
        ),
    },
    { fault: (t) => swapKey('Portfolio writes go through as Enterprise', key(t, 'portfolioLive'), live(t), isWrite) },
  ],
  'auth.portfolioPlanReadsAreAllowed': [
    {
      fault: (t) => ({
        description: 'Portfolio reads refused with PLAN_UPGRADE_REQUIRED',
        request: (req) =>
          keyOf(req) === t.keys.portfolioLive && !isWrite(req)
            ? errorResponse(403, 'PLAN_UPGRADE_REQUIRED', 'Upgrade your plan')
            : undefined,
      }),
    },
  ],
  'auth.roleRouteMethodMatrixMatchesSpec': [
    {
      fault: () =>
        mapJson(
          'every 403 carries FORBIDDEN instead of its specific code',
          (_q, r) => r.status === 403,
          (b) => ({ ...b, code: 'FORBIDDEN' }),
        ),
    },
    {
      fault: (t) => {
        const refused = new Set([t.keys.enterpriseReadOnly, t.keys.portfolioLive, t.extraKeys.portfolioReadOnly]);
        return {
          description: 'writes of read_only and Portfolio keys go through as the live key',
          request: (req) => (isWrite(req) && refused.has(keyOf(req)) ? withKey(req, live(t)) : undefined),
        };
      },
    },
  ],
};
