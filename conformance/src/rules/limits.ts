// The spec's Limits section as data: the rate-limit table and the "Other limits" figures, so checks and
// docs quote one source instead of repeating numbers.

/** Plans with API access (the rate-limit table's numeric rows). */
export type ApiPlan = 'Portfolio' | 'Enterprise';

export interface RateLimit {
  readonly readsPerMinute: number;
  readonly writesPerMinute: number;
  readonly readsPerDay: number;
  readonly writesPerDay: number;
}

/** "Enforced per API key on sliding windows of 60 seconds and 24 hours." */
export const RATE_LIMITS: Readonly<Record<ApiPlan, RateLimit>> = {
  Portfolio: { readsPerMinute: 100, writesPerMinute: 30, readsPerDay: 10000, writesPerDay: 3000 },
  Enterprise: { readsPerMinute: 500, writesPerMinute: 100, readsPerDay: 50000, writesPerDay: 10000 },
};

/** Rows of the rate-limit table that read "no API access" in every column. */
export const NO_API_ACCESS_PLANS = ['Essential', 'Professional'] as const;
export type NoApiAccessPlan = (typeof NO_API_ACCESS_PLANS)[number];

export const RATE_WINDOW_MINUTE_SECONDS = 60;
export const RATE_WINDOW_DAY_SECONDS = 24 * 60 * 60;

// "Other limits", row for row.
export const INVOICE_PDF_PER_MINUTE = 20;
export const INVOICE_EMAIL_PER_MINUTE = 10;
export const LIMIT_MAX = 500;
export const SEARCH_MIN = 1;
export const SEARCH_MAX = 200;
/**
 * Property image and chat attachment: "10 MB", which is 10,000,000 bytes in SI units and 10,485,760 (10 MiB) as
 * computing often counts it. The spec does not say which, so a deployment may hold either limit.
 */
export const UPLOAD_MAX_BYTES_READINGS = { decimal: 10_000_000, binary: 10 * 1024 * 1024 } as const;
export const DOC_NAME_MIN = 1;
export const DOC_NAME_MAX = 500;
export const EXPIRING_WITHIN_DAYS_MIN = 0;
export const EXPIRING_WITHIN_DAYS_MAX = 3650;
export const CALENDAR_MAX_RANGE_DAYS = 400;
export const CALENDAR_TYPE_MAX_CHARS = 500;
export const IDEMPOTENCY_KEY_MAX = 128;
export const IDEMPOTENCY_REPLAY_SECONDS = 86400;
export const DOWNLOAD_URL_VALID_SECONDS = 3600;
export const INVOICE_PDF_CACHE_SECONDS = 900;
export const WEBHOOK_TIMEOUT_SECONDS = 10;
export const WEBHOOK_ATTEMPTS = 3;

// The event catalogue's own numbers, said once in the spec data: its length, and how many of its types one
// endpoint may take (Limits: "Event types per webhook endpoint").
export { EVENT_TYPE_COUNT, MAX_EVENT_TYPES_PER_ENDPOINT as EVENT_TYPES_PER_ENDPOINT } from '@ppapi/spec';
/** Default calendar window when `from` and `to` are both omitted (Endpoints > Calendar). */
export const CALENDAR_DEFAULT_DAYS_BEFORE = 7;
export const CALENDAR_DEFAULT_DAYS_AFTER = 90;
/** "about 15 minutes and about 60 minutes after, with jitter" (Events > Delivery 2). */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [900, 3600] as const;
