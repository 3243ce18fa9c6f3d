// Generated from the route table: the allowed side of the access matrix. "GET endpoints need Portfolio or
// Enterprise plan" with any scope and either mode (ENDPOINTS-11, AUTH-5, AUTH-4, AUTH-2): every GET route of the
// spec, read with the Portfolio keys (read_write and read_only, on their landlord's real ids) and with the
// Enterprise read_only and sandbox keys (on the main landlord's), answers its success, never a 403. The refusals of other plans and scopes are the access matrix's (access/).

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import { READ_ROUTES, routeName } from '../../spec-routes';
import { LandlordData, sendOnRoute, unservedGroups } from '../access/requests';
import { fillPath } from '../shared/util';

/** A role allowed to read, and the landlord whose ids it reads. */
interface Reader {
  readonly role: string;
  readonly owner: string;
  readonly rules: readonly string[];
}

const READERS: readonly Reader[] = [
  { role: 'portfolioLive', owner: 'portfolioLive', rules: ['AUTH-5', 'ENDPOINTS-11'] },
  { role: 'enterpriseReadOnly', owner: 'enterpriseLive', rules: ['AUTH-4', 'ENDPOINTS-11'] },
  { role: 'portfolioReadOnly', owner: 'portfolioLive', rules: ['AUTH-4', 'AUTH-5', 'ENDPOINTS-11'] },
  // "svc_sandbox_ keys return real data on GET endpoints" (AUTH-2): the mode changes no read's access.
  { role: 'enterpriseSandbox', owner: 'enterpriseLive', rules: ['AUTH-2', 'ENDPOINTS-11'] },
];

export const everyAllowedRoleReadsEveryGetRoute = defineCheck({
  id: 'generated.everyAllowedRoleReadsEveryGetRoute',
  title:
    "Every GET route of the spec answers its success to the Portfolio keys (read_write and read_only, on their landlord's real ids) and to the read_only and sandbox Enterprise keys: GET endpoints need Portfolio or Enterprise, any scope, either mode",
  group: 'Authentication',
  rules: ['AUTH-2', 'AUTH-4', 'AUTH-5', 'ENDPOINTS-11'],
  long: true,
  async run(ctx: CheckContext) {
    const readers = READERS.filter((r) => ctx.hasKey(r.role));
    if (readers.length === 0) ctx.skip('the target has neither a Portfolio key nor a read_only Enterprise key');
    const unserved = await unservedGroups(ctx, 'enterpriseLive');
    const done: string[] = [];
    const unreached: string[] = [];
    for (const reader of readers) {
      const owner = new LandlordData(ctx, reader.owner);
      let routes = 0;
      for (const route of READ_ROUTES) {
        if (unserved.has(route.group)) continue;
        const ids = await owner.idsFor(route);
        if (!ids) {
          unreached.push(`${routeName(route)} with ${reader.role} (its landlord has no item to address)`);
          continue;
        }
        const options = {
          path: fillPath(route.path, ids),
          key: reader.role,
          ...(route.paged ? { query: { limit: 1 } } : {}),
        };
        const res = await sendOnRoute(ctx, route, options);
        ctx.expect(
          res.status === route.successStatus,
          `${routeName(route)} with the ${reader.role} key: ${route.successStatus}`,
          () => describeResponse(res),
          res.exchange,
          { rules: reader.rules },
        );
        routes++;
      }
      done.push(`${reader.role}: ${routes} routes`);
    }
    ctx.note(
      `${done.join('; ')} answered their success${unreached.length ? `; not reached: ${unreached.join('; ')}` : ''}`,
    );
  },
});
