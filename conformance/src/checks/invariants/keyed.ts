// Run-wide invariants keyed by the request: not only that a header or a code is present on every answer of the
// run (global.ts), but that it SAYS what the request implies: the mode of the key presented, the code the Errors
// table gives the status, the same rate-limit windows for one key all run long, canonical ids, dates and
// timestamps on every success of a detailed route, writes included.

import type { ObservedBody } from '../../http/client';
import type { RecordedExchange } from '../../model';
import type { ObserverState } from '../../runner/run-scope';
import { ERROR_CODES, statusOfCode } from '../../rules';
import { matchRoute, type SpecRoute } from '../../spec-routes';
import { answerConventions, conventionProblems, type ConventionProblem } from '../envelope/conventions';
import { describeValue } from '../../runner/describe';
import { countedAnswer, header, invariantCheck } from './global';

/** The key a request presented (Bearer or x-api-key), whatever the case of the header names. */
export function presentedKey(exchange: RecordedExchange): string | undefined {
  let bearer: string | undefined;
  let apiKey: string | undefined;
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    const n = name.toLowerCase();
    if (n === 'authorization') bearer = /^Bearer\s+(\S+)\s*$/i.exec(value)?.[1];
    if (n === 'x-api-key') apiKey = value.trim();
  }
  return bearer ?? apiKey;
}

function requestHeader(exchange: RecordedExchange, name: string): string | undefined {
  for (const [n, v] of Object.entries(exchange.request.headers)) if (n.toLowerCase() === name) return v;
  return undefined;
}

/**
 * The mode a request implies, or undefined when the spec implies none:
 * - a key the deployment did not take (401), or did not need to look at (410 on a removed route, any answer to a
 *   request outside the spec's routes), implies nothing: the prefix says the mode of an issued key;
 * - `svc_sandbox_` → sandbox, `svc_live_` → live (AUTH-2: "Key prefixes: `svc_live_` keys operate on real data.
 *   `svc_sandbox_` keys …");
 * - a live key with the request header `X-Service-Mode: sandbox` → sandbox on the rent and invoice routes (RENT-POST-1:
 *   "In sandbox mode (sandbox key or `X-Service-Mode: sandbox`)"); on other routes the spec does not say what that
 *   header does, so nothing is implied (docs/conformance-tolerances.md).
 */
export function impliedMode(exchange: RecordedExchange, route: SpecRoute | undefined): 'live' | 'sandbox' | undefined {
  const key = presentedKey(exchange);
  // A 410 comes from a route the spec removed ("removed route ... 410 ENDPOINT_DEPRECATED"), which need not examine
  // the key at all: like a 401, it tells nothing of an issued key's mode.
  const status = exchange.response?.status;
  if (key === undefined || status === undefined || status === 401 || status === 410) return undefined;
  // A request outside the spec's routes (an unknown path, a method the spec does not list) operates on nothing, so a
  // deployment may answer it without looking at the key: the fuzzer's made-up keys reach only such answers and 401s.
  if (route === undefined) return undefined;
  if (key.startsWith('svc_sandbox_')) return 'sandbox';
  if (!key.startsWith('svc_live_')) return undefined;
  const asked = requestHeader(exchange, 'x-service-mode')?.trim().toLowerCase();
  if (asked === undefined || asked === 'live') return 'live';
  return route !== undefined && (route.group === 'rent' || route.group === 'invoices') && asked === 'sandbox'
    ? 'sandbox'
    : undefined;
}

export const serviceModeSaysTheKeysMode = invariantCheck({
  id: 'invariants.serviceModeSaysTheModeTheRequestImplies',
  title:
    'On every answer of the run to an issued key, X-Service-Mode says the mode the key implies (svc_live_ → live, svc_sandbox_ → sandbox; X-Service-Mode: sandbox on a rent or invoice request → sandbox), errors included',
  rules: ['AUTH-2', 'AUTH-3', 'ENDPOINTS-2', 'RENT-POST-1'],
  expected: 'X-Service-Mode equal to the mode of the key presented (or the sandbox mode a rent request asked for)',
  about: 'answers to a svc_live_ or svc_sandbox_ key the deployment took',
  observe(exchange, body) {
    const implied = impliedMode(exchange, matchRoute(exchange.request.method, body.path));
    if (implied === undefined) return undefined;
    const said = header(exchange, 'x-service-mode');
    return said === implied
      ? undefined
      : `the ${implied} request answered X-Service-Mode: ${said === undefined ? '(absent)' : JSON.stringify(said)}`;
  },
});

const TABLE_STATUSES: ReadonlySet<number> = new Set(ERROR_CODES.map((row) => row.status));

export const errorCodeIsTheTablesForItsStatus = invariantCheck({
  id: 'invariants.errorCodeIsTheErrorsTablesForTheStatus',
  title:
    "Every error answer of the run with a status the Errors table lists carries a code of that table's rows for that status (a 404 says NOT_FOUND, a 410 ENDPOINT_DEPRECATED, …)",
  rules: ['ERR-1', 'VERSION-3'],
  expected: "a `code` the Errors table gives for the answer's status",
  about: 'answers with a status of the Errors table',
  observe(exchange, body) {
    const status = exchange.response?.status ?? 0;
    if (status < 400 || !TABLE_STATUSES.has(status)) return undefined;
    const json = body.json;
    const code =
      typeof json === 'object' && json !== null && !Array.isArray(json)
        ? (json as Record<string, unknown>).code
        : undefined;
    // A missing or non-string code is the envelope invariant's (invariants.errorEnvelopeOnEveryError).
    if (typeof code !== 'string') return undefined;
    const owner = statusOfCode(code);
    if (owner === status) return undefined;
    const codes = ERROR_CODES.filter((row) => row.status === status).map((row) => row.code);
    return owner === undefined
      ? `code ${JSON.stringify(code)} is in no row of the Errors table (status ${status}: ${codes.join(', ')})`
      : `code ${code} is the table's for status ${owner}, answered with ${status} (status ${status}: ${codes.join(', ')})`;
  },
});

