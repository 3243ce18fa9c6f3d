// What the red-team deployments share: their shape, the classes of holes they aim at, and the small helpers that
// match requests and rewrite answers (so each deployment states only the one rule it breaks).

import type { Target } from '../../src/targets';
import type { Fault, ProxyRequest, ProxyResponse } from '../support/broken';
import { isRec, keyOf, readJson, withJson } from '../support/faults';
import type { WebhookFaultPair, WebhookShared } from '../support/webhook-deployment';
import { items, path, UUID } from '../support/resource-fault-helpers';

export type Rec = Record<string, unknown>;

/** The classes of holes a deployment aims at (the list). */
export type HoleClass =
  | 'value-on-few-probes'
  | 'one-member-of-family'
  | 'skip-cascade'
  | 'self-given-leniency'
  | 'shape-without-value'
  | 'value-never-sent'
  | 'declared-untestable';

export interface RedTeamDeployment {
  readonly id: string;
  /** The one rule of the catalogue it breaks. */
  readonly rule: string;
  readonly hole: HoleClass;
  /** A proxy in front of the reference server (the public API). */
  readonly fault?: (t: Target) => Fault;
  /** A webhook deployment: a fake sender (and/or an API proxy) with a mock receiver behind it. */
  readonly webhook?: (shared: WebhookShared) => WebhookFaultPair;
}

export const isSuccess = (res: ProxyResponse): boolean => res.status >= 200 && res.status < 300;
export const isWrite = (req: ProxyRequest): boolean => req.method !== 'GET';
export const idRe = (template: string): RegExp =>
  new RegExp(`^${template.replace(/\{id\}|\{docId\}/g, `(${UUID})`).replace(/\//g, '\\/')}$`, 'i');
export const PROPERTY = idRe('/properties/{id}');
export const CONTRACT = idRe('/contracts/{id}');
export const PROPERTY_DOCS = idRe('/properties/{id}/documents');
export const CONTRACT_DOCS = idRe('/contracts/{id}/documents');
export const PROPERTY_PARTS = new RegExp(`^/properties/(${UUID})/(handbook|documents)$`, 'i');
export const EMAIL = idRe('/rent/{id}/invoice/email');

/** A JSON answer with a body (status and headers kept). */
export function json(res: ProxyResponse): Rec | undefined {
  const body = readJson(res);
  return isRec(body) ? body : undefined;
}

/**
 * A response hook rewriting the JSON body of the successful answers to the requests `aimed` selects: `fn` gives the
 * new body, or undefined to leave the answer as it is.
 */
export function rewriteAnswers(
  aimed: (req: ProxyRequest) => boolean,
  fn: (body: Rec, req: ProxyRequest) => unknown,
): NonNullable<Fault['response']> {
  return (res, req) => {
    if (!aimed(req) || !isSuccess(res)) return undefined;
    const body = json(res);
    const next = body === undefined ? undefined : fn(body, req);
    return next === undefined ? undefined : withJson(res, next);
  };
}

/** GET requests on `route` (a path, or a pattern of paths) with `query` among their parameters. */
export const reads =
  (route: string | RegExp, query?: string) =>
  (req: ProxyRequest): boolean =>
    req.method === 'GET' &&
    (typeof route === 'string' ? path(req) === route : route.test(path(req))) &&
    (query === undefined || req.query.has(query));

/** A list answer keeping only the items `keep` keeps, its total counting them; undefined when it keeps them all. */
export function keptOnly(body: Rec, keep: (item: Rec) => boolean): Rec | undefined {
  const kept = items(body).filter(keep);
  if (kept.length === items(body).length) return undefined;
  return { ...body, data: kept, meta: isRec(body.meta) ? { ...body.meta, total: kept.length } : body.meta };
}

/** A made-up 200 of a live key, limit headers included, answering instead of the server. */
export function liveAnswer(data: unknown): ProxyResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'x-service-mode': 'live',
      'x-ratelimit-limit': '1000000',
      'x-ratelimit-remaining': '999999',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60),
    },
    body: Buffer.from(JSON.stringify({ data })),
  };
}

/** Ids the deployment soft-deleted (recorded as DELETEs succeed), per kind. */
function deleted(state: Map<string, unknown>, kind: string): Set<string> {
  const key = `deleted:${kind}`;
  const set = (state.get(key) as Set<string> | undefined) ?? new Set<string>();
  state.set(key, set);
  return set;
}

