// `page` and `limit` on list endpoints: limit maximum 500 (spec: Endpoints, Other limits).
import fc, { type Arbitrary } from 'fast-check';
import { requireIntRange } from './constraints';

export const MAX_LIMIT = 500;

export interface LimitConstraints {
  readonly min?: number;
  readonly max?: number;
}

/** Valid `limit` values (defaults 1..500; the minimum is "not shown", so 1 is the safe floor). */
export function limitArb(c: LimitConstraints = {}): Arbitrary<number> {
  const min = c.min ?? 1;
  const max = c.max ?? MAX_LIMIT;
  requireIntRange('limitArb', min, max);
  if (max > MAX_LIMIT) throw new RangeError(`limitArb: max ${max} is above the spec's maximum ${MAX_LIMIT}`);
  return fc.integer({ min, max });
}

/** `limit` values the spec rejects with 400 VALIDATION_ERROR: above 500, or not an integer. */
export function invalidLimitArb(): Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: MAX_LIMIT + 1, max: 1_000_000 }).map(String),
    fc.constantFrom('abc', '1.5', '5e2x', '', ' ', '0x10'),
  );
}

/** Small page numbers (the suite never needs deep pages). */
export function pageArb(maxPage = 5): Arbitrary<number> {
  requireIntRange('pageArb', 1, maxPage);
  return fc.integer({ min: 1, max: maxPage });
}
