// Global response invariants, judged on EVERY answer of the deployment under test that the run receives, not
// only on the few requests a check aims at them: each check below is an observer (Check.observe) that the HTTP
// client of every check feeds (requests under the target's baseUrl only: never the dashboard, mail capture,
// webhook receiver or media links). The checks run after all others and report what the run showed; each also
// sends a few requests of its own, so it judges something when run alone.

import type { ObservedBody } from '../../http/client';
import type { RecordedExchange } from '../../model';
import { isRetryAfter } from '../../http/retry-after';
import { defineCheck, type CheckContext, type CheckDefinition } from '../../runner';
import { oneLine } from '../../runner/describe';
import type { ObserverState } from '../../runner/run-scope';
import { RATE_WINDOW_DAY_SECONDS } from '../../rules';
import { carriesRateLimitHeaders, matchRoute } from '../access/routes';
import { stackTraceIn } from '../errors/fuzz';
import { answerSeconds, earliestResetSecond, SECOND_ROUNDING } from '../shared/dates';
import { isErrorEnvelope, unknownId } from '../shared/util';

const GROUP = 'Endpoints';
const LIVE = 'enterpriseLive';
const INT = /^\d+$/;

type Observe = (exchange: RecordedExchange, body: ObservedBody, state: ObserverState) => string | undefined;

export function header(exchange: RecordedExchange, name: string): string | undefined {
  return exchange.response?.headers[name];
}

/** The request path relative to the base URL the client was given (the exchange URL is absolute). */
function relativePath(ctxBase: string | undefined, url: string): string {
  const path = new URL(url).pathname;
  if (ctxBase === undefined) return path;
  const base = new URL(ctxBase).pathname.replace(/\/+$/, '');
  return path.startsWith(base) ? path.slice(base.length) || '/' : path;
}

/**
 * The base path is not in the exchange; every API path of the spec is matched against the tail of the URL path
 * instead, trying each suffix that starts at a `/` (the table's paths all start with a spec resource name).
 */
/** The spec route of an answer, from its path relative to the base URL (an unknown path, e.g. /v0/properties, has none). */
function routeOf(exchange: RecordedExchange, body: ObservedBody): ReturnType<typeof matchRoute> {
  return matchRoute(exchange.request.method, body.path);
}

function what(exchange: RecordedExchange): string {
  return `${exchange.request.method} ${relativePath(undefined, exchange.request.url)} → ${exchange.response?.status ?? 'no answer'}`;
}

/** The probes each invariant check sends itself: a read, a sandbox read, errors of several kinds, a rent route. */
async function probe(ctx: CheckContext): Promise<void> {
  const requests = [
    { path: '/properties', key: LIVE, query: { limit: 1 } },
    { path: `/properties/${unknownId()}`, key: LIVE },
    { path: '/properties', key: LIVE, query: { limit: 501 } },
    { path: '/rent', key: LIVE, query: { limit: 1 } },
    { method: 'PATCH', path: `/rent/${unknownId()}`, key: LIVE, json: { status: 'Paid' } },
    { path: '/contracts', auth: 'none' as const },
    { method: 'POST', path: '/properties', key: LIVE, json: {} },
    ...(ctx.hasKey('enterpriseSandbox')
      ? [{ path: '/properties', key: 'enterpriseSandbox', query: { limit: 1 } }]
      : []),
  ];
  for (const req of requests) await ctx.http.request(req);
}

export interface InvariantSpec {
  readonly id: string;
  readonly title: string;
  readonly rules: readonly string[];
  /** What holds, for the failure message. */
  readonly expected: string;
  /** Which answers the invariant is about (for the note). */
  readonly about: string;
  readonly observe: Observe;
  /** Requests of the invariant's own beyond the shared probes (writes whose answers it judges), so it judges them run alone. */
  readonly probe?: (ctx: CheckContext) => Promise<void>;
}

