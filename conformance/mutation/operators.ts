// The violations the engine can put between the suite and the reference server, one kind each: a status, a code,
// a header value, a field, an order, a filter, a total, a limit edge, an access rule, the envelope. Each builder
// takes the route it is aimed at and returns a fault (the self-tests' proxy interface) that changes ONLY answers
// to requests on that route; everything else passes through untouched, so one mutant is one violation.

import type { Target } from '../src/targets';
import type { Fault, FaultContext, ProxyRequest, ProxyResponse } from '../self-test/support/broken';
import { apiPath, codeOf, errorResponse, isRec, keyOf, readJson, withJson, withKey } from '../self-test/support/faults';
import { routePattern, type MutationRoute } from './routes';

export type MutationKind =
  'status' | 'code' | 'header' | 'field' | 'order' | 'filter' | 'total' | 'limit-edge' | 'access' | 'envelope';

type Rec = Record<string, unknown>;

/** A request on the route (method and path template), under the public API base. */
export function onRoute(route: MutationRoute): (req: ProxyRequest) => boolean {
  const pattern = routePattern(route);
  return (req) => {
    const path = apiPath(req);
    return req.method === route.method && path !== undefined && pattern.test(path);
  };
}

const isSuccess = (res: ProxyResponse): boolean => res.status >= 200 && res.status < 300;
const isJsonAnswer = (res: ProxyResponse): boolean => /^application\/json/i.test(res.headers['content-type'] ?? '');

/** Maps `data` (the object, or each item of a list); `fn` returns undefined to leave an item as it is. */
function mapData(body: Rec, fn: (item: Rec) => Rec | undefined): Rec | undefined {
  let changed = false;
  const one = (v: unknown): unknown => {
    if (!isRec(v)) return v;
    const out = fn(structuredClone(v));
    if (out === undefined) return v;
    changed = true;
    return out;
  };
  const data = Array.isArray(body.data) ? body.data.map(one) : one(body.data);
  return changed ? { ...body, data } : undefined;
}

/**
 * A fault that rewrites answers on `route` only. `respond` returns the new answer or undefined (unchanged);
 * `request` may rewrite the request first (a filter dropped, a key swapped).
 */
export function routeFault(
  route: MutationRoute,
  description: string,
  parts: {
    readonly request?: (
      req: ProxyRequest,
      ctx: FaultContext,
    ) => ProxyRequest | ProxyResponse | undefined | Promise<ProxyRequest | ProxyResponse | undefined>;
    readonly respond?: (
      res: ProxyResponse,
      req: ProxyRequest,
      ctx: FaultContext,
    ) => ProxyResponse | undefined | Promise<ProxyResponse | undefined>;
  },
): Fault {
  const matches = onRoute(route);
  return {
    description,
    ...(parts.request
      ? { request: (req: ProxyRequest, ctx: FaultContext) => (matches(req) ? parts.request?.(req, ctx) : undefined) }
      : {}),
    ...(parts.respond
      ? {
          response: (res: ProxyResponse, req: ProxyRequest, ctx: FaultContext) =>
            matches(req) ? parts.respond?.(res, req, ctx) : undefined,
        }
      : {}),
  };
}

// ---- status and code ------------------------------------------------------------------------------------

/** Success answers on the route with another 2xx status (201 for 200, 200 for 201). */
export function successStatus(route: MutationRoute, status: number): Fault {
  const other = status === 201 ? 200 : 201;
  return routeFault(route, `${route.method} ${route.path} answers ${other} instead of ${status}`, {
    respond: (res) => (res.status === status ? { ...res, status: other } : undefined),
  });
}

/** Answers with `code` on the route carry `replacement` instead (same status). */
export function errorCode(route: MutationRoute, code: string, replacement: string): Fault {
  return routeFault(route, `${code} on ${route.method} ${route.path} is answered with code ${replacement}`, {
    respond: (res) => {
      const body = readJson(res);
      return isRec(body) && body.code === code ? withJson(res, { ...body, code: replacement }) : undefined;
    },
  });
}

/** Answers with `code` on the route carry a message of their own (same status and code): it names nothing. */
export function errorMessage(route: MutationRoute, code: string, message: string): Fault {
  return routeFault(route, `${code} answers on ${route.method} ${route.path} say only "${message}"`, {
    respond: (res) => {
      const body = readJson(res);
      return isRec(body) && body.code === code ? withJson(res, { ...body, error: message }) : undefined;
    },
  });
}

/** Answers with `code` on the route carry status `status` instead (same code and body). */
export function errorStatus(route: MutationRoute, code: string, status: number): Fault {
  return routeFault(route, `${code} on ${route.method} ${route.path} is answered with status ${status}`, {
    respond: (res) => (codeOf(res) === code ? { ...res, status } : undefined),
  });
}

