// The removed route: `PATCH /maintenance/{id}` answers 410 ENDPOINT_DEPRECATED and names
// `PATCH /maintenance/issues/{id}` as its successor, in the message and in the Link header.

import { parseLinks, targetPath } from '../../http/link';
import { defineCheck, type CheckContext } from '../../runner';
import { DEPRECATED_ROUTE } from '../shared/spec';
import { messageOf, unknownId } from '../shared/util';

/** The successor's path, its id as a placeholder (`{id}`, `{issueId}`, `:id`) or a UUID. */
const SUCCESSOR_PATH =
  /\/maintenance\/issues\/(\{\w+\}|:\w+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

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
      // "{id}" (or another placeholder: "{issueId}", ":id", "<id>"), or the id of the request in its place.
      const successor = new RegExp(`PATCH\\s+\\S*/maintenance/issues/(\\{\\w+\\}|:\\w+|<\\w+>|${id})`);
      ctx.expect(
        successor.test(message),
        'the 410 message to name PATCH /maintenance/issues/{id} as the successor',
        `"${message}"`,
        res.exchange,
        { rules: ['DEPRECATED-2', 'VERSION-4'] },
      );
      // Read as RFC 8288 links (any order of parameters, several links, relative or percent-encoded targets):
      // one of them must target the successor's path.
      ctx.expectHeader(
        res,
        'Link',
        (v) =>
          v !== undefined &&
          (parseLinks(v, res.exchange.request.url) ?? []).some((link) => SUCCESSOR_PATH.test(targetPath(link))),
        'to be RFC 8288 links, one of them to /maintenance/issues/{id}, the successor',
        { rules: ['DEPRECATED-3', 'VERSION-4'] },
      );
    }
    ctx.note('PATCH /maintenance/{id}: 410 ENDPOINT_DEPRECATED, successor named in the message and the Link header');
  },
});
