// The faults of read-access.ts: each refuses an allowed reader on one GET route only (the Portfolio key on property
// documents, the read_only key on the rent list, ...), as a deployment whose plan, scope or mode table misses a route.
import type { Target } from '../../../src/targets';
import { keyForRole } from '../../../src/targets/roles';
import type { Fault } from '../../support/broken';
import { errorResponse, keyOf } from '../../support/faults';
import { DOCS, path } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

function refused(role: string, route: RegExp, code: string, what: string) {
  return (t: Target): Fault => ({
    description: `GET ${what} refuses the ${role} key with 403 ${code}`,
    request: (req) => {
      const key = keyForRole(t, role);
      return req.method === 'GET' && route.test(path(req)) && key !== undefined && keyOf(req) === key
        ? errorResponse(403, code, `${what} is not available to this key`)
        : undefined;
    },
  });
}

export const faults: FaultTable = {
  'generated.everyAllowedRoleReadsEveryGetRoute': [
    { fault: refused('portfolioLive', DOCS, 'PLAN_UPGRADE_REQUIRED', '/properties/{id}/documents') },
    { fault: refused('enterpriseReadOnly', /^\/rent$/, 'INSUFFICIENT_SCOPE', '/rent') },
    { fault: refused('portfolioReadOnly', /^\/contracts\/[^/]+$/, 'INSUFFICIENT_SCOPE', '/contracts/{id}') },
    { fault: refused('enterpriseSandbox', /^\/events$/, 'FORBIDDEN', '/events') },
  ],
};
