// Rent `period` strings: normalised by collapsing extra whitespace (spec: Rules for POST /rent, 3).
import fc, { type Arbitrary } from 'fast-check';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `{ raw, normalized }`: the same period with random extra spaces and tabs, and what the server should store. */
export function spacedPeriodArb(): Arbitrary<{ raw: string; normalized: string }> {
  const gap = fc.string({ unit: fc.constantFrom(' ', '  ', '\t'), minLength: 1, maxLength: 3 });
  return fc
    .tuple(fc.constantFrom(...MONTHS), fc.integer({ min: 2020, max: 2035 }), gap, gap, gap)
    .map(([m, y, lead, mid, trail]) => ({
      raw: `${lead}${m}${mid}${y}${trail}`,
      normalized: `${m} ${y}`,
    }));
}
