// Ids are UUID strings (spec: Conventions). A random v4 UUID names no existing resource (404 checks).
import fc, { type Arbitrary } from 'fast-check';

export function uuidArb(): Arbitrary<string> {
  return fc.uuid({ version: 4 });
}

/** Strings that are not UUIDs (path parameters must be UUIDs → 400 or 404, never 500). */
export function notUuidArb(): Arbitrary<string> {
  return fc
    .oneof(
      fc
        .string({ minLength: 1, maxLength: 40 })
        .filter(
          (s) =>
            !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) &&
            s.trim() === s &&
            !s.includes('/'),
        ),
      fc.uuid().map((u) => u.slice(0, -1)),
      fc.uuid().map((u) => `${u}0`),
      fc.uuid().map((u) => u.replace(/-/g, '')),
    )
    .filter((s) => s.length > 0 && !/[?#%]/.test(s));
}
