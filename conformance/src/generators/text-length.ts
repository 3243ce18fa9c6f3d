// Bounded text fields: `search` 1..200, document `name` 1..500, calendar `type` ≤ 500 (spec: Other limits).
import fc, { type Arbitrary } from 'fast-check';
import { requireIntRange } from './constraints';

export interface LengthConstraints {
  readonly minLength: number;
  readonly maxLength: number;
}

export const SEARCH_LENGTH: LengthConstraints = { minLength: 1, maxLength: 200 };
export const DOCUMENT_NAME_LENGTH: LengthConstraints = { minLength: 1, maxLength: 500 };

/** Printable, non-blank text within the bounds (what a valid request sends). */
export function boundedTextArb(c: LengthConstraints): Arbitrary<string> {
  requireIntRange('boundedTextArb', c.minLength, c.maxLength);
  if (c.minLength < 1) throw new RangeError('boundedTextArb: minLength must be at least 1');
  return fc
    .string({ unit: 'grapheme-ascii', minLength: c.minLength, maxLength: c.maxLength })
    .filter((s) => s.trim().length > 0);
}

/** Lengths just outside the bounds: empty, and maxLength + 1 up to + 50. */
export function outOfBoundsTextArb(c: LengthConstraints): Arbitrary<string> {
  requireIntRange('outOfBoundsTextArb', c.minLength, c.maxLength);
  const tooLong = fc.integer({ min: c.maxLength + 1, max: c.maxLength + 50 }).map((n) => 'x'.repeat(n));
  return c.minLength > 0 ? fc.oneof(fc.constant(''), tooLong) : tooLong;
}
