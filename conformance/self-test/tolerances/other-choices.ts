// A deployment that is correct but chose differently wherever the spec (or HTTP and JSON) leaves a choice: a
// proxy in front of the reference server that rewrites every exchange into the other allowed form. Each choice
// is one named, documented tolerance (docs/conformance-tolerances.md); the tolerance self-tests aim the whole
// suite at this deployment, one choice at a time and all together, and every check must still pass.

import type { Fault, FaultContext, ProxyRequest, ProxyResponse, Transport } from '../support/broken';
import { PREFIX, apiPath, codeOf, isRec, keyOf, readJson } from '../support/faults';

type Rec = Record<string, unknown>;

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
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Query parameters the spec names on some list; the "ignore unknown parameters" choice drops every other one. */
const SPEC_QUERY_PARAMETERS = new Set([
  'page',
  'limit',
  'status',
  'search',
  'propertyId',
  'tenantId',
  'contractId',
  'from',
  'to',
  'type',
  'expiringWithinDays',
  'includeHistory',
  'conversationId',
]);

/** Spec paths (relative to the base URL) and the methods the spec lists on them. */
const SPEC_PATHS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/properties$/, ['GET', 'POST']],
  [/^\/properties\/[^/]+$/, ['GET', 'PATCH', 'DELETE']],
  [/^\/properties\/[^/]+\/image$/, ['POST']],
  [/^\/properties\/[^/]+\/handbook$/, ['GET']],
  [/^\/properties\/[^/]+\/documents$/, ['GET', 'POST']],
  [/^\/properties\/[^/]+\/documents\/[^/]+$/, ['DELETE']],
  [/^\/contracts$/, ['GET', 'POST']],
  [/^\/contracts\/[^/]+$/, ['GET', 'PATCH', 'DELETE']],
  [/^\/contracts\/[^/]+\/documents$/, ['GET', 'POST']],
  [/^\/contracts\/[^/]+\/documents\/[^/]+$/, ['DELETE']],
  [/^\/rent$/, ['GET', 'POST']],
  [/^\/rent\/[^/]+$/, ['PATCH']],
  [/^\/rent\/[^/]+\/invoice\/pdf$/, ['GET']],
  [/^\/rent\/[^/]+\/invoice\/email$/, ['POST']],
  [/^\/events$/, ['GET']],
  [/^\/team$/, ['GET']],
  [/^\/compliance\/summary$/, ['GET']],
];

/** Where an id sits in a spec path: the segment after a collection, and the document id. */
const ID_SEGMENT = /^\/(properties|contracts|rent)\/([^/]+)(?:\/(?:documents)\/([^/]+))?/;

/** The id segments of a spec path when one of them is not a UUID: [collection, id, docId]; otherwise undefined. */
function nonUuidIds(
  path: string | undefined,
): [string | undefined, string | undefined, string | undefined] | undefined {
  const m = path !== undefined ? ID_SEGMENT.exec(path) : null;
  if (!m) return undefined;
  const [, collection, id, docId] = m;
  return UUID.test(id ?? '') && (docId === undefined || UUID.test(docId)) ? undefined : [collection, id, docId];
}

/** The methods the spec lists on the path of a request, when the request's method is not one of them. */
function unlistedOn(path: string | undefined, method: string): readonly string[] | undefined {
  const route = path !== undefined ? SPEC_PATHS.find(([pattern]) => pattern.test(path)) : undefined;
  return route && !route[1].includes(method) ? route[1] : undefined;
}

const KIND_BY_COLLECTION: Readonly<Record<string, string>> = {
  properties: 'property',
  contracts: 'contract',
  rent: 'rent payment',
};

function isJson(res: ProxyResponse): boolean {
  return /^application\/json/i.test(res.headers['content-type'] ?? '') && res.body.length > 0;
}

