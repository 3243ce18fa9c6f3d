// Timestamps read from the database (src/persistence/timestamps.ts): for any text PostgreSQL can send for a
// timestamptz, the fast UTC path gives the instant and the ISO form the driver's own parser gives, or leaves the
// text to it; a Date moved by a setter formats its new time.
import fc from 'fast-check';
import pg from 'pg';
import { parseUtcTimestamp } from '../src/persistence/timestamps';

const generic = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** PostgreSQL's text for an instant at an offset (DateStyle ISO): fraction trimmed of trailing zeros, `+hh[:mm]`. */
const pgText = fc
  .record({
    ms: fc.integer({ min: new Date('0001-01-02T00:00:00Z').getTime(), max: Date.UTC(9999, 11, 30) }),
    micros: fc.integer({ min: 0, max: 999 }),
    offsetMinutes: fc.oneof(fc.constant(0), fc.integer({ min: -12 * 60, max: 14 * 60 })),
  })
  .map(({ ms, micros, offsetMinutes }) => {
    const local = new Date(ms + offsetMinutes * 60_000);
    const fraction = `${pad(local.getUTCMilliseconds(), 3)}${pad(micros, 3)}`.replace(/0+$/, '');
    const sign = offsetMinutes < 0 ? '-' : '+';
    const abs = Math.abs(offsetMinutes);
    const offset = `${sign}${pad(Math.floor(abs / 60), 2)}${abs % 60 ? `:${pad(abs % 60, 2)}` : ''}`;
    const day = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1, 2)}-${pad(local.getUTCDate(), 2)}`;
    const time = `${pad(local.getUTCHours(), 2)}:${pad(local.getUTCMinutes(), 2)}:${pad(local.getUTCSeconds(), 2)}`;
    return `${day} ${time}${fraction ? `.${fraction}` : ''}${offset}`;
  });

describe('timestamps read from the database', () => {
  it('give the instant and ISO form of the driver parser, or leave the text to it', () => {
    fc.assert(
      fc.property(pgText, (text) => {
        const expected = generic(text) as Date;
        const fast = parseUtcTimestamp(text);
        // Years 1-99 are the driver's too (their text starts "00").
        if (!text.endsWith('+00') || text.startsWith('00')) return expect(fast).toBeUndefined();
        expect(fast).toBeInstanceOf(Date);
        expect(fast!.getTime()).toBe(expected.getTime());
        expect(fast!.toISOString()).toBe(expected.toISOString());
        expect(JSON.stringify({ at: fast })).toBe(JSON.stringify({ at: expected }));
      }),
      { seed: 20261128, numRuns: 2000 },
    );
  });

  it('leave infinity, years outside 100-9999 and other forms to the driver parser', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '10000-01-01 00:00:00+00',
      '2026-11-28 17:00:00+00 BC',
      '0099-12-31 23:59:59+00',
      '2026-11-28 17:00:00.+00',
      '2026-11-28T17:00:00+00',
    ])
      expect(parseUtcTimestamp(text)).toBeUndefined();
  });

  it('format the new time of a Date a setter moved', () => {
    const read = parseUtcTimestamp('2026-11-28 17:00:00.5+00')!;
    expect(read.toISOString()).toBe('2026-11-28T17:00:00.500Z');
    read.setUTCHours(3);
    expect(read.toISOString()).toBe('2026-11-28T03:00:00.500Z');
  });
});
