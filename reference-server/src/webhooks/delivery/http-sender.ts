// One HTTP attempt: POST the exact body with its headers, give up after the timeout (AbortSignal.timeout),
// and report what happened. Any 2xx is success; redirects are not followed (a 3xx is a failure). Plain
// node:http rather than fetch: fetch turns some answers into errors (a 407 becomes "fetch failed"), and the
// delivery history must show the status the receiver really gave.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';

export interface SendRequest {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Aborted when the process shuts down: the attempt is then not recorded, and is made again later. */
  readonly shutdown?: AbortSignal;
}

export interface SendResult {
  readonly succeeded: boolean;
  /** Null when no HTTP answer came (timeout, network error). */
  readonly statusCode: number | null;
  readonly latencyMs: number;
  /** Null when the receiver answered; otherwise why not. */
  readonly error: string | null;
  /** True when the shutdown signal cut the call short. */
  readonly interrupted?: boolean;
}

export type Sender = (request: SendRequest) => Promise<SendResult>;

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * A pooled connection idle longer than this is not written to. Receivers close idle keep-alive connections (Node
 * after 5 s, many proxies after 5 to 75 s), and a request written onto one they have just closed fails without
 * reaching them. Node's own guard (the Keep-Alive hint, a timer) misses it when this process was busy past the
 * receiver's timeout (PGlite can hold the event loop for seconds): a test delivery has one attempt, and was lost
 * that way. A second is far below any receiver's timeout, and a steady stream of deliveries still reuses.
 */
export const STALE_CONNECTION_MS = 1000;

export interface HttpSenderOptions {
  readonly staleConnectionMs?: number;
  /** Monotonic milliseconds, for idle connections and each attempt's latency; a test advances its own. */
  readonly now?: () => number;
}

type Pool = http.Agent;
type PoolClass = new (options: http.AgentOptions) => Pool;

/**
 * Keep-alive agents that note when each connection went back to the pool and, when one idle too long is handed to
 * a request, close it before a byte is written (`reuseSocket` runs before the request is flushed) and mark the
 * request: only a request so marked is sent again, on a new connection. A connection the receiver drops after
 * reading the request is the attempt's network error, as the spec has it, never a second send.
 */
function pools(
  staleAfterMs: number,
  now: () => number,
  condemned: WeakSet<http.ClientRequest>,
): Record<'http:' | 'https:', Pool> {
  const idleSince = new WeakMap<object, number>();
  const guarded = (Base: PoolClass): PoolClass =>
    class extends Base {
      // Returns Node's answer (whether the connection is kept), which @types/node declares as void.
      override keepSocketAlive(socket: Duplex): void {
        idleSince.set(socket, now());
        return super.keepSocketAlive(socket);
      }

      override reuseSocket(socket: Duplex, request: http.ClientRequest): void {
        super.reuseSocket(socket, request);
        if (now() - (idleSince.get(socket) ?? Number.NEGATIVE_INFINITY) > staleAfterMs) {
          condemned.add(request);
          socket.destroy();
        }
      }
    };
  return {
    'http:': new (guarded(http.Agent))({ keepAlive: true }),
    'https:': new (guarded(https.Agent))({ keepAlive: true }),
  };
}

/**
 * POSTs the body; resolves with the status once (a bounded amount of) the answer has been read. A request whose
 * stale pooled connection was closed before it was written (in `condemned`) goes once more on a new connection.
 */
function post(
  url: URL,
  body: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
  agent: Pool | false,
  condemned: WeakSet<http.ClientRequest>,
): Promise<number> {
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new Error(`unsupported URL scheme ${url.protocol}`));
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent,
        signal,
      },
      (res) => {
        // Drain (a bounded amount of) the answer so the connection can be reused; its content is not kept.
        let read = 0;
        let enough = false;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) {
            enough = true;
            res.destroy();
          }
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        // Closed before the end: by us (enough was read), or by the timeout or the receiver (no whole answer).
        res.on('close', () =>
          enough || res.complete
            ? resolve(res.statusCode ?? 0)
            : reject(new Error('connection closed before the answer was complete')),
        );
        res.on('error', (err) => (enough ? undefined : reject(err)));
      },
    );
    req.on('error', (err) => {
      if (agent !== false && condemned.has(req) && !signal.aborted)
        post(url, body, headers, signal, false, condemned).then(resolve, reject);
      else reject(err);
    });
    req.end(body);
  });
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
    return err.message;
  }
  return String(err);
}

export function createHttpSender(options: HttpSenderOptions = {}): Sender {
  const condemned = new WeakSet<http.ClientRequest>();
  const now = options.now ?? (() => performance.now());
  const agents = pools(options.staleConnectionMs ?? STALE_CONNECTION_MS, now, condemned);
  return async (request) => {
    // The global setTimeout rather than AbortSignal.timeout: the timeout and the latency then run on one clock that
    // tests can fake (a receiver that never answers is a 10 s wait otherwise).
    const timeoutController = new AbortController();
    const timer = setTimeout(() => timeoutController.abort(), request.timeoutMs);
    const timeout = timeoutController.signal;
    // Linked by hand rather than with AbortSignal.any, which on Node 20 keeps every derived signal alive on the
    // long-lived shutdown signal (slow under load).
    let signal: AbortSignal = timeout;
    let unlink = (): void => undefined;
    if (request.shutdown) {
      const controller = new AbortController();
      const abort = (): void => controller.abort();
      timeout.addEventListener('abort', abort, { once: true });
      request.shutdown.addEventListener('abort', abort, { once: true });
      unlink = () => {
        timeout.removeEventListener('abort', abort);
        request.shutdown?.removeEventListener('abort', abort);
      };
      signal = controller.signal;
    }
    const url = new URL(request.url);
    const started = now();
    const elapsed = (): number => Math.max(0, Math.round(now() - started));
    try {
      const status = await post(
        url,
        request.body,
        request.headers,
        signal,
        url.protocol === 'https:' ? agents['https:'] : agents['http:'],
        condemned,
      );
      const ok = status >= 200 && status < 300;
      return { succeeded: ok, statusCode: status, latencyMs: elapsed(), error: null };
    } catch (err) {
      if (request.shutdown?.aborted)
        return {
          succeeded: false,
          statusCode: null,
          latencyMs: elapsed(),
          error: 'interrupted by shutdown',
          interrupted: true,
        };
      if (timeout.aborted)
        return {
          succeeded: false,
          statusCode: null,
          latencyMs: elapsed(),
          error: `timeout after ${request.timeoutMs} ms`,
        };
      return { succeeded: false, statusCode: null, latencyMs: elapsed(), error: `network error: ${describe(err)}` };
    } finally {
      clearTimeout(timer);
      unlink();
    }
  };
}

export const httpSender: Sender = createHttpSender();