export function invariantCheck(spec: InvariantSpec) {
  const definition: CheckDefinition = {
    id: spec.id,
    title: spec.title,
    group: GROUP,
    rules: spec.rules,
    afterAll: true,
    observe: spec.observe,
    async run(ctx: CheckContext) {
      await probe(ctx);
      const judge = (): void => {
        const { judged, total, found } = ctx.run.violations(spec.id);
        const first = found[0];
        if (!first) return;
        const more = found.slice(1, 5).map((v) => `${what(v.exchange)}: ${v.message}`);
        ctx.fail(
          `${spec.expected} (on every answer of the run)`,
          `${total} of ${judged} answers broke it; first ${what(first.exchange)}: ${first.message}${more.length ? `; also ${more.join('; ')}` : ''}`,
          first.exchange,
        );
      };
      try {
        await spec.probe?.(ctx);
      } catch (stopped) {
        // A probe stopped by a broken answer (an id it cannot address, a refused write) must not hide that answer:
        // what the run showed is judged first, and the probe's own verdict stands only when nothing broke.
        judge();
        throw stopped;
      }
      judge();
      const { judged } = ctx.run.violations(spec.id);
      ctx.note(`${judged} answers of the deployment in this run judged (${spec.about}): none broke it`);
    },
  };
  return defineCheck(definition);
}

export const serviceModeOnEveryAnswer = invariantCheck({
  id: 'invariants.serviceModeOnEveryAnswer',
  title: 'Every answer of the run carries X-Service-Mode: live or sandbox (201s, deletes, 4xx, 429 and 503 included)',
  rules: ['ENDPOINTS-2', 'AUTH-3'],
  expected: 'header X-Service-Mode "live" or "sandbox"',
  about: 'all',
  observe(exchange) {
    const mode = header(exchange, 'x-service-mode');
    if (mode === 'live' || mode === 'sandbox') return undefined;
    return mode === undefined ? 'no X-Service-Mode header' : `X-Service-Mode: ${JSON.stringify(mode)}`;
  },
});

export const errorEnvelopeOnEveryError = invariantCheck({
  id: 'invariants.errorEnvelopeOnEveryError',
  title:
    'Every error answer of the run (4xx and 5xx) has a JSON content type and the body { error: string, code: string }',
  rules: ['ERR-1', 'ENVELOPE-6'],
  expected: 'a JSON content type and exactly { "error": <string>, "code": <string> } on a 4xx or 5xx',
  about: 'status 400 and above',
  observe(exchange, body) {
    const status = exchange.response?.status ?? 0;
    if (status < 400) return undefined;
    const type = header(exchange, 'content-type');
    if (type === undefined || !/^application\/([\w.+-]+\+)?json\b/i.test(type.trim()))
      return `content-type ${type === undefined ? 'absent' : JSON.stringify(type)}`;
    const json = body.json;
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      return `body not a JSON object: ${oneLine(body.text, 160)}`;
    return isErrorEnvelope(json) ? undefined : `body ${oneLine(body.text, 160)}`;
  },
});

/**
 * Answers left out: no key was identified (401, 403 HTTPS_REQUIRED), the key may not make the call at all and so
 * reaches no limiter (403 PLAN_UPGRADE_REQUIRED, WRITE_REQUIRES_ENTERPRISE, INSUFFICIENT_SCOPE: the limit table has
 * rows for what a plan may do only), or the counters could not be read (503 RATE_LIMIT_UNAVAILABLE). The spec ties
 * the limits to a key ("Enforced per API key"); whether refusals of access carry counters is left to the deployment
 * (the reference server sends none on them).
 */
const ACCESS_REFUSALS = new Set([
  'HTTPS_REQUIRED',
  'PLAN_UPGRADE_REQUIRED',
  'WRITE_REQUIRES_ENTERPRISE',
  'INSUFFICIENT_SCOPE',
]);

export function countedAnswer(exchange: RecordedExchange, body: ObservedBody): boolean {
  const status = exchange.response?.status ?? 0;
  const code =
    typeof body.json === 'object' && body.json !== null ? (body.json as Record<string, unknown>).code : undefined;
  if (status === 401) return false;
  if (status === 403 && typeof code === 'string' && ACCESS_REFUSALS.has(code)) return false;
  return !(status === 503 && code === 'RATE_LIMIT_UNAVAILABLE');
}

