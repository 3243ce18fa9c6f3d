// Calendar-date helpers. Dates are 'YYYY-MM-DD' strings throughout; arithmetic is done on UTC midnights so
// daylight-saving changes never shift a day.
import type { Clock } from '../clock';

const DAY_MS = 86_400_000;

// Every time zone's offset today is a whole number of quarter hours, so a local date can only change at a UTC
// instant that is a multiple of 15 minutes: within one such quarter the answer is reused (formatting cost about
// 1.5 µs of every request, which asks for today at least once).
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const zones = new Map<string, { format: Intl.DateTimeFormat; quarter: number; date: string }>();

/** Today's date in a time zone (the landlord's; the spec's "local dates"). */
export function localDate(clock: Clock, timeZone: string): string {
  const now = clock.now();
  const quarter = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      quarter: Number.NaN,
      date: '',
    };
    zones.set(timeZone, zone);
  }
  if (zone.quarter !== quarter) {
    zone.date = zone.format.format(now);
    zone.quarter = quarter;
  }
  return zone.date;
}

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * A `YYYY-MM-DD` date that exists and that PostgreSQL can store: ISO 8601's year 0000 (1 BC) it cannot (its dates
 * count 1 BC, 1 AD with no year zero), so it is refused as invalid rather than failing the query.
 */
export const isValidDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};