// ---- headers --------------------------------------------------------------------------------------------

/** X-Service-Mode says the other mode on the route. */
export function serviceModeFlipped(route: MutationRoute): Fault {
  return routeFault(route, `X-Service-Mode on ${route.method} ${route.path} names the other mode`, {
    respond: (res) => {
      const mode = res.headers['x-service-mode'];
      if (mode === undefined) return undefined;
      return { ...res, headers: { ...res.headers, 'x-service-mode': mode === 'sandbox' ? 'live' : 'sandbox' } };
    },
  });
}

/** X-RateLimit-Reset in milliseconds (not Unix seconds) on the route. */
export function rateLimitResetInMs(route: MutationRoute): Fault {
  return routeFault(route, `X-RateLimit-Reset on ${route.method} ${route.path} is in milliseconds`, {
    respond: (res) => {
      const reset = res.headers['x-ratelimit-reset'];
      if (reset === undefined || !/^\d+$/.test(reset)) return undefined;
      return { ...res, headers: { ...res.headers, 'x-ratelimit-reset': String(Number(reset) * 1000) } };
    },
  });
}

/** X-RateLimit-Remaining on the route never falls: always one below the Limit (the counter is not read). */
export function rateLimitRemainingFrozen(route: MutationRoute): Fault {
  return routeFault(route, `X-RateLimit-Remaining on ${route.method} ${route.path} is always Limit − 1`, {
    respond: (res) => {
      const limit = res.headers['x-ratelimit-limit'];
      if (limit === undefined || !/^\d+$/.test(limit) || res.headers['x-ratelimit-remaining'] === undefined)
        return undefined;
      return { ...res, headers: { ...res.headers, 'x-ratelimit-remaining': String(Math.max(0, Number(limit) - 1)) } };
    },
  });
}

/** X-RateLimit-Remaining left out on the route. */
export function rateLimitRemainingMissing(route: MutationRoute): Fault {
  return routeFault(route, `X-RateLimit-Remaining missing on ${route.method} ${route.path}`, {
    respond: (res) => {
      if (res.headers['x-ratelimit-remaining'] === undefined) return undefined;
      const headers = { ...res.headers };
      delete headers['x-ratelimit-remaining'];
      return { ...res, headers };
    },
  });
}

// ---- fields ---------------------------------------------------------------------------------------------

export type FieldChange = 'drop' | 'stringify' | 'bad-enum' | 'bad-format' | 'number-to-string' | 'null';

const CHANGE: Readonly<Record<FieldChange, (value: unknown) => unknown>> = {
  drop: () => undefined,
  stringify: (v) => (typeof v === 'number' ? String(v) : v === null ? v : JSON.stringify(v)),
  'number-to-string': (v) => (typeof v === 'number' ? String(v) : v),
  'bad-enum': (v) => (typeof v === 'string' ? `${v}-ish` : v),
  // An id no longer a UUID, a date no longer YYYY-MM-DD, a timestamp no longer ISO 8601.
  'bad-format': (v) => (typeof v === 'string' ? v.replace(/-/g, '/') : v),
  null: () => null,
};

/**
 * One field of the route's data changed (`path` is dot-separated inside each item; `[]` maps over an array).
 * Only success answers with a JSON body; items without the field are left alone.
 */
export function fieldChanged(route: MutationRoute, path: string, change: FieldChange): Fault {
  const segments = path.split('.');
  const apply = (value: unknown, rest: readonly string[]): { value: unknown; changed: boolean } => {
    const [head, ...tail] = rest;
    if (head === undefined) return { value, changed: false };
    if (head === '[]') {
      if (!Array.isArray(value)) return { value, changed: false };
      let changed = false;
      const out = value.map((v) => {
        const r = apply(v, tail);
        changed ||= r.changed;
        return r.value;
      });
      return { value: out, changed };
    }
    if (!isRec(value) || !(head in value)) return { value, changed: false };
    if (tail.length === 0) {
      const next = CHANGE[change](value[head]);
      const copy: Rec = { ...value };
      if (next === undefined) delete copy[head];
      else copy[head] = next;
      return { value: copy, changed: next !== value[head] };
    }
    const r = apply(value[head], tail);
    return r.changed ? { value: { ...value, [head]: r.value }, changed: true } : { value, changed: false };
  };
  return routeFault(route, `${path} on ${route.method} ${route.path}: ${change}`, {
    respond: (res) => {
      if (!isSuccess(res) || !isJsonAnswer(res)) return undefined;
      const body = readJson(res);
      if (!isRec(body)) return undefined;
      const out = mapData(body, (item) => {
        const r = apply(item, segments);
        return r.changed && isRec(r.value) ? r.value : undefined;
      });
      return out ? withJson(res, out) : undefined;
    },
  });
}

// ---- lists: order, filter, total, meta -------------------------------------------------------------------