export const rateLimitHeadersOnEveryCountedAnswer = invariantCheck({
  id: 'invariants.rateLimitHeadersOnEveryGetRentAndInvoiceAnswer',
  title:
    'Every answer of a GET endpoint and of the rent and invoice endpoints in the run (errors included) carries X-RateLimit-Limit, -Remaining (at most Limit) and -Reset (Unix seconds)',
  rules: ['ENDPOINTS-3', 'ENDPOINTS-4', 'LIMIT-RATE-4'],
  expected:
    'X-RateLimit-Limit (positive integer), X-RateLimit-Remaining (0..Limit) and X-RateLimit-Reset (Unix seconds within the next 24 hours)',
  about: 'GET, rent and invoice routes of the spec, answers to an identified key',
  observe(exchange, body) {
    const route = routeOf(exchange, body);
    if (!route || !carriesRateLimitHeaders(route) || !countedAnswer(exchange, body)) return undefined;
    const limit = header(exchange, 'x-ratelimit-limit');
    const remaining = header(exchange, 'x-ratelimit-remaining');
    const reset = header(exchange, 'x-ratelimit-reset');
    const shown = `Limit ${limit ?? '(absent)'}, Remaining ${remaining ?? '(absent)'}, Reset ${reset ?? '(absent)'}`;
    if (limit === undefined || !INT.test(limit.trim()) || Number(limit) <= 0)
      return `X-RateLimit-Limit not a positive integer: ${shown}`;
    if (remaining === undefined || !INT.test(remaining.trim()) || Number(remaining) > Number(limit))
      return `X-RateLimit-Remaining not an integer from 0 to Limit: ${shown}`;
    // "Now" is the answer's own Date (the deployment's clock): exact but for second rounding and the time the
    // deployment spent on the request after reading its limits.
    const now = answerSeconds(exchange.response?.headers ?? {}, Date.now());
    if (
      reset === undefined ||
      !INT.test(reset.trim()) ||
      Number(reset) < earliestResetSecond(now, exchange.durationMs) ||
      Number(reset) > now + RATE_WINDOW_DAY_SECONDS + SECOND_ROUNDING
    ) {
      return `X-RateLimit-Reset not Unix seconds within the 24 hours after the answer's Date (${now}): ${shown}`;
    }
    return undefined;
  },
});

export const retryAfterOnEvery429And503 = invariantCheck({
  id: 'invariants.retryAfterOnEvery429And503',
  title: 'Every 429 answer of the run carries Retry-After in seconds, every 503 Retry-After in seconds or as a date',
  rules: ['ERR-RATE_LIMIT_EXCEEDED', 'LIMIT-RATE-5'],
  expected:
    'header Retry-After in whole seconds on a 429 ("Retry-After header (seconds)"), in seconds or as an HTTP-date on a 503 (RFC 9110 section 10.2.3)',
  about: '429 and 503 answers',
  observe(exchange) {
    const status = exchange.response?.status;
    if (status !== 429 && status !== 503) return undefined;
    const value = header(exchange, 'retry-after');
    return value !== undefined && (status === 429 ? INT.test(value.trim()) : isRetryAfter(value))
      ? undefined
      : value === undefined
        ? 'no Retry-After header'
        : `Retry-After: ${JSON.stringify(value)}`;
  },
});

export const noStackTraceInAny5xx = invariantCheck({
  id: 'invariants.noStackTraceInAny5xx',
  title: 'No 5xx answer of the run carries a stack trace (body or headers)',
  rules: ['ERR-5'],
  expected: 'a 5xx without a stack trace',
  about: '5xx answers',
  observe(exchange, body) {
    const status = exchange.response?.status ?? 0;
    if (status < 500) return undefined;
    const trace =
      stackTraceIn(body.text) ??
      Object.values(exchange.response?.headers ?? {})
        .map(stackTraceIn)
        .find((t) => t !== undefined);
    return trace === undefined ? undefined : `a stack trace: ${oneLine(trace, 160)}`;
  },
});

export const INVARIANT_CHECKS = [
  serviceModeOnEveryAnswer,
  errorEnvelopeOnEveryError,
  rateLimitHeadersOnEveryCountedAnswer,
  retryAfterOnEvery429And503,
  noStackTraceInAny5xx,
] as const;
