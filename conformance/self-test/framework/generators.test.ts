// Generators stay inside the spec's bounds (valid ones) or outside them (invalid ones), and reject bad
// constraints when built.

import fc from 'fast-check';
import {
  calendarRangeArb,
  calendarTypeListArb,
  CALENDAR_TYPES,
  idempotencyKeyArb,
  invalidLimitArb,
  isoDateArb,
  limitArb,
  malformedKeyArb,
  notUuidArb,
  outOfBoundsTextArb,
  boundedTextArb,
  SEARCH_LENGTH,
  spacedPeriodArb,
  tooLongIdempotencyKeyArb,
  unknownKeyArb,
  uuidArb,
} from '../../src/generators';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const holds = <T>(arb: fc.Arbitrary<T>, p: (v: T) => boolean) =>
  fc.assert(fc.property(arb, p), { seed: 1, numRuns: 200 });

describe('generators', () => {
  it('uuids and non-uuids', () => {
    holds(uuidArb(), (u) => UUID.test(u));
    holds(notUuidArb(), (s) => !UUID.test(s) && s.length > 0);
  });

  it('dates within bounds, in YYYY-MM-DD', () => {
    holds(
      isoDateArb({ min: '2024-02-27', max: '2024-03-02' }),
      (d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= '2024-02-27' && d <= '2024-03-02',
    );
    expect(() => isoDateArb({ min: '2024-13-01' })).toThrow(/min must be YYYY-MM-DD/);
    expect(() => isoDateArb({ min: '2025-01-01', max: '2024-01-01' })).toThrow(/after max/);
  });

  it('bounded text and its out-of-bounds twin', () => {
    holds(boundedTextArb(SEARCH_LENGTH), (s) => s.length >= 1 && s.length <= 200 && s.trim().length > 0);
    holds(outOfBoundsTextArb(SEARCH_LENGTH), (s) => s.length === 0 || s.length > 200);
    expect(() => boundedTextArb({ minLength: 5, maxLength: 2 })).toThrow(/above max/);
  });

  it('limits', () => {
    holds(limitArb(), (n) => n >= 1 && n <= 500);
    holds(invalidLimitArb(), (s) => !/^\d+$/.test(s) || Number(s) > 500);
    expect(() => limitArb({ max: 501 })).toThrow(/above the spec's maximum/);
  });

  it('keys that must be refused', () => {
    holds(unknownKeyArb(), (k) => /^svc_(live|sandbox)_unknown[A-Za-z0-9]+$/.test(k));
    holds(malformedKeyArb(), (k) => !/^svc_(live|sandbox)_[A-Za-z0-9]+$/.test(k) && /^[\x21-\x7e]*$/.test(k));
  });

  it('idempotency keys', () => {
    holds(idempotencyKeyArb('conformance-abc'), (k) => k.length <= 128 && k.startsWith('conformance-abc-'));
    holds(tooLongIdempotencyKeyArb(), (k) => k.length > 128);
    expect(() => idempotencyKeyArb('x'.repeat(128))).toThrow(/no room/);
  });

  it('calendar types and ranges', () => {
    holds(
      calendarTypeListArb(),
      (t) => t.split(',').every((x) => (CALENDAR_TYPES as readonly string[]).includes(x)) && t.length <= 500,
    );
    holds(
      calendarRangeArb(),
      ({ from, to, days }) => days <= 400 && (Date.parse(to) - Date.parse(from)) / 86_400_000 === days,
    );
    holds(calendarRangeArb({ min: 401, max: 800 }), ({ days }) => days > 400);
  });

  it('rent periods with extra whitespace normalise to one space', () => {
    holds(spacedPeriodArb(), ({ raw, normalized }) => raw.trim().replace(/\s+/g, ' ') === normalized);
  });
});