/** The list's items in reverse order (when at least two differ). */
export function orderReversed(route: MutationRoute): Fault {
  return routeFault(route, `items of ${route.method} ${route.path} in reverse order`, {
    respond: (res) => {
      const body = readJson(res);
      const items: unknown = isRec(body) ? body.data : undefined;
      if (!isSuccess(res) || !isRec(body) || !Array.isArray(items) || items.length < 2) return undefined;
      return withJson(res, { ...body, data: items.slice().reverse() });
    },
  });
}

/** The filter parameter is ignored: the request goes upstream without it (the answer is the unfiltered list). */
export function filterIgnored(route: MutationRoute, param: string): Fault {
  return routeFault(route, `${route.method} ${route.path} ignores the ${param} filter`, {
    request: (req) => {
      if (!req.query.has(param)) return undefined;
      const query = new URLSearchParams(req.query);
      query.delete(param);
      return { ...req, query };
    },
  });
}

/**
 * The filter parameter is ignored when another of `others` comes with it (alone it works): the combination a
 * deployment builds its query from one filter at a time gets wrong.
 */
export function filterIgnoredWithOthers(route: MutationRoute, param: string, others: readonly string[]): Fault {
  return routeFault(route, `${route.method} ${route.path} ignores the ${param} filter when another filter is given`, {
    request: (req) => {
      if (!req.query.has(param) || !others.some((o) => req.query.has(o))) return undefined;
      const query = new URLSearchParams(req.query);
      query.delete(param);
      return { ...req, query };
    },
  });
}

/** One member of `meta` changed on the route's list answers. */
export function metaChanged(route: MutationRoute, member: 'total' | 'page' | 'limit' | 'hasNextPage' | 'meta'): Fault {
  return routeFault(route, `meta.${member} on ${route.method} ${route.path} is wrong`, {
    respond: (res) => {
      const body = readJson(res);
      if (!isSuccess(res) || !isRec(body) || !isRec(body.meta)) return undefined;
      const meta: Rec = { ...body.meta };
      if (member === 'meta') {
        const rest: Rec = { ...body };
        delete rest.meta;
        return withJson(res, rest);
      }
      const value = meta[member];
      if (member === 'hasNextPage') {
        if (typeof value !== 'boolean') return undefined;
        meta.hasNextPage = !value;
      } else {
        if (typeof value !== 'number') return undefined;
        meta[member] = value + 1;
      }
      return withJson(res, { ...body, meta });
    },
  });
}

// ---- limit edges and invalid values ---------------------------------------------------------------------

/** A value the spec accepts (`accepted`) is refused with 400 VALIDATION_ERROR. */
export function edgeRefused(
  route: MutationRoute,
  param: string,
  accepted: (value: string) => boolean,
  what: string,
): Fault {
  return routeFault(route, `${route.method} ${route.path} refuses ${param} ${what}`, {
    request: (req) => {
      const value = req.query.get(param);
      if (value === null || !accepted(value)) return undefined;
      return {
        status: 400,
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-service-mode': modeOf(req) },
        body: Buffer.from(JSON.stringify({ error: `${param} is out of range`, code: 'VALIDATION_ERROR' })),
      };
    },
  });
}

/**
 * A value the spec refuses (`refused`) is accepted: the request goes upstream with `repair(value)` in its place,
 * as a server that clamps or ignores it would answer.
 */
export function edgeAccepted(
  route: MutationRoute,
  param: string,
  refused: (value: string, query: URLSearchParams) => boolean,
  repair: (value: string) => string | undefined,
  what: string,
  /** Repairs the whole query instead (a range cut to its bound). */
  repairQuery?: (query: URLSearchParams) => void,
): Fault {
  return routeFault(route, `${route.method} ${route.path} accepts ${param} ${what}`, {
    request: (req) => {
      const value = req.query.get(param);
      if (value === null || !refused(value, req.query)) return undefined;
      const query = new URLSearchParams(req.query);
      const fixed = repair(value);
      if (repairQuery) repairQuery(query);
      else if (fixed === undefined) query.delete(param);
      else query.set(param, fixed);
      return { ...req, query };
    },
  });
}

function modeOf(req: ProxyRequest): string {
  return /^svc_sandbox_/.test(keyOf(req) ?? '') || req.headers['x-service-mode'] === 'sandbox' ? 'sandbox' : 'live';
}

// ---- access ---------------------------------------------------------------------------------------------

/** A fault that needs the target's keys: its description is known before the target is. */
export interface KeyedFault {
  readonly description: string;
  build(t: Target): Fault;
}

function keyedFault(description: string, build: (t: Target, description: string) => Fault): KeyedFault {
  return { description, build: (t) => build(t, description) };
}