function envelope(
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

/**
 * Objects the spec defines as maps, every member an entry ("`distribution` object mapping band to integer"): a
 * member there is an entry, not an extension, so it is the one kind of object inside `data` left as it is.
 */
const SPEC_MAPS = new Set(['distribution']);

/** The members the deployment adds: an object of its own, an array of them, none named like a convention. */
const extension = (): Rec => ({
  vendorExtension: { note: 'a field the spec does not list', tags: [{ label: 'extension' }] },
});

/**
 * Adds members to EVERY object inside `data`, at any depth (items, nested objects such as a property's `compliance`,
 * array elements, the extension's own objects left alone), never to the envelope itself. Generated by walking the
 * answer, not from a list of fields, so an object the reference server adds later is extended too.
 */
export function withExtension(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtension);
  if (!isRec(value)) return value;
  const out: Rec = {};
  for (const [name, member] of Object.entries(value)) out[name] = SPEC_MAPS.has(name) ? member : withExtension(member);
  return { ...out, ...extension() };
}

/** Keys in reverse order, recursively: JSON objects are unordered (RFC 8259 section 4). */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (!isRec(value)) return value;
  const out: Rec = {};
  for (const key of Object.keys(value).reverse()) out[key] = reordered(value[key]);
  return out;
}

/** Pretty-printed, non-ASCII and "/" escaped: the same JSON text in another form (RFC 8259 sections 2 and 7). */
function escapedPretty(body: unknown): string {
  return JSON.stringify(body, null, 2)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
}

/**
 * Every daily limit of the spec's Limits table is 100 times its per-minute limit (Portfolio 100/10000 and 30/3000,
 * Enterprise 500/50000 and 100/10000), so a key's day window follows from the minute limit the upstream reports
 * (the self-tests' keys have raised limits, scaled alike).
 */
const DAY_PER_MINUTE = 100;
/** Requests counted per key and window by the day-window deployment (a fresh proxy sees fresh keys: self-test keys are minted per run). */
const dayCounts = new Map<string, number>();
/** The rate-limit headers last shown per key and budget, for the invoice-budget deployment. */
const keyWindows = new Map<string, Record<string, string>>();

/** The methods the spec lists on a spec path (relative to the base URL), or undefined off the spec's paths. */
function listedOn(path: string | undefined): readonly string[] | undefined {
  return path !== undefined ? SPEC_PATHS.find(([pattern]) => pattern.test(path))?.[1] : undefined;
}

/** The mode of an answer the deployment gives itself: the key's prefix, or the sandbox the request asks for. */
function modeOf(req: ProxyRequest): 'live' | 'sandbox' {
  const sandbox = /^(Bearer )?svc_sandbox_/.test(req.headers.authorization ?? req.headers['x-api-key'] ?? '');
  return req.headers['x-service-mode'] === 'sandbox' || sandbox ? 'sandbox' : 'live';
}

