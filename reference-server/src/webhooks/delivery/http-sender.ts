// One HTTP attempt: POST the exact body with its headers, give up after the timeout (AbortSignal.timeout),
// and report what happened. Any 2xx is success; redirects are not followed (a 3xx is a failure).
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
    const response = await fetch(request.url, { method: 'POST', body: request.body, headers: request.headers, redirect: 'manual', signal });
    // Drain (a bounded amount of) the answer so the connection can be reused; its content is not kept.
    let read = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        read += (chunk as Uint8Array).byteLength;
        if (read > MAX_RESPONSE_BYTES) break;
      }
    }
    const ok = response.status >= 200 && response.status < 300;
    return { succeeded: ok, statusCode: response.status, latencyMs: elapsed(), error: null };
  } catch (err) {
    if (request.shutdown?.aborted) return { succeeded: false, statusCode: null, latencyMs: elapsed(), error: 'interrupted by shutdown', interrupted: true };
    if (timeout.aborted) return { succeeded: false, statusCode: null, latencyMs: elapsed(), error: `timeout after ${request.timeoutMs} ms` };
    return { succeeded: false, statusCode: null, latencyMs: elapsed(), error: `network error: ${describe(err)}` };
  } finally {
    unlink();
  }
};