/** The budget an answer's rate-limit headers count: reads and writes are limited apart (the Limits table). */
function budgetOf(method: string): 'reads' | 'writes' {
  return method.toUpperCase() === 'GET' ? 'reads' : 'writes';
}

/**
 * "Reads per day" is 100 times "Reads per minute" and "Writes per day" 100 times "Writes per minute" on every plan
 * row of the Limits table (Portfolio 100/10000 and 30/3000, Enterprise 500/50000 and 100/10000).
 */
const DAY_OVER_MINUTE = 100;

interface Windows {
  /** X-RateLimit-Limit values seen for one key and budget, in order of first appearance. */
  readonly limits: number[];
}

export const rateLimitWindowsConsistentPerKey = invariantCheck({
  id: 'invariants.rateLimitLimitSaysOneOfTheKeysTwoWindows',
  title:
    "Across the whole run, X-RateLimit-Limit for one key and one budget (reads, writes) names only that key's two windows: at most two values, the day's 100 times the minute's",
  rules: ['LIMIT-RATE-1', 'LIMIT-RATE-4', 'ENDPOINTS-3'],
  expected:
    "for each key and budget, X-RateLimit-Limit one value, or two whose ratio is the Limits table's day/minute ratio (100)",
  about: 'GET, rent and invoice answers to an identified key, invoice routes aside (their own per-landlord limits)',
  observe(exchange: RecordedExchange, body: ObservedBody, state: ObserverState) {
    const route = matchRoute(exchange.request.method, body.path);
    if (!route || !route.rateLimitHeaders || route.invoice !== undefined || !countedAnswer(exchange, body))
      return undefined;
    const key = presentedKey(exchange);
    const limit = Number(header(exchange, 'x-ratelimit-limit'));
    // Absent or malformed headers are invariants.rateLimitHeadersOnEveryGetRentAndInvoiceAnswer's.
    if (key === undefined || !Number.isInteger(limit) || limit <= 0) return undefined;
    const slot = `${key}\u0000${budgetOf(exchange.request.method)}`;
    const seen = (state.memo.get(slot) as Windows | undefined) ?? { limits: [] };
    state.memo.set(slot, seen);
    if (seen.limits.includes(limit)) return undefined;
    seen.limits.push(limit);
    const [a, b] = [...seen.limits].sort((x, y) => x - y);
    if (seen.limits.length === 2 && a !== undefined && b === a * DAY_OVER_MINUTE) return undefined;
    if (seen.limits.length === 1) return undefined;
    return `X-RateLimit-Limit ${limit} for the ${budgetOf(exchange.request.method)} of one key, which already answered ${seen.limits
      .filter((l) => l !== limit)
      .join(' and ')}`;
  },
});

/** Success answers of the spec's detailed routes, reads and writes: their `data` holds the spec's resources. */
function judgedSuccess(exchange: RecordedExchange, body: ObservedBody): SpecRoute | undefined {
  const status = exchange.response?.status ?? 0;
  if (status < 200 || status >= 300) return undefined;
  const route = matchRoute(exchange.request.method, body.path);
  // The invoice email's result has no resource fields beyond `sent` and `sandbox` ("not shown").
  return route?.detail === 'full' && route.response !== 'pdf' && route.response !== 'invoiceEmail' ? route : undefined;
}

export const conventionsOnEverySuccess = invariantCheck({
  id: 'invariants.idsDatesAndTimestampsCanonicalOnEverySuccess',
  title:
    "On every success answer of a detailed route in the run (writes and sandbox mocks included), the spec's id fields are UUID strings, its dates YYYY-MM-DD and its timestamps ISO 8601 date-times",
  rules: ['ENVELOPE-1', 'ENVELOPE-2', 'ENVELOPE-3'],
  expected:
    'the Conventions (ids UUID strings, dates YYYY-MM-DD, timestamps ISO 8601) on every id, date and timestamp field the spec lists for the answer',
  about: '2xx answers of the detailed routes',
  observe(exchange, body) {
    const route = judgedSuccess(exchange, body);
    if (!route) return undefined;
    const json = body.json;
    if (typeof json !== 'object' || json === null || !('data' in json)) return undefined;
    const out = { problems: [] as ConventionProblem[], fields: 0 };
    // Only the fields the spec lists for this answer, where it lists them (an extension's `fooId` is not an id).
    conventionProblems(json.data, answerConventions(exchange.request.method, route.path), out);
    const named = out.problems;
    const first = named[0];
    return first === undefined
      ? undefined
      : `${first.path} = ${describeValue(first.value)} (${first.problem})${named.length > 1 ? ` and ${named.length - 1} more` : ''}`;
  },
});

export const KEYED_INVARIANT_CHECKS = [
  serviceModeSaysTheKeysMode,
  errorCodeIsTheTablesForItsStatus,
  rateLimitWindowsConsistentPerKey,
  conventionsOnEverySuccess,
] as const;
