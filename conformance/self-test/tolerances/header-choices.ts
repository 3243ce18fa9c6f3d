// Choices in what the spec's own headers say where it leaves them open: which rate-limit window X-RateLimit-*
// describe, how Reset is rounded, which answers carry them, and the X-Service-Mode of answers no key's prefix fixes.

import { matchRoute } from '../../src/spec-routes';
import { apiPath, keyOf } from '../support/faults';
import { rateHeaders, type Tolerance } from './tolerance';

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

export const HEADER_CHOICES: readonly Tolerance[] = [
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
    choice:
      "a 401 answer, a 410 from the removed route and any answer to a request outside the spec's routes carry the X-Service-Mode opposite to the key's prefix",
    response: (res, original) => {
      const path = apiPath(original);
      const outside = path !== undefined && matchRoute(original.method, path) === undefined;
      if (res.status !== 401 && res.status !== 410 && !outside) return undefined;
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
    choice:
      "X-RateLimit-* on the invoice routes describe the key's reads (PDF) or writes (email) window rather than the landlord's invoice limit",
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
    id: 'rate-limit-headers-where-endpoints-say',
    choice:
      '`X-RateLimit-*` only on answers of GET, rent and invoice endpoints (the Endpoints section), none on other writes',
    response: (res, original) => {
      const path = apiPath(original);
      if (path === undefined || original.method === 'GET' || path.startsWith('/rent')) return undefined;
      const headers = { ...res.headers };
      delete headers['x-ratelimit-limit'];
      delete headers['x-ratelimit-remaining'];
      delete headers['x-ratelimit-reset'];
      return { ...res, headers };
    },
  },
];
