// One choice a correct deployment may make where the spec, HTTP or JSON leave one (docs/conformance-tolerances.md),
// as a proxy in front of the reference server makes it, and the small answers such a proxy writes itself.

import type { FaultContext, ProxyRequest, ProxyResponse, Transport } from '../support/broken';
import type { Target } from '../../src/targets';

export interface Tolerance {
  /** Stable id, the heading of its section in docs/conformance-tolerances.md. */
  readonly id: string;
  /** What the other deployment does. */
  readonly choice: string;
  readonly request?: (req: ProxyRequest) => ProxyRequest | ProxyResponse | undefined;
  /** `original` is the request as the client sent it; `ctx.upstream` asks the reference server a second question. */
  readonly response?: (
    res: ProxyResponse,
    original: ProxyRequest,
    ctx: FaultContext,
  ) => ProxyResponse | undefined | Promise<ProxyResponse | undefined>;
  /** Body rewrite of JSON answers (applied after `response`, before serialisation). */
  readonly json?: (body: unknown, res: ProxyResponse, original: ProxyRequest) => unknown;
  /** How the JSON answer is written out (the last tolerance that sets it wins). */
  readonly serialise?: (body: unknown) => string;
  /** Transport of the answer, and how the deployment treats its connections. */
  readonly transport?: Transport;
  /** What the deployment's target file declares beyond the base target (its names of unnamed fields). */
  readonly target?: (target: Target) => Target;
}

export function isJson(res: ProxyResponse): boolean {
  return /^application\/json/i.test(res.headers['content-type'] ?? '') && res.body.length > 0;
}

/** An error answer in the spec's envelope, with the mode and any headers given. */
export function envelope(
  status: number,
  code: string,
  error: string,
  mode: string | undefined,
  extra: Record<string, string> = {},
): ProxyResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-service-mode': mode ?? 'live', ...extra },
    body: Buffer.from(JSON.stringify({ error, code })),
  };
}

/** The mode of an answer the deployment gives itself: the key's prefix, or the sandbox the request asks for. */
export function modeOf(req: ProxyRequest): 'live' | 'sandbox' {
  const sandbox = /^(Bearer )?svc_sandbox_/.test(req.headers.authorization ?? req.headers['x-api-key'] ?? '');
  return req.headers['x-service-mode'] === 'sandbox' || sandbox ? 'sandbox' : 'live';
}

/** The X-RateLimit-* headers of an upstream answer, for an answer the deployment writes in its place. */
export function rateHeaders(res: ProxyResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    const value = res.headers[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}
