// `Idempotency-Key`: a string of at most 128 characters, replayed for 24 hours (spec: Rent rules 3, Other limits).
import fc, { type Arbitrary } from 'fast-check';

export const MAX_IDEMPOTENCY_KEY = 128;

/** Header-safe keys within the limit, prefixed with the run's marker so they are recognisably the suite's. */
export function idempotencyKeyArb(marker: string): Arbitrary<string> {
  const room = MAX_IDEMPOTENCY_KEY - marker.length - 1;
  if (room < 1)
    throw new RangeError(
      `idempotencyKeyArb: marker "${marker}" leaves no room under ${MAX_IDEMPOTENCY_KEY} characters`,
    );
  return fc
    .string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'.split('')),
      minLength: 1,
      maxLength: room,
    })
    .map((s) => `${marker}-${s}`);
}

export function tooLongIdempotencyKeyArb(): Arbitrary<string> {
  return fc.integer({ min: MAX_IDEMPOTENCY_KEY + 1, max: MAX_IDEMPOTENCY_KEY + 200 }).map((n) => 'k'.repeat(n));
}
