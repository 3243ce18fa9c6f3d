// The removed route: `PATCH /maintenance/{id}` answers 410 ENDPOINT_DEPRECATED and names
// `PATCH /maintenance/issues/{id}` as its successor, in the message and in the Link header.

import { defineCheck, type CheckContext } from '../../runner';
import { DEPRECATED_ROUTE } from '../shared/spec';
import { messageOf, unknownId } from '../shared/util';

export const patchMaintenanceAnswers410NamingSuccessor = defineCheck({
  id: 'deprecation.patchMaintenanceAnswers410NamingSuccessor',
  title:
    'PATCH /maintenance/{id} answers 410 ENDPOINT_DEPRECATED naming PATCH /maintenance/issues/{id} in the message and the Link header',
  group: 'Endpoints > Endpoints named but not detailed',
  rules: ['DEPRECATED-1', 'DEPRECATED-2', 'DEPRECATED-3', 'VERSION-4', 'ERR-ENDPOINT_DEPRECATED'],
  async run(ctx: CheckContext) {
    const bodies: unknown[] = [{ status: 'In_Progress' }, {}];
    for (const json of bodies) {
      const id = unknownId();
      const res = await ctx.http.request({
        method: DEPRECATED_ROUTE.method,
        path: `/maintenance/${id}`,
        key: 'enterpriseLive',
        json,
      });
      ctx.expectErrorEnvelope(res, 410, 'ENDPOINT_DEPRECATED', {
        rules: ['DEPRECATED-1', 'VERSION-4', 'ERR-ENDPOINT_DEPRECATED'],
      });
      const message = messageOf(res);
      // "{id}" literally, or the id of the request in its place.
      const successor = new RegExp(`PATCH\\s+\\S*/maintenance/issues/(\\{id\\}|:id|${id})`);
      ctx.expect(
        successor.test(message),
        'the 410 message to name PATCH /maintenance/issues/{id} as the successor',
        `"${message}"`,
        res.exchange,
        { rules: ['DEPRECATED-2', 'VERSION-4'] },
      );
      ctx.expectHeader(
        res,
        'Link',
        (v) => v !== undefined && /\/maintenance\/issues\/(\{id\}|:id|[0-9a-f-]{36})/i.test(v),
        `to name /maintenance/issues/{id} as the successor`,
        { rules: ['DEPRECATED-3', 'VERSION-4'] },
      );
    }
    ctx.note('PATCH /maintenance/{id}: 410 ENDPOINT_DEPRECATED, successor named in the message and the Link header');
  },
});
