// `/events` query values: `type` is a comma-separated list of the nine kinds (≤ 500 chars); from/to ≤ 400 days apart.
import fc, { type Arbitrary } from 'fast-check';
import { isoDateArb, type IsoDateConstraints } from './iso-date';

export const CALENDAR_TYPES = [
  'Task',
  'Property',
  'Contract',
  'Tenant',
  'Rent',
  'Compliance',
  'Insurance',
  'Schedule',
  'Inspection',
] as const;
export const MAX_CALENDAR_RANGE_DAYS = 400;

export function calendarTypeListArb(): Arbitrary<string> {
  return fc
    .uniqueArray(fc.constantFrom(...CALENDAR_TYPES), { minLength: 1, maxLength: CALENDAR_TYPES.length })
    .map((t) => t.join(','));
}

/** A from/to pair `spanDays` apart, within [min, max] of spanDays (defaults: a valid 0..400 day window). */
export function calendarRangeArb(
  span: { readonly min?: number; readonly max?: number } = {},
  dates: IsoDateConstraints = { min: '2020-01-01', max: '2030-12-31' },
): Arbitrary<{ from: string; to: string; days: number }> {
  const min = span.min ?? 0;
  const max = span.max ?? MAX_CALENDAR_RANGE_DAYS;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || min > max)
    throw new RangeError(`calendarRangeArb: bad span ${min}..${max}`);
  return fc.tuple(isoDateArb(dates), fc.integer({ min, max })).map(([from, days]) => {
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    return { from, to, days };
  });
}
