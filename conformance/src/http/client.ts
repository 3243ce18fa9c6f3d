// The suite's only way to talk HTTP. Built on the global fetch (looked up per call, so msw and nock can
// intercept in self-tests); records every exchange so failures can be reproduced by someone who was not there.

import type { RecordedExchange, RecordedPart } from '../model';
import { unavailableAnswer } from './unavailable';
import { buildMultipart, type MultipartInput } from './multipart';
import type { Pacer } from './pacing';

export type AuthStyle = 'bearer' | 'x-api-key' | 'none';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export interface RequestOptions {
  /** Default GET. */
  readonly method?: string;
  /** Relative to the client's base URL, e.g. `/properties`. */
  readonly path?: string;
  /** Absolute URL instead of `path` (download URLs, image URLs, mail or receiver APIs). */
  readonly url?: string;
  /** A role name (`enterpriseLive`) or a literal key (`svc_live_…`, or garbage for negative tests). */
  readonly key?: string;
  /** How the key is sent; default `bearer`. `none` sends no credentials even when a key is given. */
  readonly auth?: AuthStyle;
  /** Sent as given, after (and so overriding) the auth header; names are case-insensitive. */
  readonly headers?: Readonly<Record<string, string>>;
  /** undefined and null values are left out; arrays repeat the parameter. */
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** JSON body; sets `content-type: application/json` unless headers say otherwise. */
  readonly json?: unknown;
  /** Raw body sent byte for byte (invalid JSON, empty bodies, …); no content type unless given. */
  readonly body?: string | Uint8Array;
  readonly multipart?: MultipartInput;
  /** Default: the client's timeout (15 s). */
  readonly timeoutMs?: number;
  /**
   * How often the request is sent at most when a closed connection or a 408 comes instead of an answer (default 3):
   * 1 for a caller that sends again itself, so the sends do not multiply.
   */
  readonly maxSends?: number;
}

export interface HttpResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  readonly bytes: Uint8Array;
  /** The parsed body when it is JSON, else undefined. */
  readonly json: unknown;
  readonly exchange: RecordedExchange;
}

export interface HttpClient {
  request(options: RequestOptions): Promise<HttpResponse>;
  /** Every exchange so far, oldest first. */
  readonly exchanges: readonly RecordedExchange[];
}

/** What an observer sees of an answer besides the recorded exchange: the whole body (the record is truncated). */
export interface ObservedBody {
  readonly text: string;
  readonly json: unknown;
  /** The request's path relative to the base URL (`/properties/…`), without the query. */
  readonly path: string;
}

/**
 * Called with every answer of the client's own deployment: requests under `baseUrl` only, so absolute URLs
 * (download links, mail capture, webhook receivers) are never judged as the API's answers.
 */
export type ExchangeObserver = (exchange: RecordedExchange, body: ObservedBody) => void;

export interface HttpClientOptions {
  readonly baseUrl: string;
  /** Role name → key; may throw (the runner's version skips the check when the role is absent). Literal keys pass through. */
  readonly resolveKey?: (key: string) => string;
  /** Bearer token sent when no key is given (the dashboard client's admin token). */
  readonly defaultBearer?: string;
  readonly pacer?: Pacer;
  readonly timeoutMs?: number;
  /** The current check's abort signal (aborted when the check times out). */
  readonly signal?: () => AbortSignal | undefined;
  readonly onExchange?: (exchange: RecordedExchange) => void;
  /** Sees every answer to a request under `baseUrl` (global response invariants). */
  readonly observer?: ExchangeObserver;
  readonly fetch?: typeof fetch;
}

/** The request URL is the base URL or below it (query strings aside). */
export function isUnderBase(baseUrl: string, url: string): boolean {
  const base = baseUrl.replace(/\/+$/, '');
  const bare = url.split('?')[0] ?? url;
  return bare === base || bare.startsWith(`${base}/`);
}

/** No response came back (refused, reset, timed out, aborted). Carries the exchange with its `error`. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly exchange: RecordedExchange,
  ) {
    super(message);
  }
}

/** A well-formed 503: the deployment was unavailable (unavailable.ts), which says nothing of any rule. */
export class DeploymentUnavailable extends TransportError {}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** How often one request is sent at most, when a closed connection or a 408 came instead of an answer. */
const MAX_SENDS = 3;
/**
 * A pooled connection the server closed while idle fails as soon as a request is written to it. RFC 9112 section 9.5:
 * "a client might have started to send a new request at the same time that the server has decided to close the
 * 'idle' connection"; the request never reached the server.
 */
