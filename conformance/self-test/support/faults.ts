// Building blocks for faults: matching requests, reading and writing JSON bodies, and the common breakages
// (swap a key, change a status, a code, a header, the body shape).

import type { Target } from '../../src/targets';
import type { Fault, FaultContext, ProxyRequest, ProxyResponse } from './broken';

export const PREFIX = '/api/public/v1';

/** The path relative to the public API base (`/properties/…`), or undefined outside it. */
export function apiPath(req: ProxyRequest): string | undefined {
  return req.path.startsWith(PREFIX) ? req.path.slice(PREFIX.length) || '/' : undefined;
}

/** The key the request carries (Bearer or x-api-key). */
export function keyOf(req: ProxyRequest): string | undefined {
  const auth = req.headers.authorization;
  const bearer = auth !== undefined ? /^Bearer\s+(\S+)$/i.exec(auth)?.[1] : undefined;
  return bearer ?? req.headers['x-api-key'];
}

/** Replaces the key in whichever header carries it. */
export function withKey(req: ProxyRequest, key: string): ProxyRequest {
  const headers = { ...req.headers };
  if (headers['x-api-key'] !== undefined && !/^Bearer\s/i.test(headers.authorization ?? '')) headers['x-api-key'] = key;
  else headers.authorization = `Bearer ${key}`;
  return { ...req, headers };
}

export function isWrite(req: ProxyRequest): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
}

export function readJson(res: ProxyResponse): unknown {
  try {
    return JSON.parse(res.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function withJson(res: ProxyResponse, value: unknown, status = res.status): ProxyResponse {
  return {
    status,
    headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(value)),
  };
}

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): ProxyResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-service-mode': 'live', ...headers },
    body: Buffer.from(JSON.stringify(value)),
  };
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): ProxyResponse {
  return jsonResponse(status, { error: message, code }, headers);
}

type Rec = Record<string, unknown>;

export function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function codeOf(res: ProxyResponse): string | undefined {
  const body = readJson(res);
  return isRec(body) && typeof body.code === 'string' ? body.code : undefined;
}

/** A GET of a list (the response has a data array). */
export function isListAnswer(res: ProxyResponse): boolean {
  const body = readJson(res);
  return isRec(body) && Array.isArray(body.data);
}

/** Rewrites JSON response bodies (status kept unless `fn` returns one). */
export function mapJson(
  description: string,
  when: (req: ProxyRequest, res: ProxyResponse) => boolean,
  fn: (body: Rec, req: ProxyRequest, res: ProxyResponse) => Rec | [Rec, number],
): Fault {
  return {
    description,
    response(res, req) {
      if (!when(req, res)) return undefined;
      const body = readJson(res);
      if (!isRec(body)) return undefined;
      const out = fn(structuredClone(body), req, res);
      return Array.isArray(out) ? withJson(res, out[0], out[1]) : withJson(res, out);
    },
  };
}

export function mapHeaders(
  description: string,
  when: (req: ProxyRequest, res: ProxyResponse) => boolean,
  fn: (headers: Record<string, string>) => void,
): Fault {
  return {
    description,
    response(res, req) {
      if (!when(req, res)) return undefined;
      const headers = { ...res.headers };
      fn(headers);
      return { ...res, headers };
    },
  };
}

/** Requests carrying `from` go upstream with `to` instead (optionally only when `when` holds). */
export function swapKey(
  description: string,
  from: string,
  to: string,
  when: (req: ProxyRequest) => boolean = () => true,
): Fault {
  return {
    description,
    request: (req) => (keyOf(req) === from && when(req) ? withKey(req, to) : undefined),
  };
}

/** Swaps the key and dresses the answer up as the sandbox mock it should have been (sandbox: true, mode sandbox). */
export function sandboxThatWrites(t: Target): Fault {
  const sandbox = t.keys.enterpriseSandbox as string;
  return {
    description: 'sandbox writes go through with the live key, answered as if they were mocks',
    request: (req) => (keyOf(req) === sandbox && isWrite(req) ? withKey(req, t.keys.enterpriseLive) : undefined),
    response(res, req) {
      if (keyOf(req) !== sandbox || !isWrite(req)) return undefined;
      const body = readJson(res);
      const headers = { ...res.headers, 'x-service-mode': 'sandbox' };
      if (isRec(body) && isRec(body.data))
        return {
          ...withJson(res, { ...body, data: { ...body.data, sandbox: true } }),
          headers: { ...withJson(res, {}).headers, ...headers },
        };
      return { ...res, headers };
    },
  };
}

/** A per-key counter in the fault's state. */
export function count(ctx: FaultContext, name: string): number {
  const n = ((ctx.state.get(name) as number | undefined) ?? 0) + 1;
  ctx.state.set(name, n);
  return n;
}

/** Combines faults: requests rewritten in order, responses rewritten in order. */
export function both(description: string, ...faults: Fault[]): Fault {
  return {
    description,
    async request(req, ctx) {
      let current: ProxyRequest = req;
      for (const f of faults) {
        const out = f.request ? await f.request(current, ctx) : undefined;
        if (out && 'status' in out) return out;
        if (out) current = out;
      }
      return current;
    },
    async response(res, original, ctx) {
      let current = res;
      for (const f of faults) current = (f.response ? await f.response(current, original, ctx) : undefined) ?? current;
      return current;
    },
  };
}
