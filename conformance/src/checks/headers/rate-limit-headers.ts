// Endpoints / Limits: X-RateLimit-Limit, -Remaining, -Reset (Unix seconds) on responses of GET endpoints and of
// rent and invoice endpoints, errors included; Remaining goes down as the key is used.

import type { HttpResponse, RequestOptions } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { RATE_WINDOW_DAY_SECONDS } from '../../rules';
import { answerSeconds, earliestResetSecond, SECOND_ROUNDING } from '../shared/dates';
import { invoiceRequest, registerLandlordKey } from '../shared/invoice-budget';
import { provisionKey, provisionLandlord } from '../shared/provision';
import { carriesRateLimitHeaders, routeName, SPEC_ROUTES, type SpecRoute } from '../../spec-routes';
import { LandlordData, requestFor, unservedGroups } from '../access/requests';
import { createOwnItems } from '../generated/own-items';
import { rentBody, rentFields, suitePeriod } from '../shared/own-data';
import { GET_BY_ID_ROUTES, GET_COLLECTION_ROUTES } from '../shared/spec';
import { fillPath, listIds } from '../shared/util';

const GROUP = 'Endpoints';
const LIVE = 'enterpriseLive';

export interface RateLimitHeaders {
  readonly limit: number;
  readonly remaining: number;
  readonly reset: number;
}

const INT = /^\d+$/;

/** Asserts the three headers and their plausibility; returns their values. */
export function expectRateLimitHeaders(ctx: CheckContext, res: HttpResponse, what: string): RateLimitHeaders {
  const rules = { rules: ['ENDPOINTS-3', 'LIMIT-RATE-4'] };
  const limit = ctx.expectHeader(
    res,
    'X-RateLimit-Limit',
    (v) => v !== undefined && INT.test(v.trim()) && Number(v) > 0,
    `to be a positive integer on ${what}`,
    rules,
  );
  const remaining = ctx.expectHeader(
    res,
    'X-RateLimit-Remaining',
    (v) => v !== undefined && INT.test(v.trim()) && Number(v) <= Number(limit),
    `to be an integer from 0 to X-RateLimit-Limit (${limit}) on ${what}`,
    rules,
  );
  // "Now" is the answer's own Date (the deployment's clock), so the window is exact but for second rounding and
  // the time the deployment spent on the request after reading its limits.
  const nowSeconds = answerSeconds(res.headers, ctx.clock.now());
  const reset = ctx.expectHeader(
    res,
    'X-RateLimit-Reset',
    (v) =>
      v !== undefined &&
      INT.test(v.trim()) &&
      Number(v) >= earliestResetSecond(nowSeconds, res.exchange.durationMs) &&
      Number(v) <= nowSeconds + RATE_WINDOW_DAY_SECONDS + SECOND_ROUNDING,
    `to be Unix seconds within the 24 hours after the answer's Date (${nowSeconds}) on ${what}`,
    { rules: ['ENDPOINTS-3', 'ENDPOINTS-4', 'LIMIT-RATE-4'] },
  );
  return { limit: Number(limit), remaining: Number(remaining), reset: Number(reset) };
}

export const rateLimitHeadersOnGetAndRentResponses = defineCheck({
  id: 'headers.rateLimitHeadersOnGetAndRentResponses',
  title:
    'Responses of GET endpoints (errors included) and of rent and invoice endpoints carry X-RateLimit-Limit, -Remaining and -Reset in Unix seconds',
  group: GROUP,
  rules: ['ENDPOINTS-3', 'ENDPOINTS-4', 'LIMIT-RATE-4'],
  async run(ctx: CheckContext) {
    const probes: Array<{
      what: string;
      method: string;
      path: string;
      query?: Record<string, string | number>;
      json?: unknown;
    }> = [];
    for (const route of GET_COLLECTION_ROUTES)
      probes.push({ what: `GET ${route.path}`, method: 'GET', path: route.path });
    const ids = new Map<string, string | undefined>();
    for (const route of GET_BY_ID_ROUTES.filter((r) => !r.landlordLimited)) {
      if (!ids.has(route.idsFrom)) ids.set(route.idsFrom, (await listIds(ctx, route.idsFrom, 'enterpriseLive', 1))[0]);
      const id = ids.get(route.idsFrom);
      if (id !== undefined)
        probes.push({ what: `GET ${route.path}`, method: 'GET', path: fillPath(route.path, { id }) });
    }
    probes.push(
      { what: 'GET /properties/{id} (404)', method: 'GET', path: fillPath('/properties/{id}') },
      { what: 'GET /properties?limit=501 (400)', method: 'GET', path: '/properties', query: { limit: 501 } },
      { what: 'GET /rent/{id}/invoice/pdf (404)', method: 'GET', path: fillPath('/rent/{id}/invoice/pdf') },
      { what: 'PATCH /rent/{id} (404)', method: 'PATCH', path: fillPath('/rent/{id}'), json: { status: 'Paid' } },
    );
    for (const probe of probes) {
      const options = {
        method: probe.method,
        path: probe.path,
        key: 'enterpriseLive',
        ...(probe.query ? { query: probe.query } : {}),
        ...(probe.json !== undefined ? { json: probe.json } : {}),
      };
      // The invoice PDF has a per-landlord limit of its own: its request is booked with the other checks' ones.
      const res = probe.path.endsWith('/invoice/pdf')
        ? await invoiceRequest(ctx, 'pdf', options)
        : await ctx.http.request(options);
      expectRateLimitHeaders(ctx, res, `${probe.what} (status ${res.status})`);
    }
    ctx.note(
      `${probes.length} responses (GET endpoints, GET errors, rent and invoice) carried plausible X-RateLimit-* headers`,
    );
  },
});

