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
    // The route is removed for every key that could have called it: the live key, and the sandbox key (whose writes
    // are mocks on the API's routes; a removed route is none of them).
    const keys = ['enterpriseLive', ...(ctx.hasKey('enterpriseSandbox') ? ['enterpriseSandbox'] : [])];
    const bodies: unknown[] = [{ status: 'In_Progress' }, {}];
    for (const key of keys)
      for (const json of bodies) {
        const id = unknownId();
        const res = await ctx.http.request({
          method: DEPRECATED_ROUTE.method,
          path: `/maintenance/${id}`,
          key,
          json,
        });
        ctx.expectErrorEnvelope(res, 410, 'ENDPOINT_DEPRECATED', {
          rules: ['DEPRECATED-1', 'VERSION-4', 'ERR-ENDPOINT_DEPRECATED'],
        });
        // The successor of PATCH /maintenance/X is PATCH /maintenance/issues/X: "{id}" literally (percent-encoded in a
        // URI reference, RFC 3986 section 2.1), or this request's id.
        const named = `(\\{id\\}|%7Bid%7D|:id|${id})`;
        const message = messageOf(res);
        ctx.expect(
          new RegExp(`PATCH\\s+\\S*/maintenance/issues/${named}`, 'i').test(message),
          'the 410 message to name PATCH /maintenance/issues/{id} as the successor',
          `"${message}"`,
          res.exchange,
          { rules: ['DEPRECATED-2', 'VERSION-4'] },
        );
        ctx.expectHeader(
          res,
          'Link',
          (v) => v !== undefined && new RegExp(`/maintenance/issues/${named}([^0-9a-z-]|$)`, 'i').test(v),
          `to name /maintenance/issues/{id} (or /maintenance/issues/${id}, the request's id) as the successor`,
          { rules: ['DEPRECATED-3', 'VERSION-4'] },
        );
      }
    ctx.note(
      `PATCH /maintenance/{id} with ${keys.join(' and ')}: 410 ENDPOINT_DEPRECATED, successor named in the message and the Link header`,
    );
  },
});