const STALE_CONNECTION_MS = 1_000;
const CONNECTION_CLOSED = /ECONNRESET|EPIPE|UND_ERR_SOCKET|other side closed|socket hang up|UND_ERR_CLOSED/i;

/**
 * Whether a request whose connection closed before any answer may be sent again on a new one: an idempotent method
 * always (RFC 9112 section 9.3.1: "a client MAY open a new connection and automatically retransmit ... idempotent
 * methods"); any method when the connection failed at once, the stale idle connection of section 9.5, which never
 * delivered the request. Never after a time-out or an abort, never when no connection could be opened.
 */
function mayResend(method: string, error: unknown, elapsedMs: number, aborted: boolean): boolean {
  if (aborted) return false;
  const err = error as Error & { cause?: { code?: string; message?: string; name?: string } };
  const what = `${err.message} ${err.cause?.code ?? ''} ${err.cause?.name ?? ''} ${err.cause?.message ?? ''}`;
  if (!CONNECTION_CLOSED.test(what)) return false;
  return IDEMPOTENT.has(method) || elapsedMs < STALE_CONNECTION_MS;
}
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const RECORDED_BODY_LIMIT = 4_000;
const BINARY_TYPE = /^(application\/(pdf|octet-stream|zip|gzip)|image\/|audio\/|video\/|font\/)/i;

export function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const u = new URL(url);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) u.searchParams.append(name, String(v));
  }
  return u.toString();
}

/** Case-insensitive header set that remembers the last spelling used. */
function mergeHeaders(...sets: Array<Readonly<Record<string, string>> | undefined>): Record<string, string> {
  const byLower = new Map<string, [string, string]>();
  for (const set of sets)
    for (const [name, value] of Object.entries(set ?? {})) byLower.set(name.toLowerCase(), [name.toLowerCase(), value]);
  return Object.fromEntries(byLower.values());
}

function describeBody(body: string | Uint8Array): string {
  if (typeof body === 'string') return body;
  const text = Buffer.from(body).toString('utf8');
  return Buffer.from(text, 'utf8').equals(Buffer.from(body)) ? text : `<${body.byteLength} bytes>`;
}

function recordedResponseBody(text: string, bytes: Uint8Array, contentType: string | undefined): string {
  if (contentType !== undefined && BINARY_TYPE.test(contentType))
    return `<${bytes.byteLength} bytes of ${contentType.split(';')[0]}>`;
  if (text.length <= RECORDED_BODY_LIMIT) return text;
  return `${text.slice(0, RECORDED_BODY_LIMIT)}… (${text.length - RECORDED_BODY_LIMIT} more characters)`;
}

