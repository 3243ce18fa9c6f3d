// Generated from the route table: every route addressing a resource by id (reads, PATCH, DELETE, uploads, the
// invoice routes; documents by `{docId}`), aimed by the other landlord's key at real items of a landlord of the
// check's own, with a body that passes validation: "A resource that does not exist or belongs to another landlord
// returns `404 NOT_FOUND`, never 403" (AUTH-8, and the client guidance ERR-8), and the owner reads every item back
// unchanged. The items are the check's own, so a deployment that lets the write through changes only suite data.

import type { RequestOptions } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import { BY_ID_ROUTES, routeName, type SpecRoute } from '../../spec-routes';
import { LandlordData, readBack, requestFor, sendOnRoute, unservedGroups } from '../access/requests';
import { ownWriteKey } from '../shared/provision';
import { codeOf } from '../shared/util';
import { createOwnItems } from './own-items';

const OTHER = 'otherLandlord';
const RULES = ['AUTH-8', 'ERR-8', 'ERR-NOT_FOUND', 'OVERVIEW-4'];

/** The foreign probes go last on the routes that remove what the others need (deletes). */
function byDeletesLast(routes: readonly SpecRoute[]): SpecRoute[] {
  return [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

export const foreignIdsAnswer404OnEveryByIdRoute = defineCheck({
  id: 'generated.foreignIdsAnswer404OnEveryByIdRoute',
  title:
    "Every by-id route of the spec (GET, PATCH, DELETE, uploads, invoice PDF and email; documents by docId), with another landlord's real ids and a valid body, answers 404 NOT_FOUND, never 403, and the owner reads the item back unchanged",
  group: 'Authentication',
  rules: RULES,
  needs: ['otherLandlord'],
  long: true,
  async run(ctx: CheckContext) {
    const key = await ownWriteKey(ctx, 'foreign-route');
    const own = await createOwnItems(ctx, key, 'froute');
    const owner = new LandlordData(ctx, key);
    const unserved = await unservedGroups(ctx, key);
    const unreached: string[] = [];
    let sent = 0;
    for (const [i, route] of byDeletesLast(BY_ID_ROUTES).entries()) {
      if (unserved.has(route.group)) continue;
      const ids = own.idsFor(route) ?? (await owner.idsFor(route));
      if (!ids) {
        unreached.push(`${routeName(route)} (no item of the landlord to address)`);
        continue;
      }
      const tag = `foreign-route-${i}.`;
      const request = await requestFor(ctx, route, ids, owner, tag);
      const before = route.access === 'write' ? await readBack(ctx, route, ids, key, request, tag) : undefined;
      const options: RequestOptions = { ...request, key: OTHER };
      const res = await sendOnRoute(ctx, route, options);
      ctx.expect(
        res.status === 404 && codeOf(res) === 'NOT_FOUND',
        `${routeName(route)} with another landlord's real ids: 404 NOT_FOUND, never 403`,
        () => describeResponse(res),
        res.exchange,
        { rules: RULES },
      );
      ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['AUTH-8', 'ERR-NOT_FOUND'] });
      if (route.access === 'write') {
        const after = await readBack(ctx, route, ids, key, request, tag);
        ctx.expect(
          after === before,
          `the refused ${routeName(route)} to change nothing: read back with the owner's key`,
          () => `before: ${before}; after: ${after}`,
          undefined,
          { rules: ['AUTH-8', 'OVERVIEW-4'] },
        );
      }
      sent++;
    }
    ctx.note(
      `${sent} by-id routes with another landlord's real ids: 404 NOT_FOUND, read back unchanged${unreached.length ? `; not reached: ${unreached.join('; ')}` : ''}`,
    );
  },
});
