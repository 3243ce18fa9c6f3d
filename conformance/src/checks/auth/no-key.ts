// Overview: "Every request is made with an API key that identifies one landlord account." Every route of the spec
// (reads, writes, uploads, the invoice routes) refuses a request that carries no key with 401 UNAUTHORIZED and no
// data (Authentication 6), and a key identifies its landlord: another key of the same landlord reaches the same
// resources, a key of another landlord does not (404, Authentication 8).

import type { HttpResponse, RequestOptions } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import {
  DEPRECATED_ROUTE,
  GET_BY_ID_ROUTES,
  GET_COLLECTION_ROUTES,
  WRITE_ROUTES,
  type SpecRoute,
} from '../shared/spec';
import {
  deleteIfCreated,
  fillPath,
  isRecord,
  listIds,
  multipartBody,
  propertyBody,
  requestRetryingResets,
} from '../shared/util';

/** Every route of the spec but the removed one (its 410 is the subject of VERSION-4, whatever the credentials). */
const ROUTES: readonly SpecRoute[] = [...GET_COLLECTION_ROUTES, ...GET_BY_ID_ROUTES, ...WRITE_ROUTES].filter(
  (r) => !(r.method === DEPRECATED_ROUTE.method && r.path === DEPRECATED_ROUTE.path),
);

/** The request a client would send, minus the key: unknown ids, a small body of the route's kind. */
function keylessRequest(ctx: CheckContext, route: SpecRoute): RequestOptions {
  const base: RequestOptions = { method: route.method, path: fillPath(route.path), auth: 'none' };
  if (route.method === 'GET' || route.method === 'DELETE') return base;
  if (route.multipart) {
    const form = multipartBody({
      name: `${ctx.marker} no key`,
      type: 'EPC_Certificate',
      text: `${ctx.marker} no key`,
      file: { filename: 'no-key.pdf', contentType: 'application/pdf', content: '%PDF-1.4\n%%EOF\n' },
    });
    return { ...base, body: form.body, headers: { 'content-type': form.contentType } };
  }
  return { ...base, json: route.path === '/properties' ? propertyBody(ctx, 'no-key') : {} };
}

export const everyRouteRefusesARequestWithoutAKey = defineCheck({
  id: 'auth.everyRouteRefusesARequestWithoutAKey',
  title:
    "Every route answers a request without an API key 401 UNAUTHORIZED with no data; a key reaches its own landlord's resources only",
  group: 'Authentication',
  rules: ['OVERVIEW-3', 'AUTH-6', 'ERR-UNAUTHORIZED'],
  async run(ctx: CheckContext) {
    for (const route of ROUTES) {
      const res: HttpResponse = await requestRetryingResets(ctx, keylessRequest(ctx, route));
      if (route.method === 'POST' && route.path === '/properties') deleteIfCreated(ctx, res, 'enterpriseLive');
      ctx.expect(
        res.status === 401 && !(isRecord(res.json) && 'data' in res.json),
        `${route.method} ${route.path} without an API key: 401 UNAUTHORIZED and no data (every request is made with a key)`,
        () => describeResponse(res),
        res.exchange,
        { rules: ['OVERVIEW-3', 'AUTH-6'] },
      );
      ctx.expectErrorEnvelope(res, 401, 'UNAUTHORIZED', { rules: ['AUTH-6', 'ERR-UNAUTHORIZED'] });
    }

    // The key identifies one landlord: the landlord's other key reaches its property, another landlord's key does not.
    const [id] = await listIds(ctx, '/properties', 'enterpriseLive', 1);
    if (id === undefined) {
      ctx.note(
        `${ROUTES.length} routes refused a request without a key (401 UNAUTHORIZED); the landlord has no property to tell keys apart by`,
      );
      return;
    }
    let compared = 0;
    for (const [role, same] of [
      ['enterpriseReadOnly', true],
      ['otherLandlord', false],
    ] as const) {
      if (!ctx.hasKey(role)) continue;
      const res = await ctx.http.request({ path: `/properties/${id}`, key: role });
      if (same) {
        const body = ctx.expectSuccessEnvelope(res, 200, { rules: ['OVERVIEW-3'] });
        ctx.expect(
          isRecord(body.data) && body.data.id === id,
          `the ${role} key (the same landlord as enterpriseLive) to reach property ${id}`,
          () => describeResponse(res),
          res.exchange,
          { rules: ['OVERVIEW-3'] },
        );
      } else {
        ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND', { rules: ['OVERVIEW-3'] });
      }
      compared++;
    }
    ctx.note(
      `${ROUTES.length} routes refused a request without a key (401 UNAUTHORIZED)${compared ? `; property ${id} was reached by its landlord's keys only` : ''}`,
    );
  },
});
