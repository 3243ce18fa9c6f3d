// Credentials that must be rejected with 401 UNAUTHORIZED: malformed or unknown keys (spec: Authentication 6).
import fc, { type Arbitrary } from 'fast-check';

const KEY_BODY = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')),
  minLength: 8,
  maxLength: 64,
});

/** Well-formed-looking keys that no deployment issued (random bodies under the real prefixes). */
export function unknownKeyArb(): Arbitrary<string> {
  return fc.tuple(fc.constantFrom('svc_live_', 'svc_sandbox_'), KEY_BODY).map(([p, b]) => `${p}unknown${b}`);
}

/** Keys with the wrong shape: no prefix, wrong prefix, odd characters, empty. Header-safe (visible ASCII). */
export function malformedKeyArb(): Arbitrary<string> {
  return fc.oneof(
    KEY_BODY,
    KEY_BODY.map((b) => `svc_test_${b}`),
    KEY_BODY.map((b) => `sk_live_${b}`),
    KEY_BODY.map((b) => `svc_live-${b}`),
    fc.constantFrom('svc_live_', 'svc_sandbox_', 'svc_', 'Bearer', 'null', 'undefined'),
    fc.string({ unit: fc.constantFrom(...'!#$%&*+-.^_`|~:;<>='.split('')), minLength: 1, maxLength: 20 }),
  );
}
