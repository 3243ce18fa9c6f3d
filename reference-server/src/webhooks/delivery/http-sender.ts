// One HTTP attempt: POST the exact body with its headers, give up after the timeout (AbortSignal.timeout),
// and report what happened. Any 2xx is success; redirects are not followed (a 3xx is a failure). Plain
// node:http rather than fetch: fetch turns some answers into errors (a 407 becomes "fetch failed"), and the
// delivery history must show the status the receiver really gave.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';

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
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) } as const;

/** A kept-alive connection the receiver closed while it sat idle in the pool: the request never reached it. */
function isStaleConnection(req: http.ClientRequest, answered: boolean, err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return req.reusedSocket && !answered && (code === 'ECONNRESET' || code === 'EPIPE');
}

/**
 * POSTs the body; resolves with the status once (a bounded amount of) the answer has been read. A request
 * written onto a pooled connection that the receiver had just closed (its keep-alive timeout, often 5 s,
 * passed while this process was busy) is sent once more on a new connection, as Node's documentation of
 * `request.reusedSocket` advises: otherwise the attempt fails without reaching the receiver, and a test
 * delivery, which has one attempt, is lost.
 */
function post(url: URL, body: string, headers: Readonly<Record<string, string>>, signal: AbortSignal, fresh = false): Promise<number> {
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new Error(`unsupported URL scheme ${url.protocol}`));
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      // A new connection of its own (not pooled) for the one re-send.
      agent: fresh ? false : agents[url.protocol as keyof typeof agents],
      signal,
    }, (res) => {
      answered = true;
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
      res.on('close', () => (enough || res.complete ? resolve(res.statusCode ?? 0) : reject(new Error('connection closed before the answer was complete'))));
      res.on('error', (err) => (enough ? undefined : reject(err)));
    });
    req.on('error', (err) => {
      if (!fresh && !signal.aborted && isStaleConnection(req, answered, err)) post(url, body, headers, signal, true).then(resolve, reject);
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

export const httpSender: Sender = async (request) => {
  const timeout = AbortSignal.timeout(request.timeoutMs);
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
  const started = performance.now();
  const elapsed = (): number => Math.max(0, Math.round(performance.now() - started));
  try {
    const status = await post(new URL(request.url), request.body, request.headers, signal);
    const ok = status >= 200 && status < 300;
    return { succeeded: ok, statusCode: status, latencyMs: elapsed(), error: null };
  } catch (err) {
    if (request.shutdown?.aborted) return { succeeded: false, statusCode: null, latencyMs: elapsed(), error: 'interrupted by shutdown', interrupted: true };
    if (timeout.aborted) return { succeeded: false, statusCode: null, latencyMs: elapsed(), error: `timeout after ${request.timeoutMs} ms` };
    return { succeeded: false, statusCode: null, latencyMs: elapsed(), error: `network error: ${describe(err)}` };
  } finally {
    unlink();
  }
};