/** One route's requests of the Remaining probe: how to send one, and with which key. */
interface RemainingProbe {
  readonly what: string;
  readonly send: () => Promise<HttpResponse>;
}

/**
 * Whose requests a route's probe sends. With dashboard access: a landlord of the check's own and a fresh key of it
 * per route, so a probe's window holds its own four requests only (a key others use, or one this check used a
 * minute before, may free slots as older requests slide out and keep Remaining still). Without: the quietest key of
 * the target for reads (others' traffic only makes Remaining fall faster), the read_write one for writes.
 */
async function probeKeys(
  ctx: CheckContext,
): Promise<{ readonly items: string; readonly keyFor: (route: SpecRoute) => Promise<string> }> {
  if (!ctx.target.provisioning) {
    const reader = ctx.hasKey('enterpriseReadOnly') ? 'enterpriseReadOnly' : LIVE;
    return { items: LIVE, keyFor: (route) => Promise.resolve(route.access === 'read' ? reader : LIVE) };
  }
  const own = await provisionLandlord(ctx, 'remaining');
  return {
    items: own.live,
    keyFor: async () => {
      const { key } = await provisionKey(ctx, { landlordId: own.landlordId });
      registerLandlordKey(key, own.landlordId);
      return key;
    },
  };
}

/**
 * The probe of every route the spec gives X-RateLimit-* ("GET endpoints and ... rent and invoice endpoints"), on
 * items of the check's own (the writes change only those); the invoice routes booked in the landlord's invoice window.
 */
async function remainingProbes(ctx: CheckContext): Promise<RemainingProbe[]> {
  const keys = await probeKeys(ctx);
  const unserved = await unservedGroups(ctx, keys.items);
  const own = await createOwnItems(ctx, keys.items, 'remaining');
  const data = new LandlordData(ctx, keys.items);
  const fields = rentFields(ctx);
  const probes: RemainingProbe[] = [];
  for (const route of SPEC_ROUTES.filter((r) => carriesRateLimitHeaders(r) && !unserved.has(r.group))) {
    const ids = own.idsFor(route) ?? (await data.idsFor(route));
    if (ids === undefined) continue;
    const key = await keys.keyFor(route);
    let n = 0;
    const request = async (): Promise<RequestOptions> => {
      n += 1;
      if (route.body === 'rent')
        return {
          method: 'POST',
          path: '/rent',
          json: rentBody(own.chain, fields, { period: suitePeriod(ctx, `remaining ${n}`), status: 'Pending' }),
        };
      return requestFor(ctx, route, ids, data, `remaining-${n}`);
    };
    probes.push({
      what: routeName(route),
      send: async () => {
        const options = { ...(await request()), key };
        return route.invoice ? invoiceRequest(ctx, route.invoice, options) : ctx.http.request(options);
      },
    });
  }
  return probes;
}

export const rateLimitRemainingDecreasesWithUse = defineCheck({
  id: 'headers.rateLimitRemainingDecreasesWithUse',
  title:
    'On every route carrying X-RateLimit-* (each GET endpoint, the rent and the invoice endpoints), X-RateLimit-Remaining goes down with each request of a key while the limit stays',
  group: GROUP,
  rules: ['LIMIT-RATE-4', 'ENDPOINTS-3'],
  long: true,
  async run(ctx: CheckContext) {
    const probes = await remainingProbes(ctx);
    const seenOn: string[] = [];
    for (const probe of probes) {
      const attempt = async (): Promise<{ ok: boolean; seen: RateLimitHeaders[]; last: HttpResponse }> => {
        const seen: RateLimitHeaders[] = [];
        let last: HttpResponse | undefined;
        for (let i = 0; i < 4; i++) {
          last = await probe.send();
          seen.push(expectRateLimitHeaders(ctx, last, `${probe.what} (status ${last.status})`));
        }
        const ok = seen.every(
          (h, i) => i === 0 || (h.remaining < seen[i - 1].remaining && h.limit === seen[i - 1].limit),
        );
        return { ok, seen, last: last as HttpResponse };
      };
      // A sliding window may free a slot between two requests; one retry tells that apart from a counter that never moves.
      let result = await attempt();
      if (!result.ok) result = await attempt();
      ctx.expect(
        result.ok,
        `X-RateLimit-Remaining strictly decreasing over 4 consecutive requests with the same key on ${probe.what}, X-RateLimit-Limit constant`,
        result.seen.map((h) => `${h.remaining}/${h.limit}`).join(' → '),
        result.last.exchange,
      );
      seenOn.push(`${probe.what} ${result.seen.map((h) => h.remaining).join('→')}`);
    }
    ctx.note(`Remaining fell with each request on ${probes.length} routes: ${seenOn.join('; ')}`);
  },
});