function parseJson(text: string, contentType: string | undefined): unknown {
  if (text.trim().length === 0 || (contentType !== undefined && BINARY_TYPE.test(contentType))) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeFetchError(error: unknown, timedOut: boolean, timeoutMs: number, aborted: boolean): string {
  if (timedOut) return `no response within ${timeoutMs} ms`;
  if (aborted) return 'request aborted (check timed out)';
  const err = error as Error & { cause?: { code?: string; message?: string } };
  const cause = err.cause?.code ?? err.cause?.message;
  return cause ? `${err.message} (${cause})` : err.message;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const exchanges: RecordedExchange[] = [];
  const record = (exchange: RecordedExchange): RecordedExchange => {
    exchanges.push(exchange);
    options.onExchange?.(exchange);
    return exchange;
  };

  async function request(req: RequestOptions): Promise<HttpResponse> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = withQuery(req.url ?? joinUrl(options.baseUrl, req.path ?? '/'), req.query);
    const key = req.key === undefined ? undefined : (options.resolveKey?.(req.key) ?? req.key);
    const auth = req.auth ?? 'bearer';

    const authHeaders: Record<string, string> = {};
    if (auth !== 'none' && key !== undefined) {
      if (auth === 'bearer') authHeaders.authorization = `Bearer ${key}`;
      else authHeaders['x-api-key'] = key;
    } else if (auth !== 'none' && options.defaultBearer !== undefined) {
      authHeaders.authorization = `Bearer ${options.defaultBearer}`;
    }

    let body: string | Uint8Array | FormData | undefined;
    let recordedBody: string | undefined;
    let parts: RecordedPart[] | undefined;
    let contentType: Record<string, string> = {};
    if (req.multipart !== undefined) {
      const built = buildMultipart(req.multipart);
      body = built.form;
      parts = built.parts;
      recordedBody = built.description;
      contentType = { 'content-type': 'multipart/form-data' };
    } else if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      recordedBody = body;
      contentType = { 'content-type': 'application/json' };
    } else if (req.body !== undefined) {
      body = req.body;
      recordedBody = describeBody(req.body);
    }
    const headers = mergeHeaders(contentType, authHeaders, req.headers);
    // fetch must write the multipart boundary itself.
    const sentHeaders = parts
      ? Object.fromEntries(Object.entries(headers).filter(([n]) => n !== 'content-type'))
      : headers;
    const recordedRequest = {
      method,
      url,
      headers,
      ...(recordedBody !== undefined ? { body: recordedBody } : {}),
      ...(parts ? { multipart: parts } : {}),
    };

    const checkSignal = options.signal?.();
    await options.pacer?.acquire(key, method, checkSignal);

    const timeoutMs = req.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxSends = Math.max(1, req.maxSends ?? MAX_SENDS);
    for (let attempt = 1; ; attempt++) {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error('timeout')), timeoutMs);
      const signal = checkSignal ? AbortSignal.any([timeout.signal, checkSignal]) : timeout.signal;
      const started = performance.now();
      try {
        const fetchImpl = options.fetch ?? globalThis.fetch;
        const res = await fetchImpl(url, {
          method,
          headers: sentHeaders,
          ...(body !== undefined ? { body: body as NonNullable<Parameters<typeof fetch>[1]>['body'] } : {}),
          redirect: 'manual',
          signal,
        });
        const bytes = new Uint8Array(await res.arrayBuffer());
        const responseHeaders: Record<string, string> = {};
        res.headers.forEach((value, name) => {
          responseHeaders[name.toLowerCase()] = value;
        });
        const text = new TextDecoder('utf-8').decode(bytes);
        const ct = responseHeaders['content-type'];
        const exchange = record({
          request: recordedRequest,
          response: { status: res.status, headers: responseHeaders, body: recordedResponseBody(text, bytes, ct) },
          durationMs: Math.round(performance.now() - started),
        });
        // 408: the server did not receive the request (RFC 9110 section 15.5.9), so it answers none of the API's
        // requests and is not judged; the request is sent again ("it MAY repeat that request").
        if (res.status === 408) {
          if (attempt < maxSends) continue;
          throw new TransportError(
            `${method} ${url}: the deployment answered 408 (request not received) ${attempt} times`,
            exchange,
          );
        }
        const json = parseJson(text, ct);
        if (options.observer && isUnderBase(options.baseUrl, url)) {
          const path = (url.split('?')[0] ?? url).slice(options.baseUrl.replace(/\/+$/, '').length) || '/';
          options.observer(exchange, { text, json, path });
        }
        const unavailable = unavailableAnswer(res.status, responseHeaders, json);
        if (unavailable)
          throw new DeploymentUnavailable(
            `${method} ${url}: the deployment answered ${unavailable} (unavailable)`,
            exchange,
          );
        return { status: res.status, headers: responseHeaders, text, bytes, json, exchange };
      } catch (error) {
        if (error instanceof TransportError) throw error;
        const elapsed = performance.now() - started;
        const message = describeFetchError(error, timeout.signal.aborted, timeoutMs, checkSignal?.aborted ?? false);
        const exchange = record({ request: recordedRequest, error: message, durationMs: Math.round(elapsed) });
        if (attempt < maxSends && mayResend(method, error, elapsed, timeout.signal.aborted || !!checkSignal?.aborted))
          continue;
        throw new TransportError(`${method} ${url}: ${message}`, exchange);
      } finally {
        clearTimeout(timer);
      }
    }
  }

  return { request, exchanges };
}
