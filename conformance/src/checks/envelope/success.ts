// Response envelope: a success is `{ data, meta? }` (JSON), and list responses carry
// `meta: { page, limit, total, hasNextPage? }` with integers (hasNextPage required on contract lists).

import type { HttpResponse } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { GET_BY_ID_ROUTES, GET_COLLECTION_ROUTES, LIST_ENDPOINTS } from '../shared/spec';
import { fillPath, isInt, isRecord, listIds } from '../shared/util';

/** Checks one success answer; `list`: 'required' | 'optional' meta (lists of "not shown" shape) | 'none' (single object). */
export function expectEnvelope(
  ctx: CheckContext,
  res: HttpResponse,
  what: string,
  list: 'meta' | 'optional-meta' | 'no-meta' | 'single',
  hasNextPage = false,
): void {
  if (res.status === 404)
    ctx.fail(`200 on ${what} (the spec names it)`, `404 ${res.text.slice(0, 200)} (route missing?)`, res.exchange);
  ctx.expectStatus(res, 200);
  ctx.expectHeader(
    res,
    'Content-Type',
    (v) => v !== undefined && /^application\/json\b/i.test(v),
    'application/json on a JSON body',
    { rules: ['ENDPOINTS-1'] },
  );
  const body = res.json;
  ctx.expect(
    isRecord(body) && 'data' in body,
    `${what}: a JSON object { data, meta? }`,
    () => describeValue(body ?? res.text),
    res.exchange,
    { rules: ['ENVELOPE-4'] },
  );
  const extra = Object.keys(body).filter((k) => k !== 'data' && k !== 'meta');
  ctx.expect(
    extra.length === 0,
    `${what}: only "data" and "meta" at the top level`,
    `also ${extra.map((k) => JSON.stringify(k)).join(', ')}`,
    res.exchange,
    { rules: ['ENVELOPE-4'] },
  );
  if (list === 'single') {
    ctx.expect(isRecord(body.data), `${what}: "data" is an object`, () => describeValue(body.data), res.exchange, {
      rules: ['ENVELOPE-4'],
    });
    return;
  }
  ctx.expect(Array.isArray(body.data), `${what}: "data" is an array`, () => describeValue(body.data), res.exchange, {
    rules: ['ENVELOPE-4'],
  });
  const meta = body.meta;
  if (list === 'no-meta' || (list === 'optional-meta' && meta === undefined)) return;
  const rules = ['ENVELOPE-5', 'ENDPOINTS-7'];
  ctx.expect(
    isRecord(meta),
    `${what}: "meta" { page, limit, total } on a list`,
    () => describeValue(meta),
    res.exchange,
    { rules },
  );
  for (const field of ['page', 'limit', 'total'] as const) {
    ctx.expect(
      isInt(meta[field]),
      `${what}: meta.${field} is an integer`,
      () => `meta.${field} is ${describeValue(meta[field])}`,
      res.exchange,
      { rules },
    );
  }
  if (hasNextPage) {
    ctx.expect(
      typeof meta.hasNextPage === 'boolean',
      `${what}: meta.hasNextPage is a boolean on contract lists`,
      () => `meta.hasNextPage is ${describeValue(meta.hasNextPage)}`,
      res.exchange,
      { rules: ['ENDPOINTS-8', 'ENVELOPE-5'] },
    );
  } else if ('hasNextPage' in meta) {
    ctx.expect(
      typeof meta.hasNextPage === 'boolean',
      `${what}: meta.hasNextPage, when present, is a boolean`,
      () => describeValue(meta.hasNextPage),
      res.exchange,
      { rules: ['ENVELOPE-5'] },
    );
  }
  // Other members of meta (totalPages, links, ...) are the deployment's: the spec lists meta's fields without
  // closing the set (docs/conformance-tolerances.md, extra-fields).
}

export const successBodiesAreDataWithMetaOnLists = defineCheck({
  id: 'envelope.successBodiesAreDataWithMetaOnLists',
  title:
    'Every GET endpoint answers { data, meta? } as JSON; lists carry meta with integer page, limit, total (and hasNextPage on contracts)',
  group: 'Resources > Response envelope',
  rules: ['ENVELOPE-4', 'ENVELOPE-5', 'ENDPOINTS-7', 'ENDPOINTS-8', 'ENDPOINTS-1'],
  async run(ctx: CheckContext) {
    let n = 0;
    for (const route of GET_COLLECTION_ROUTES) {
      const list = LIST_ENDPOINTS.find((l) => l.path === route.path);
      const res = await ctx.http.request({ path: route.path, key: 'enterpriseLive' });
      // /team shows no meta in the spec (TEAM-1); lists of "named" endpoints have a shape that is not shown.
      const kind = list
        ? list.detail === 'full'
          ? 'meta'
          : 'optional-meta'
        : route.path === '/team'
          ? 'optional-meta'
          : 'single';
      expectEnvelope(ctx, res, `GET ${route.path}`, kind, list?.hasNextPage ?? false);
      n++;
    }
    const idsByList = new Map<string, string | undefined>();
    for (const route of GET_BY_ID_ROUTES.filter((r) => !r.landlordLimited)) {
      if (!idsByList.has(route.idsFrom))
        idsByList.set(route.idsFrom, (await listIds(ctx, route.idsFrom, 'enterpriseLive', 1))[0]);
      const id = idsByList.get(route.idsFrom);
      if (id === undefined) continue;
      const res = await ctx.http.request({ path: fillPath(route.path, { id }), key: 'enterpriseLive' });
      // Document lists: "200 list of ... documents"; their meta is not described.
      expectEnvelope(ctx, res, `GET ${route.path}`, route.path.endsWith('/documents') ? 'optional-meta' : 'single');
      n++;
    }
    ctx.note(`${n} GET endpoints answered the success envelope`);
  },
});