/** Requests with the role's key go upstream with another role's key (the server treats them as that role). */
export function keySwapped(
  route: MutationRoute,
  from: (t: Target) => string | undefined,
  to: (t: Target) => string,
  what: string,
): KeyedFault {
  return keyedFault(`${route.method} ${route.path}: ${what}`, (t, description) => {
    const source = from(t);
    return routeFault(route, description, {
      request: (req) => (source !== undefined && keyOf(req) === source ? withKey(req, to(t)) : undefined),
    });
  });
}

/** Requests without any key go upstream with `to`'s key: the route answers the unauthenticated. */
export function noKeyLetThrough(route: MutationRoute, to: (t: Target) => string): KeyedFault {
  return keyedFault(`${route.method} ${route.path} answers requests that carry no key`, (t, description) =>
    routeFault(route, description, {
      request: (req) =>
        keyOf(req) === undefined && req.headers.authorization === undefined ? withKey(req, to(t)) : undefined,
    }),
  );
}

/** Sandbox writes go through with the live key and are dressed up as mocks (`sandbox: true`, mode sandbox). */
export function sandboxWritePersists(route: MutationRoute): KeyedFault {
  return keyedFault(`${route.method} ${route.path} with a sandbox key writes for real`, (t, description) => {
    const sandbox = t.keys.enterpriseSandbox;
    return routeFault(route, description, {
      request: (req) =>
        sandbox !== undefined && keyOf(req) === sandbox ? withKey(req, t.keys.enterpriseLive) : undefined,
      respond: (res, req) => {
        if (sandbox === undefined || keyOf(req) !== sandbox) return undefined;
        const body = readJson(res);
        const headers = { ...res.headers, 'x-service-mode': 'sandbox' };
        if (isRec(body) && isRec(body.data))
          return {
            ...withJson(res, { ...body, data: { ...body.data, sandbox: true } }),
            headers: { ...withJson(res, {}).headers, ...headers },
          };
        return { ...res, headers };
      },
    });
  });
}

/** The sandbox key's write refused 400 VALIDATION_ERROR (in sandbox mode) instead of answering its mock. */
export function sandboxWriteRefused(route: MutationRoute): KeyedFault {
  return keyedFault(
    `${route.method} ${route.path} with a sandbox key answers 400 instead of a mock`,
    (t, description) => {
      const sandbox = t.keys.enterpriseSandbox;
      return routeFault(route, description, {
        request: (req) =>
          sandbox !== undefined && keyOf(req) === sandbox
            ? errorResponse(400, 'VALIDATION_ERROR', 'Invalid request', { 'x-service-mode': 'sandbox' })
            : undefined,
      });
    },
  );
}

/** Another landlord's resource answered 403 FORBIDDEN instead of 404 (its existence shows). */
export function foreignIs403(route: MutationRoute): KeyedFault {
  return keyedFault(`${route.method} ${route.path} answers 403 for another landlord's id`, (t, description) => {
    const other = t.keys.otherLandlord;
    return routeFault(route, description, {
      respond: (res, req) =>
        other !== undefined && keyOf(req) === other && codeOf(res) === 'NOT_FOUND'
          ? withJson(res, { error: 'Forbidden', code: 'FORBIDDEN' }, 403)
          : undefined,
    });
  });
}

// ---- envelope -------------------------------------------------------------------------------------------

/** Error answers on the route carry a member beyond `{ error, code }`. */
export function errorEnvelopeExtra(route: MutationRoute): Fault {
  return routeFault(route, `error answers on ${route.method} ${route.path} carry an extra member`, {
    respond: (res) => {
      const body = readJson(res);
      return res.status >= 400 && isRec(body) && typeof body.code === 'string'
        ? withJson(res, { ...body, details: [] })
        : undefined;
    },
  });
}

/** Success answers on the route with a JSON body say another media type (the body unchanged). */
export function successContentType(route: MutationRoute, type = 'text/plain; charset=utf-8'): Fault {
  return routeFault(route, `success answers on ${route.method} ${route.path} carry Content-Type ${type}`, {
    respond: (res) =>
      isSuccess(res) && isJsonAnswer(res) ? { ...res, headers: { ...res.headers, 'content-type': type } } : undefined,
  });
}

/** Success answers on the route drop the `data` wrapper (the resource at the top level). */
export function successUnwrapped(route: MutationRoute): Fault {
  return routeFault(route, `success answers on ${route.method} ${route.path} are not wrapped in data`, {
    respond: (res) => {
      const body = readJson(res);
      if (!isSuccess(res) || !isRec(body)) return undefined;
      // A list is answered as the bare array, an object as the bare object (its meta, if any, beside its members).
      if (Array.isArray(body.data)) return withJson(res, body.data);
      if (!isRec(body.data)) return undefined;
      return withJson(res, { ...body.data, ...(isRec(body.meta) ? { meta: body.meta } : {}) });
    },
  });
}
