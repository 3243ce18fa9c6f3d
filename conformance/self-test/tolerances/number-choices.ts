// Choices the spec's loose numbers leave: a page size it does not show, "10 MB" read as 10,000,000 bytes, "at most
// 400 days" counted with both ends, "characters" counted as UTF-16 code units, "20 requests per minute" counted in
// fixed minutes.

import { apiPath, isRec, keyOf } from '../support/faults';
import type { ProxyRequest, ProxyResponse } from '../support/broken';
import { multipartParts } from '../support/resource-fault-helpers';
import { envelope, modeOf, rateHeaders, type Tolerance } from './tolerance';

const IMAGE_PATH = /^\/properties\/[^/]+\/image$/;
const DOCUMENTS_PATH = /^\/(properties|contracts)\/[^/]+\/documents$/;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const INVOICE_ROUTES: readonly { method: string; path: RegExp; limit: number }[] = [
  { method: 'GET', path: /^\/rent\/[^/]+\/invoice\/pdf$/, limit: 20 },
  { method: 'POST', path: /^\/rent\/[^/]+\/invoice\/email$/, limit: 10 },
];

export interface FixedMinutes {
  /** Where each key's minutes begin: on the clock's, or `offsetMs` after the key's first invoice request. */
  readonly phase: 'clock' | { readonly offsetMs: number };
  /** Requests allowed a minute beyond the spec's (0; a wrong deployment's more). */
  readonly extra?: number;
  /** The deployment's clock (a test shares the suite's, whose sleeps take no time). */
  readonly now?: () => number;
}

/**
 * The invoice limits counted in fixed minutes of the deployment's (per key: the self-tests use one key a landlord),
 * refused with 429 before the request goes further. In front of a reference server whose own invoice limits are
 * the spec's, its sliding minute is the stricter and answers first; in front of one with the limits raised
 * (LANDLORD_LIMITS) these minutes are the limit.
 */
export function invoiceLimitsInFixedMinutes(options: FixedMinutes): Tolerance {
  const phases = new Map<string, number>();
  const counts = new Map<string, number>();
  return {
    id: 'invoice-limits-fixed-minutes',
    choice:
      'the invoice PDF and email limits counted in fixed minutes (clock minutes): a burst spanning the start of a minute has up to 20 (10) served on each side of it (the reference server: a sliding minute)',
    request: (req: ProxyRequest): ProxyResponse | undefined => {
      const path = apiPath(req);
      const key = keyOf(req);
      const route = INVOICE_ROUTES.find((r) => r.method === req.method && path !== undefined && r.path.test(path));
      if (!route || key === undefined) return undefined;
      const now = (options.now ?? Date.now)();
      const phase =
        options.phase === 'clock'
          ? 0
          : (phases.get(key) ?? phases.set(key, (now + options.phase.offsetMs) % MINUTE_MS).get(key) ?? 0);
      const minute = Math.floor((now - phase) / MINUTE_MS);
      const id = `${route.method} ${key} ${minute}`;
      const count = (counts.get(id) ?? 0) + 1;
      counts.set(id, count);
      const limit = route.limit + (options.extra ?? 0);
      if (count <= limit) return undefined;
      const next = phase + (minute + 1) * MINUTE_MS;
      return envelope(429, 'RATE_LIMIT_EXCEEDED', `At most ${limit} requests a minute`, modeOf(req), {
        'retry-after': String(Math.max(1, Math.ceil((next - now) / 1000))),
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.ceil(next / 1000)),
      });
    },
  };
}

export const NUMBER_CHOICES: readonly Tolerance[] = [
  invoiceLimitsInFixedMinutes({ phase: 'clock' }),
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
    id: 'upload-limit-decimal-megabytes',
    choice:
      'property images over 10,000,000 bytes (10 MB in SI units) refused with 413 (the reference server: over 10,485,760)',
    request: (req) => {
      const path = apiPath(req);
      if (req.method !== 'POST' || path === undefined || !IMAGE_PATH.test(path)) return undefined;
      const file = multipartParts(req).find((p) => p.name === 'file' && p.filename !== undefined);
      return file && file.content.length > 10_000_000
        ? envelope(413, 'FILE_TOO_LARGE', 'The image is larger than 10 MB (10,000,000 bytes)', modeOf(req))
        : undefined;
    },
  },
  {
    id: 'calendar-range-counted-inclusively',
    choice:
      '`from` and `to` counted with both days: 400 days apart is 401 days, refused (the reference server: accepted)',
    response: (res, original) => {
      const from = original.query.get('from');
      const to = original.query.get('to');
      if (original.method !== 'GET' || apiPath(original) !== '/events' || !from || !to || res.status !== 200)
        return undefined;
      const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
      return days > 400
        ? envelope(
            400,
            'VALIDATION_ERROR',
            `query.to: from ${from} to ${to} is ${days} days, counting both; at most 400`,
            res.headers['x-service-mode'],
            rateHeaders(res),
          )
        : undefined;
    },
  },
  {
    id: 'characters-as-utf16-units',
    choice:
      '`search` and document names counted in UTF-16 code units: 200 characters outside the BMP are 400 units, refused (the reference server counts code points)',
    request: (req) => {
      const path = apiPath(req);
      if (req.method !== 'POST' || path === undefined || !DOCUMENTS_PATH.test(path)) return undefined;
      const name = multipartParts(req).find((p) => p.name === 'name' && p.filename === undefined);
      return name && name.content.toString('utf8').length > 500
        ? envelope(400, 'VALIDATION_ERROR', 'name: at most 500 characters', modeOf(req))
        : undefined;
    },
    response: (res, original) => {
      const search = original.query.get('search');
      // Only what the reference server accepted: a request it refused (no key, no such resource) stays refused so.
      if (
        original.method !== 'GET' ||
        apiPath(original) === undefined ||
        search === null ||
        search.length <= 200 ||
        res.status >= 300
      )
        return undefined;
      return envelope(
        400,
        'VALIDATION_ERROR',
        'query.search: at most 200 characters',
        res.headers['x-service-mode'],
        rateHeaders(res),
      );
    },
  },
];
