// Endpoints / Limits: X-RateLimit-Limit, -Remaining, -Reset (Unix seconds) on responses of GET endpoints and of
// rent and invoice endpoints, errors included; Remaining goes down as the key is used.

import type { HttpResponse } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { RATE_WINDOW_DAY_SECONDS } from '../../rules';
import { answerLatencySeconds, answerSeconds, SECOND_ROUNDING } from '../shared/dates';
import { invoiceRequest } from '../shared/invoice-budget';
import { provisionKey } from '../shared/provision';
import { GET_BY_ID_ROUTES, GET_COLLECTION_ROUTES } from '../shared/spec';
import { fillPath, listIds } from '../shared/util';

const GROUP = 'Endpoints';

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
  const earliest = nowSeconds - answerLatencySeconds(res.exchange.durationMs) - SECOND_ROUNDING;
  const reset = ctx.expectHeader(
    res,
    'X-RateLimit-Reset',
    (v) =>
      v !== undefined &&
      INT.test(v.trim()) &&
      Number(v) >= earliest &&
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

export const rateLimitRemainingDecreasesWithUse = defineCheck({
  id: 'headers.rateLimitRemainingDecreasesWithUse',
  title: 'X-RateLimit-Remaining goes down with each request of a key (the limit stays)',
  group: GROUP,
  rules: ['LIMIT-RATE-4', 'ENDPOINTS-3'],
  async run(ctx: CheckContext) {
    // A key of the check's own when provisioning allows: nothing else spends it, and no request of a minute ago can
    // leave its sliding window between two of these (which frees a slot and lets Remaining rise, as it may). Else
    // the read-only key, the quietest of the target's.
    const role = ctx.target.provisioning
      ? (await provisionKey(ctx, { scope: 'read_only' })).key
      : ctx.hasKey('enterpriseReadOnly')
        ? 'enterpriseReadOnly'
        : 'enterpriseLive';
    const attempt = async (): Promise<{ ok: boolean; seen: RateLimitHeaders[]; last: HttpResponse }> => {
      const seen: RateLimitHeaders[] = [];
      let last: HttpResponse | undefined;
      for (let i = 0; i < 4; i++) {
        last = await ctx.http.request({ path: '/properties', key: role, query: { limit: 1 } });
        ctx.expectStatus(last, 200);
        seen.push(expectRateLimitHeaders(ctx, last, 'GET /properties'));
      }
      const ok = seen.every(
        (h, i) => i === 0 || (h.remaining < seen[i - 1].remaining && h.limit === seen[i - 1].limit),
      );
      return { ok, seen, last: last as HttpResponse };
    };
    // On a shared key a sliding window may free slots between two requests; retries tell that apart from a counter
    // that never moves.
    let result = await attempt();
    for (let retry = 0; retry < 2 && !result.ok; retry++) result = await attempt();
    ctx.expect(
      result.ok,
      'X-RateLimit-Remaining strictly decreasing over 4 consecutive requests with the same key, X-RateLimit-Limit constant',
      result.seen.map((h) => `${h.remaining}/${h.limit}`).join(' → '),
      result.last.exchange,
    );
    ctx.note(`Remaining ${result.seen.map((h) => h.remaining).join(' → ')} of ${result.seen[0]?.limit}`);
  },
});
