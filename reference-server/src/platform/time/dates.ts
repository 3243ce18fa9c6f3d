// Calendar-date helpers. Dates are 'YYYY-MM-DD' strings throughout; arithmetic is done on UTC midnights so
// daylight-saving changes never shift a day.
import type { Clock } from '../clock';

const DAY_MS = 86_400_000;

// Building a DateTimeFormat costs ~0.2 ms and happens on every request: keep one per time zone.
const formats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in a time zone (the landlord's; the spec's "local dates"). */
export function localDate(clock: Clock, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(clock.now());
}

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export const isValidDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};