/** Tolerances of HTTP itself (RFC 9110): answers the suite's requests allow whatever the spec says. */
export const HTTP_TOLERANCES: readonly Tolerance[] = [
  {
    id: 'conditional-requests',
    choice:
      '`If-None-Match: *` is evaluated: 304 without a body for a GET of a resource that exists, 412 with the envelope for other methods (the reference server ignores it)',
    response: (res, original) => {
      if (original.headers['if-none-match'] !== '*' || res.status < 200 || res.status >= 300) return undefined;
      if (original.method === 'GET' || original.method === 'HEAD')
        return {
          status: 304,
          // The spec's headers go on every answer, a 304 too.
          headers: {
            ...rateHeaders(res),
            'x-service-mode': res.headers['x-service-mode'] ?? 'live',
            etag: '"current"',
          },
          body: Buffer.alloc(0),
        };
      return envelope(
        412,
        'PRECONDITION_FAILED',
        'If-None-Match: * and the resource exists',
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
  {
    id: 'options-answers',
    choice: 'OPTIONS on a spec path answers 200 with `Allow` and a plain-text body listing the methods',
    request: (req) => {
      const listed = req.method === 'OPTIONS' ? listedOn(apiPath(req)) : undefined;
      if (!listed) return undefined;
      const allow = [...listed, 'OPTIONS'].join(', ');
      return {
        status: 200,
        headers: { allow, 'content-type': 'text/plain; charset=utf-8', 'x-service-mode': modeOf(req) },
        body: Buffer.from(allow),
      };
    },
  },
  {
    id: 'interim-responses',
    choice: 'every answer is preceded by a `103 Early Hints` interim answer',
    transport: { interim: true },
  },
  {
    id: 'header-name-case',
    choice: 'header field names sent in upper case (`X-RATELIMIT-LIMIT`, `CONTENT-TYPE`, `X-SERVICE-MODE`)',
    transport: { upperCaseNames: true },
  },
  {
    id: 'unimplemented-methods-501',
    choice: 'PUT and OPTIONS, methods the spec never uses, answer 501 NOT_IMPLEMENTED with the envelope',
    request: (req) =>
      (req.method === 'PUT' || req.method === 'OPTIONS') && apiPath(req) !== undefined
        ? envelope(501, 'NOT_IMPLEMENTED', `${req.method} is not implemented`, modeOf(req))
        : undefined,
  },
];

export const TOLERANCES: readonly Tolerance[] = [
  {
    id: 'extra-fields',
    choice: 'every object inside `data` (at any depth) and `meta` carries members the spec does not list',
    json: (body) =>
      isRec(body) && 'data' in body
        ? {
            ...body,
            data: withExtension(body.data),
            ...(isRec(body.meta) ? { meta: { ...body.meta, totalPages: 1, ...extension() } } : {}),
          }
        : body,
  },
  {
    id: 'json-form',
    choice: 'JSON written with other whitespace, key order, string escapes and number forms',
    json: (body) => reordered(body),
    serialise: escapedPretty,
  },
  {
    id: 'content-type-parameters',
    choice:
      'JSON answers typed `Application/JSON;Charset="UTF-8"` (media types and parameters are case-insensitive, RFC 9110 section 8.3.1)',
    response: (res) =>
      isJson(res)
        ? { ...res, headers: { ...res.headers, 'content-type': 'Application/JSON;Charset="UTF-8"' } }
        : undefined,
  },
  {
    id: 'transport',
    choice: 'answers sent chunked on a connection the server closes, with Date, ETag and Cache-Control headers',
    response: (res) => ({
      ...res,
      headers: {
        ...res.headers,
        date: new Date().toUTCString(),
        etag: `W/"${res.body.length.toString(16)}"`,
        'cache-control': 'no-store',
        vary: 'Authorization',
      },
    }),
    transport: { chunked: true, close: true },
  },
  {
    id: 'unknown-query-parameters',
    choice: 'query parameters no list of the spec names are ignored instead of refused',
    request: (req) => {
      if (apiPath(req) === undefined) return undefined;
      const query = new URLSearchParams();
      for (const [name, value] of req.query) if (SPEC_QUERY_PARAMETERS.has(name)) query.append(name, value);
      return { ...req, query };
    },
  },
  {
    id: 'non-uuid-id-is-404',
    choice: 'an id that is not a UUID answers 404 NOT_FOUND (no such resource) instead of 400 VALIDATION_ERROR',
    response: (res, original) => {
      const ids = nonUuidIds(apiPath(original));
      if (!ids || res.status !== 400 || codeOf(res) !== 'VALIDATION_ERROR') return undefined;
      const [collection, id, docId] = ids;
      const kind =
        docId !== undefined && UUID.test(id ?? '') ? 'document' : (KIND_BY_COLLECTION[collection ?? ''] ?? 'resource');
      return envelope(404, 'NOT_FOUND', `No ${kind} has that id`, res.headers['x-service-mode'], rateHeaders(res));
    },
  },
  {
    id: 'unlisted-methods-405',
    choice:
      'a method the spec does not list on a spec path answers 405 with Allow and the envelope (the reference server: 404)',
    response: (res, original) => {
      const listed = unlistedOn(apiPath(original), original.method);
      if (!listed || res.status !== 404) return undefined;
      return envelope(
        405,
        'METHOD_NOT_ALLOWED',
        `${original.method} is not allowed here; use ${listed.join(' or ')}`,
        res.headers['x-service-mode'],
        { ...rateHeaders(res), allow: listed.join(', ') },
      );
    },
  },
  {
    id: 'unlisted-method-invalid-id',
    choice:
      'a method the spec does not list on a path whose id is not a UUID answers 400 VALIDATION_ERROR (parameters checked before methods; the reference server: 404)',
    response: (res, original) => {
      const path = apiPath(original);
      if (!unlistedOn(path, original.method) || !nonUuidIds(path) || res.status !== 404) return undefined;
      return envelope(
        400,
        'VALIDATION_ERROR',
        'Invalid request: params.id must be a UUID',
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
  {
    id: 'message-wording',
    choice: 'error messages worded otherwise, still naming what the spec says they name',
    json: (body, res) => {
      if (!isRec(body) || typeof body.error !== 'string' || res.status < 400) return body;
      const original = body.error;
      const notFound = /^(.*?) not found\.?$/i.exec(original);
      const error = notFound
        ? `We could not find that ${notFound[1]?.toLowerCase()} for your account.`
        : `Request refused (${original})`;
      return { ...body, error };
    },
  },
  {
    id: 'rate-limit-window',
    choice: 'X-RateLimit-* describe the 24-hour window (Limit 50000 for Enterprise reads) instead of the minute',
    response: (res, original) => {
      const minute = res.headers['x-ratelimit-limit'];
      if (minute === undefined || !/^\d+$/.test(minute)) return undefined;
      const day = Number(minute) * DAY_PER_MINUTE;
      const key = `${original.headers.authorization ?? original.headers['x-api-key'] ?? ''} ${minute}`;
      const used = (dayCounts.get(key) ?? 0) + (res.status === 429 ? 0 : 1);
      dayCounts.set(key, used);
      const reset = Math.floor(Date.now() / 1000) + 86_400;
      return {
        ...res,
        headers: {
          ...res.headers,
          'x-ratelimit-limit': String(day),
          'x-ratelimit-remaining': String(Math.max(0, day - used)),
          'x-ratelimit-reset': String(reset),
        },
      };
    },
  },
  {
    id: 'page-defaults',
    choice: 'lists default to 20 items a page (the reference server: 50)',
    request: (req) => {
      const path = apiPath(req);
      if (
        req.method !== 'GET' ||
        path === undefined ||
        req.query.has('limit') ||
        !/^\/(properties|contracts|rent|events)$|^\/properties\/[^/]+\/documents$/.test(path)
      )
        return undefined;
      const query = new URLSearchParams(req.query);
      query.set('limit', '20');
      return { ...req, query };
    },
    // The client did not send `limit`: a deployment with a default of 20 reports 20, whatever the reference echoes.
    json: (body, _res, original) =>
      isRec(body) && isRec(body.meta) && !original.query.has('limit') && apiPath(original) !== undefined
        ? { ...body, meta: { ...body.meta, limit: 20 } }
        : body,
  },
  {
    id: 'service-mode-header-off-rent',
    choice:
      'a live key sent with `X-Service-Mode: sandbox` on a GET outside rent and invoices is answered in live mode (the reference server: sandbox)',
    response: (res, original) => {
      const path = apiPath(original);
      if (
        original.method !== 'GET' ||
        path === undefined ||
        path.startsWith('/rent') ||
        !(keyOf(original) ?? '').startsWith('svc_live_') ||
        original.headers['x-service-mode']?.trim().toLowerCase() !== 'sandbox' ||
        res.status === 401
      )
        return undefined;
      return { ...res, headers: { ...res.headers, 'x-service-mode': 'live' } };
    },
  },
  {
    id: 'service-mode-of-refused-keys',
    choice: "a 401 answer carries the X-Service-Mode opposite to the refused key's prefix",
    response: (res, original) => {
      if (res.status !== 401) return undefined;
      const key = keyOf(original) ?? '';
      const said = res.headers['x-service-mode'];
      const mode = key.startsWith('svc_live_')
        ? 'sandbox'
        : key.startsWith('svc_sandbox_')
          ? 'live'
          : said === 'sandbox'
            ? 'live'
            : 'sandbox';
      return { ...res, headers: { ...res.headers, 'x-service-mode': mode } };
    },
  },
  {
    id: 'rate-limit-invoice-budget',
    // The reference server already shows, on invoice routes, whichever window (the key's or the landlord's invoice
    // limit) has the least room left, which with the self-tests' raised key limits is the invoice limit. The other
    // form the row allows is the key's own budget: here the invoice answers describe the key's reads (PDF) or
    // writes (email) window as its last other answer of that budget showed it, one request further on.
    response: (res, original) => {
      const path = apiPath(original);
      const key = keyOf(original);
      if (path === undefined || key === undefined || res.headers['x-ratelimit-limit'] === undefined) return undefined;
      const slot = `${key} ${original.method === 'GET' ? 'reads' : 'writes'}`;
      const invoice = /^\/rent\/[^/]+\/invoice\/(pdf|email)$/.test(path);
      if (!invoice) {
        keyWindows.set(slot, rateHeaders(res));
        return undefined;
      }
      const last = keyWindows.get(slot);
      if (res.status === 429 || last === undefined) return undefined;
      const now = Math.floor(Date.now() / 1000);
      const next = {
        'x-ratelimit-limit': last['x-ratelimit-limit'] ?? '1',
        'x-ratelimit-remaining': String(Math.max(0, Number(last['x-ratelimit-remaining']) - 1)),
        'x-ratelimit-reset': String(Math.max(now, Number(last['x-ratelimit-reset']))),
      };
      keyWindows.set(slot, next);
      return { ...res, headers: { ...res.headers, ...next } };
    },
    choice:
      "X-RateLimit-* on the invoice routes describe the key's reads (PDF) or writes (email) window rather than the landlord's invoice limit",
  },
  {
    id: 'rate-limit-reset-rounding',
    choice: "X-RateLimit-Reset one second earlier than the reference server's (its seconds rounded down, not up)",
    response: (res) => {
      const reset = res.headers['x-ratelimit-reset'];
      if (reset === undefined || !/^\d+$/.test(reset)) return undefined;
      return { ...res, headers: { ...res.headers, 'x-ratelimit-reset': String(Number(reset) - 1) } };
    },
  },
  {
    id: 'foreign-body-id-status',
    choice:
      'a POST /contracts or POST /rent refused because its body references a property, tenant or contract the key cannot read answers 409 CONFLICT (the reference server: 400 VALIDATION_ERROR or 404)',
    response: async (res, original, ctx) => {
      const path = apiPath(original);
      if (original.method !== 'POST' || (path !== '/contracts' && path !== '/rent')) return undefined;
      if (res.status !== 400 && res.status !== 404) return undefined;
      // Refused for the reference, not for another fault of the body: a 404, or a 400 naming the field.
      const message = readJson(res);
      const text = isRec(message) && typeof message.error === 'string' ? message.error : '';
      const unreadable = await unreadableReferences(original, ctx);
      if (!unreadable.some((field) => res.status === 404 || text.includes(`payload.${field}`))) return undefined;
      return envelope(
        409,
        'CONFLICT',
        'The body references a resource this account cannot use',
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
  {
    id: 'sandbox-read-volatile',
    choice: "a sandbox key's compliance summary carries its own `generatedAt`, one second before the reference's",
    json: (body, _res, original) => {
      if (
        original.method !== 'GET' ||
        apiPath(original) !== '/compliance/summary' ||
        !(keyOf(original) ?? '').startsWith('svc_sandbox_') ||
        !isRec(body) ||
        !isRec(body.data) ||
        typeof body.data.generatedAt !== 'string'
      )
        return body;
      const at = Date.parse(body.data.generatedAt);
      if (Number.isNaN(at)) return body;
      return { ...body, data: { ...body.data, generatedAt: new Date(at - 1000).toISOString() } };
    },
  },
  ...HTTP_TOLERANCES,
];

/** Where the body of POST /contracts and POST /rent references other resources, and the route that reads each. */
const BODY_REFERENCES: ReadonlyArray<readonly [string, string]> = [
  ['propertyId', '/properties/'],
  ['contractId', '/contracts/'],
  ['tenantId', '/tenants/'],
  ['mainTenantId', '/tenants/'],
  ['additionalTenantIds', '/tenants/'],
];

/** The body fields of a write whose id the same key reads as absent (404): another landlord's, or none. */
async function unreadableReferences(original: ProxyRequest, ctx: FaultContext): Promise<string[]> {
  let body: unknown;
  try {
    body = JSON.parse(original.body.toString('utf8'));
  } catch {
    return [];
  }
  const unreadable: string[] = [];
  if (!isRec(body)) return unreadable;
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'x-api-key']) {
    const value = original.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  for (const [field, route] of BODY_REFERENCES) {
    const value = body[field];
    const ids = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string' && UUID.test(v),
    );
    for (const id of ids) {
      const read = await ctx.upstream({
        method: 'GET',
        path: `${PREFIX}${route}${id}`,
        query: new URLSearchParams(),
        headers,
        body: Buffer.alloc(0),
      });
      if (read.status === 404 && !unreadable.includes(field)) unreadable.push(field);
    }
  }
  return unreadable;
}

function rateHeaders(res: ProxyResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    const value = res.headers[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The transports of several choices as one: every flag any of them sets, the shortest idle time, the first early answer. */
function mergedTransport(tolerances: readonly Tolerance[]): Transport {
  const transports = tolerances.map((t) => t.transport).filter((t): t is Transport => t !== undefined);
  const idle = transports.map((t) => t.idleCloseMs).filter((ms): ms is number => ms !== undefined);
  const early = transports.map((t) => t.early).filter((e): e is NonNullable<Transport['early']> => e !== undefined);
  return {
    chunked: transports.some((t) => t.chunked),
    close: transports.some((t) => t.close),
    interim: transports.some((t) => t.interim),
    upperCaseNames: transports.some((t) => t.upperCaseNames),
    compress: transports.flatMap((t) => t.compress ?? []),
    idle408: transports.some((t) => t.idle408),
    ...(idle.length > 0 ? { idleCloseMs: Math.min(...idle) } : {}),
    ...(early.length > 0 ? { early: (head) => early.map((e) => e(head)).find((r) => r !== undefined) } : {}),
  };
}

/** One deployment making the given choices (all of them by default). */
export function otherChoices(tolerances: readonly Tolerance[] = TOLERANCES): Fault & { readonly transport: Transport } {
  const serialise =
    [...tolerances].reverse().find((t) => t.serialise)?.serialise ?? ((b: unknown) => JSON.stringify(b));
  return {
    description: tolerances.map((t) => t.id).join(' + '),
    transport: mergedTransport(tolerances),
    request(req) {
      let current: ProxyRequest = req;
      for (const t of tolerances) {
        const next = t.request?.(current);
        if (next && 'status' in next) return next;
        if (next) current = next;
      }
      return current;
    },
    async response(res, original, ctx) {
      let current = res;
      for (const t of tolerances) current = (await t.response?.(current, original, ctx)) ?? current;
      if (!isJson(current) || !tolerances.some((t) => t.json || t.serialise)) return current;
      let body = readJson(current);
      if (body === undefined) return current;
      for (const t of tolerances) if (t.json) body = t.json(body, current, original);
      return { ...current, body: Buffer.from(serialise(body), 'utf8') };
    },
  };
}
