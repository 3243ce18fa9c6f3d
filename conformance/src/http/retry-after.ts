// Retry-After (RFC 9110 section 10.2.3): "Retry-After = HTTP-date / delay-seconds". The spec asks seconds of a 429
// ("`Retry-After` header (seconds) present") and says only "typically 60 s" of a 503, so a 503 may give either form.

/** An IMF-fixdate or one of the two obsolete forms a recipient must accept (RFC 9110 section 5.6.7). */
const HTTP_DATE =
  /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;

export const DELAY_SECONDS = /^\d+$/;

/** Whether a Retry-After value is delay-seconds or an HTTP-date. */
export function isRetryAfter(value: string): boolean {
  const v = value.trim();
  return DELAY_SECONDS.test(v) || (HTTP_DATE.test(v) && !Number.isNaN(Date.parse(v)));
}

/** The wait a Retry-After value asks for, in seconds from `now` (ms; at least 0), or undefined when it is neither form. */
export function retryAfterSeconds(value: string, now: number): number | undefined {
  const v = value.trim();
  if (DELAY_SECONDS.test(v)) return Number(v);
  if (!isRetryAfter(v)) return undefined;
  return Math.max(0, Math.ceil((Date.parse(v) - now) / 1000));
}