/** The `method` request on `pattern` whose id (the pattern's first group) the deployment soft-deleted, if it is one. */
export function onDeleted(
  req: ProxyRequest,
  state: Map<string, unknown>,
  method: string,
  pattern: RegExp,
  kind: string,
): RegExpExecArray | undefined {
  const m = pattern.exec(path(req));
  return req.method === method && m && deleted(state, kind).has(m[1]?.toLowerCase() ?? '') ? m : undefined;
}

/** A response hook remembering the ids of the `kind` a live DELETE on `pattern` removed (the answer untouched). */
export function rememberDeletes(pattern: RegExp, kind: string): NonNullable<Fault['response']> {
  return (res, req, ctx) => {
    const m = pattern.exec(path(req));
    if (req.method === 'DELETE' && m && res.status === 200 && keyOf(req)?.startsWith('svc_live_'))
      deleted(ctx.state, kind).add(m[1]?.toLowerCase() ?? '');
    return undefined;
  };
}

/** `date` (`YYYY-MM-DD`, or a timestamp's day) moved by `days`. */
export function shiftDay(date: string, days: number): string {
  const ms = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? date : new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/** The severities, worst first (the order of the attention list). */
const SEVERITIES = ['expired', 'missing', 'critical', 'urgent', 'due_soon', 'ok'];
const rank = (severity: unknown): number => SEVERITIES.indexOf(String(severity));

/** The summary's portfolio figures and attention order recomputed from its items (after a severity changed). */
function summaryFollowsItems(body: Rec): Rec {
  const d = body.data;
  if (!isRec(d) || !isRec(d.portfolio) || !isRec(d.portfolio.counts)) return body;
  const properties = Array.isArray(d.properties) ? d.properties.filter(isRec) : [];
  const all = properties.flatMap((p) => (Array.isArray(p.items) ? p.items.filter(isRec) : []));
  const counts = d.portfolio.counts;
  const sum = Object.values(counts).reduce<number>((n, v) => n + (typeof v === 'number' ? v : 0), 0);
  const counted = sum === all.length ? all : all.filter((i) => i.required === true);
  const worst = all.reduce<string | null>(
    (w, i) => (w === null || rank(i.severity) < rank(w) ? String(i.severity) : w),
    null,
  );
  const attention = Array.isArray(d.attention)
    ? [...d.attention].sort((a, b) => rank((a as Rec).severity) - rank((b as Rec).severity))
    : d.attention;
  const recount = Object.fromEntries(
    Object.keys(counts).map((s) => [s, counted.filter((i) => i.severity === s).length]),
  );
  return { ...body, data: { ...d, attention, portfolio: { ...d.portfolio, counts: recount, worstSeverity: worst } } };
}

/**
 * A response hook for the compliance views (the summary, the property list and detail): every required item and
 * attention entry due in exactly `days` days with severity `from` says `to` instead. The summary's counts,
 * worstSeverity and attention order follow the items, so the one rule broken is the threshold.
 */
export function severityAt(days: number, from: string, to: string): NonNullable<Fault['response']> {
  return (res, req) => {
    const p = path(req);
    if (
      req.method !== 'GET' ||
      !isSuccess(res) ||
      !(p === '/compliance/summary' || p === '/properties' || PROPERTY.test(p))
    )
      return undefined;
    const body = json(res);
    if (!body) return undefined;
    let changed = 0;
    const walk = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(walk);
      if (!isRec(v)) return v;
      const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      if (v.daysUntil !== days || v.severity !== from || v.required === false) return out;
      changed++;
      return { ...out, severity: to };
    };
    const next = walk(body) as Rec;
    if (changed === 0) return undefined;
    return withJson(res, p === '/compliance/summary' ? summaryFollowsItems(next) : next);
  };
}

/** An error answer in the mode the request's key implies (as the deployment's own refusals carry it). */
export function refusal(req: ProxyRequest, status: number, code: string, message: string): ProxyResponse {
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-service-mode': keyOf(req)?.startsWith('svc_sandbox_') ? 'sandbox' : 'live',
    },
    body: Buffer.from(JSON.stringify({ error: message, code })),
  };
}
