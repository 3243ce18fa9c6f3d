// Date helpers for the resource checks: the spec's dates are `YYYY-MM-DD`, its "today (UTC)" is the UTC date,
// and rules that speak of "local dates" learn the deployment's local today from its answers (calendar.ts).

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 date-time with a time part and an offset or Z (fractions optional). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export function isDateTime(value: unknown): value is string {
  return typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** The UTC date of an epoch-milliseconds instant (default: now). */
export function utcDate(ms: number = Date.now()): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The UTC dates a request could have been answered on: the date before it was sent and the date after it came back. */
export interface DateWindow {
  readonly first: string;
  readonly last: string;
}

export async function duringDates<T>(fn: () => Promise<T>): Promise<{ value: T; dates: DateWindow }> {
  const first = utcDate();
  const value = await fn();
  return { value, dates: { first, last: utcDate() } };
}

/**
 * The instant an answer was given, in Unix seconds, on the deployment's own clock: its `Date` header (RFC 9110
 * section 6.6.1: an origin server with a clock generates one), so no skew between the suite's clock and the
 * deployment's needs allowing. Without one, the time it was received: "A recipient with a clock that receives a
 * response message without a Date header field MUST record the time it was received" (same section).
 */
export function answerSeconds(headers: Readonly<Record<string, string>>, receivedMs: number): number {
  const date = headers.date;
  const parsed = date === undefined ? Number.NaN : Date.parse(date);
  return Math.floor((Number.isNaN(parsed) ? receivedMs : parsed) / 1000);
}

/**
 * `X-RateLimit-Reset` against the answer's `Date`: both are whole seconds (an HTTP-date has "one-second
 * resolution", RFC 9110 section 5.6.7; the spec's Reset is "Unix seconds"), taken at two instants of one request,
 * so each may be rounded across a second boundary from the other: one second either way, nothing more.
 */
export const SECOND_ROUNDING = 1;

/**
 * The earliest Unix second a deployment can have taken `X-RateLimit-Reset` at: it counts a request when it receives
 * it and stamps `Date` when it answers, so the two instants lie up to the time the request took apart (a busy
 * deployment counts at once and answers seconds later), besides the rounding of each to a whole second.
 */
export function earliestResetSecond(answerSecond: number, durationMs: number): number {
  return answerSecond - Math.ceil(Math.max(0, durationMs) / 1000) - SECOND_ROUNDING;
}
