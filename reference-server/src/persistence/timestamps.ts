// Timestamps as both drivers hand them over: a `Date` that keeps the ISO form it was read as. A 500-row page has
// a thousand timestamps; parsing each with the driver's generic parser (a regular expression, then a Date) and
// formatting it again for the answer was a fifth of the page's CPU. In UTC (PostgreSQL's usual TimeZone) the text
// is read by position and its ISO form is sliced from it; any other offset, infinity, or a year outside 100-9999 is
// left to the driver's own parser.

/** A `Date` whose ISO form is known: `toISOString` (and so `toJSON`) answers it without formatting again. */
class ReadTimestamp extends Date {
  readonly #iso: string;
  readonly #time: number;

  constructor(time: number, iso: string) {
    super(time);
    this.#time = time;
    this.#iso = iso;
  }

  override toISOString(): string {
    // A setter may have moved the time since: then the known form is stale and Date's own formatting answers.
    return this.getTime() === this.#time ? this.#iso : super.toISOString();
  }
}

/** The decimal number in text[from, to), or -1 where a character is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const SEPARATORS: readonly (readonly [number, string])[] = [
  [4, '-'],
  [7, '-'],
  [10, ' '],
  [13, ':'],
  [16, ':'],
];

/**
 * `timestamptz` text in UTC (`2026-11-28 17:00:00.123456+00`, fraction optional, up to six digits) as a `Date`,
 * milliseconds truncated as the driver's parser does; undefined for any other text.
 */
export function parseUtcTimestamp(text: string): Date | undefined {
  const end = text.length - 3;
  if (end < 19 || end > 26 || end === 20 || !text.endsWith('+00')) return undefined;
  for (const [at, separator] of SEPARATORS) if (text[at] !== separator) return undefined;
  if (end > 19 && (text[19] !== '.' || digits(text, 20, end) < 0)) return undefined;
  const year = digits(text, 0, 4);
  const fields = [digits(text, 5, 7), digits(text, 8, 10), digits(text, 11, 13), digits(text, 14, 16)];
  const second = digits(text, 17, 19);
  // Date.UTC reads years 0-99 as 1900-1999.
  if (year < 100 || second < 0 || fields.some((n) => n < 0)) return undefined;
  const millis = text.slice(20, Math.min(end, 23)).padEnd(3, '0');
  const [month, day, hour, minute] = fields as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day, hour, minute, second, Number(millis));
  return new ReadTimestamp(time, `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis}Z`);
}
