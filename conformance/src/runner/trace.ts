// A trace a person can read and diff: each check's exchanges with every secret redacted (whatever
// --show-secrets says) and volatile values (dates, timestamps, uuids, the run marker, request ids) replaced by
// stable placeholders, so two nightly reports of the same deployment diff only where behaviour changed. Bounded:
// at most MAX_TRACE_EXCHANGES exchanges per check, bodies cut at MAX_TRACE_BODY characters.

import type { RecordedExchange, TraceExchange } from '../model';
import { allRoleKeys } from '../targets/roles';
import type { Target } from '../targets/types';

export const MAX_TRACE_EXCHANGES = 12;
export const MAX_TRACE_BODY = 1500;

/** Headers whose values are credentials, whatever they hold. */
const SECRET_HEADERS = new Set(['authorization', 'x-api-key', 'cookie', 'set-cookie', 'proxy-authorization']);
/** Headers that change from run to run without the behaviour changing. */
const VOLATILE_HEADERS = new Set([
  'date',
  'x-request-id',
  'request-id',
  'x-correlation-id',
  'traceparent',
  'etag',
  'last-modified',
  'age',
  'expires',
  'content-length',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'keep-alive',
  'x-response-time',
  'server-timing',
]);
/** JSON fields (any depth, in bodies) whose string values are credentials. */
const SECRET_FIELD =
  /("(?:secret|signingSecret|signing_secret|token|accessToken|access_token|apiKey|api_key|key|password|plaintext)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
const API_KEY = /\bsvc_(?:live|sandbox)_[A-Za-z0-9_-]+/g;
const WEBHOOK_SECRET = /\bwhsec_[A-Za-z0-9+/=_-]+/g;
const SIGNATURE = /\b(t=)\d+(,\s*v1=)[0-9a-f]{16,}/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const HTTP_DATE = /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g;

export interface TraceOptions {
  /** The run marker's id (`conformance-<runId>`), replaced by `<run>`. */
  readonly runId?: string;
}

/** Redacts and normalises one check's exchanges. UUIDs are numbered by first appearance, so identity survives. */
export function buildTrace(
  exchanges: readonly RecordedExchange[],
  target: Target,
  options: TraceOptions = {},
): TraceExchange[] {
  const named: [string, string][] = allRoleKeys(target).map(([role, key]) => [key, `<key:${role}>`]);
  if (target.provisioning?.token !== undefined) named.push([target.provisioning.token, '<provisioning-token>']);
  if (target.webhooks) named.push([target.webhooks.secret, '<signing-secret>']);
  named.sort((a, b) => b[0].length - a[0].length);
  const uuids = new Map<string, string>();

  const redact = (text: string): string => {
    let out = text;
    for (const [secret, placeholder] of named) if (secret.length >= 4) out = out.split(secret).join(placeholder);
    return out
      .replace(API_KEY, '<api-key>')
      .replace(WEBHOOK_SECRET, '<signing-secret>')
      .replace(SECRET_FIELD, '$1"<redacted>"')
      .replace(SIGNATURE, '$1<t>$2<signature>');
  };
  const normalise = (text: string): string => {
    let out = redact(text);
    if (options.runId) out = out.split(options.runId).join('<run>');
    return out
      .replace(UUID, (u) => {
        const key = u.toLowerCase();
        if (!uuids.has(key)) uuids.set(key, `<uuid:${uuids.size + 1}>`);
        return uuids.get(key) as string;
      })
      .replace(HTTP_DATE, '<http-date>')
      .replace(TIMESTAMP, '<timestamp>')
      .replace(DATE, '<date>');
  };
  const headers = (h: Readonly<Record<string, string>>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(h)
        .map(([k, v]): [string, string] => {
          const name = k.toLowerCase();
          if (SECRET_HEADERS.has(name)) return [name, /^bearer\s/i.test(v) ? 'Bearer <redacted>' : '<redacted>'];
          if (VOLATILE_HEADERS.has(name)) return [name, `<${name}>`];
          return [name, normalise(v)];
        })
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const body = (text: string): string => {
    const n = normalise(text);
    return n.length > MAX_TRACE_BODY
      ? `${n.slice(0, MAX_TRACE_BODY)}… (${n.length - MAX_TRACE_BODY} more characters)`
      : n;
  };

  const kept = exchanges.slice(0, MAX_TRACE_EXCHANGES).map((e): TraceExchange => ({
    request: {
      method: e.request.method,
      url: normalise(e.request.url),
      headers: headers(e.request.headers),
      ...(e.request.body !== undefined ? { body: body(e.request.body) } : {}),
    },
    ...(e.response
      ? { response: { status: e.response.status, headers: headers(e.response.headers), body: body(e.response.body) } }
      : {}),
    ...(e.error !== undefined ? { error: normalise(e.error) } : {}),
  }));
  if (exchanges.length > MAX_TRACE_EXCHANGES) {
    kept.push({
      request: { method: '…', url: `${exchanges.length - MAX_TRACE_EXCHANGES} more exchanges not traced`, headers: {} },
    });
  }
  return kept;
}
