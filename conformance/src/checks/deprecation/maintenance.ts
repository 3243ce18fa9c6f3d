// The removed route: `PATCH /maintenance/{id}` answers 410 ENDPOINT_DEPRECATED and names
// `PATCH /maintenance/issues/{id}` as its successor, in the message and in the Link header.

import { parseLinks, targetPath } from '../../http/link';
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
        // The successor of PATCH /maintenance/X is PATCH /maintenance/issues/X: a placeholder ("{id}", "{issueId}",
        // ":id", "<id>", percent-encoded in a URI reference, RFC 3986 section 2.1), or this request's id.
        const named = `(\\{\\w+\\}|%7B\\w+%7D|:\\w+|<\\w+>|${id})`;
        const message = messageOf(res);
        ctx.expect(
          new RegExp(`PATCH\\s+\\S*/maintenance/issues/${named}`, 'i').test(message),
          'the 410 message to name PATCH /maintenance/issues/{id} as the successor',
          `"${message}"`,
          res.exchange,
          { rules: ['DEPRECATED-2', 'VERSION-4'] },
        );
        // Read as RFC 8288 links (any order of parameters, several links, relative or percent-encoded targets):
        // one of them must target the successor's path.
        const successor = new RegExp(`/maintenance/issues/${named}$`, 'i');
        ctx.expectHeader(
          res,
          'Link',
          (v) =>
            v !== undefined &&
            (parseLinks(v, res.exchange.request.url) ?? []).some((link) => successor.test(targetPath(link))),
          `to be RFC 8288 links, one of them to /maintenance/issues/{id} (or /maintenance/issues/${id}, the request's id), the successor`,
          { rules: ['DEPRECATED-3', 'VERSION-4'] },
        );
      }
    ctx.note(
      `PATCH /maintenance/{id} with ${keys.join(' and ')}: 410 ENDPOINT_DEPRECATED, successor named in the message and the Link header`,
    );
  },
});
