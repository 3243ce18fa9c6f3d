// Dates are `YYYY-MM-DD` (spec: Conventions).
import fc, { type Arbitrary } from 'fast-check';

export interface IsoDateConstraints {
  /** Inclusive, `YYYY-MM-DD`. Default 2000-01-01. */
  readonly min?: string;
  /** Inclusive, `YYYY-MM-DD`. Default 2099-12-31. */
  readonly max?: string;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(date: string, name: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!DATE.test(date) || Number.isNaN(ms))
    throw new RangeError(`isoDateArb: ${name} must be YYYY-MM-DD, got "${date}"`);
  return Math.round(ms / DAY_MS);
}

export function isoDateArb(constraints: IsoDateConstraints = {}): Arbitrary<string> {
  const min = dayNumber(constraints.min ?? '2000-01-01', 'min');
  const max = dayNumber(constraints.max ?? '2099-12-31', 'max');
  if (min > max) throw new RangeError(`isoDateArb: min ${constraints.min} is after max ${constraints.max}`);
  return fc.integer({ min, max }).map((d) => new Date(d * DAY_MS).toISOString().slice(0, 10));
}

/** Strings that look date-like but are not valid `YYYY-MM-DD` dates. */
export function invalidDateArb(): Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '2024-02-30',
      '2023-13-01',
      '2024-00-10',
      '24-01-01',
      '2024/01/01',
      '01-02-2024',
      '2024-1-1',
      'tomorrow',
      '',
    ),
    fc
      .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2099-12-31') })
      .map((d) => d.toISOString()),
  );
}
