import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';

import type { RecordedExchange } from '@ppapi/spec';

export interface OutgoingRequest {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface DeliveryExchange {
  readonly request: OutgoingRequest;
  /** null: no answer (timeout or network error). */
  readonly status: number | null;
  readonly responseBody: string;
  readonly timedOut: boolean;
  readonly error: string | null;
  readonly durationMs: number;
  readonly recorded: RecordedExchange;
}

const MAX_RECORDED_BODY = 2000;

/**
 * POSTs exact bytes with exact headers (node:http, not fetch, so an empty header value or a missing one goes
 * out as written). The timeout covers the whole exchange, as the sender's 10-second timeout does. Each delivery
 * goes on a connection of its own, as the curl reproduction does: a pooled keep-alive connection that the
 * receiver closed while it sat idle (gunicorn closes them after 2 s) would fail a correct receiver with a reset
 * it never saw a request for.
 */
export function sendDelivery(outgoing: OutgoingRequest, timeoutMs: number): Promise<DeliveryExchange> {
  const started = performance.now();
  const target = new URL(outgoing.url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const bytes = Buffer.from(outgoing.body, 'utf8');

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: {
      status: number | null;
      responseBody: string;
      responseHeaders: Record<string, string>;
      timedOut: boolean;
      error: string | null;
    }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const durationMs = Math.round(performance.now() - started);
      resolve({
        request: outgoing,
        status: result.status,
        responseBody: result.responseBody,
        timedOut: result.timedOut,
        error: result.error,
        durationMs,
        recorded: {
          request: { method: 'POST', url: outgoing.url, headers: { ...outgoing.headers }, body: outgoing.body },
          ...(result.status !== null
            ? {
                response: {
                  status: result.status,
                  headers: result.responseHeaders,
                  body: result.responseBody.slice(0, MAX_RECORDED_BODY),
                },
              }
            : {}),
          ...(result.error !== null ? { error: result.error } : {}),
          durationMs,
        },
      });
    };

    const req = request(
      target,
      { method: 'POST', agent: false, headers: { ...outgoing.headers, 'Content-Length': String(bytes.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const responseHeaders: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
          finish({
            status: res.statusCode ?? null,
            responseBody: Buffer.concat(chunks).toString('utf8'),
            responseHeaders,
            timedOut: false,
            error: null,
          });
        });
        res.on('error', (err) =>
          finish({ status: null, responseBody: '', responseHeaders: {}, timedOut: false, error: err.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      finish({
        status: null,
        responseBody: '',
        responseHeaders: {},
        timedOut: true,
        error: `no answer within ${timeoutMs} ms`,
      });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, responseBody: '', responseHeaders: {}, timedOut: false, error: err.code ?? err.message }),
    );
    req.end(bytes);
  });
}
