// Faults of the cross-cutting checks (versioned root, conventions, requests without a key, malformed JSON,
// non-UUID path ids, where subscriptions are managed), used by the faults files of those checks.

import { randomUUID } from 'node:crypto';
import { ID_ROUTES } from '../../src/checks/errors/path-ids';
import { UUID } from '../../src/checks/shared/util';
import type { Fault, FaultContext, ProxyRequest, ProxyResponse } from './broken';
import { apiPath, isRec, isWrite, jsonResponse, mapJson, PREFIX } from './faults';

type Rec = Record<string, unknown>;

/** The request's path moved under another prefix of the same origin (e.g. /api/public/v2/… → /api/public/v1/…). */
export function servedAlsoUnder(description: string, prefix: string): Fault {
  return {
    description,
    request: (req) => {
      if (
        prefix === ''
          ? req.path.startsWith('/api/') || req.path.startsWith('/provisioning/')
          : !req.path.startsWith(`${prefix}/`)
      )
        return undefined;
      return { ...req, path: `${PREFIX}${req.path.slice(prefix.length)}` };
    },
  };
}

/** Rewrites every value of the fields `name` matches, at any depth. */
export function rewriteFields(value: unknown, name: RegExp, fn: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteFields(v, name, fn));
  if (!isRec(value)) return value;
  const out: Rec = {};
  for (const [k, v] of Object.entries(value))
    out[k] = name.test(k) && v !== null && typeof v !== 'object' ? fn(v) : rewriteFields(v, name, fn);
  return out;
}

/** A GET of one resource (or its children) by a UUID path id. */
export function isByIdRead(req: ProxyRequest): boolean {
  const path = apiPath(req);
  return req.method === 'GET' && path !== undefined && /^\/[a-z/]+\/[0-9a-f]{8}-[0-9a-f-]{27}(\/[a-z/]+)?$/i.test(path);
}

export function fieldsRewritten(
  description: string,
  when: (req: ProxyRequest) => boolean,
  name: RegExp,
  fn: (v: unknown) => unknown,
): Fault {
  return mapJson(
    description,
    (q, r) => when(q) && r.status === 200,
    (b) => ({ ...b, data: rewriteFields(b.data, name, fn) }),
  );
}

function parses(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/** A write to the public API with a JSON content type and a body that does not parse. */
export function malformedJson(req: ProxyRequest): boolean {
  return (
    isWrite(req) &&
    apiPath(req) !== undefined &&
    (req.headers['content-type'] ?? '').startsWith('application/json') &&
    req.body.length > 0 &&
    !parses(req.body)
  );
}

/** Answers malformed-JSON writes itself. */
export function onMalformedJson(
  description: string,
  answer: (req: ProxyRequest, ctx: FaultContext) => ProxyResponse | Promise<ProxyResponse>,
): Fault {
  return { description, request: (req, ctx) => (malformedJson(req) ? answer(req, ctx) : undefined) };
}

/** The body is ignored: a PATCH answers the resource as it is (200), a POST a made-up record (201). */
export async function ignoredBody(req: ProxyRequest, ctx: FaultContext): Promise<ProxyResponse> {
  if (req.method !== 'PATCH') return jsonResponse(201, { data: { id: randomUUID() } });
  const headers = { ...req.headers };
  delete headers['content-type'];
  return ctx.upstream({ ...req, method: 'GET', headers, body: Buffer.alloc(0) });
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A request to a route with a path parameter whose value is not a UUID. */
export function nonUuidPathParam(req: ProxyRequest): boolean {
  const path = apiPath(req);
  if (path === undefined) return false;
  const segments = path.split('/').filter(Boolean);
  return ID_ROUTES.some((route) => {
    const template = route.path.split('/').filter(Boolean);
    if (route.method !== req.method || template.length !== segments.length) return false;
    if (!template.every((t, i) => t.startsWith('{') || t === segments[i])) return false;
    return template.some((t, i) => t.startsWith('{') && !UUID.test(decoded(segments[i] ?? '')));
  });
}

export function onNonUuidPathParam(description: string, answer: () => ProxyResponse): Fault {
  return { description, request: (req) => (nonUuidPathParam(req) ? answer() : undefined) };
}

const SUBSCRIBE = /^\/provisioning\/v1\/landlords\/[^/]+\/webhooks$/;

/** A dashboard "create subscription" request and its event types. */
export function subscriptionEvents(req: ProxyRequest): string[] | undefined {
  if (req.method !== 'POST' || !SUBSCRIBE.test(req.path)) return undefined;
  try {
    const body = JSON.parse(req.body.toString('utf8')) as unknown;
    return isRec(body) && Array.isArray(body.events) ? body.events.map(String) : undefined;
  } catch {
    return undefined;
  }
}

/** The same subscription request with its event types cut to `n`. */
export function withEvents(req: ProxyRequest, n: number): ProxyRequest {
  const body = JSON.parse(req.body.toString('utf8')) as Rec;
  return { ...req, body: Buffer.from(JSON.stringify({ ...body, events: (body.events as unknown[]).slice(0, n) })) };
}
