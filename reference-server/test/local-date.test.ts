// localDate reuses its answer within a UTC quarter hour (see dates.ts): it must still equal a fresh formatting at
// every instant, in zones whose offsets are not whole hours and across their midnights and DST changes.
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock';
import { localDate } from '../src/platform/time/dates';
import { invalidUtf8QueryParameter, rawSearch } from '../src/platform/http/storable-text';

const ZONES = [
  'Europe/London',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Eucla',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'UTC',
];
const fresh = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe('localDate', () => {
  const start = Date.UTC(2024, 0, 1);
  const end = Date.UTC(2030, 0, 1);

  it('equals a fresh formatting at any instant, in any order of calls', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: start, max: end }), fc.constantFrom(...ZONES)), {
          minLength: 1,
          maxLength: 40,
        }),
        (calls) => {
          const clock = new ManualClock(new Date(start));
          for (const [ms, zone] of calls) {
            clock.set(new Date(ms));
            expect(localDate(clock, zone)).toBe(fresh(new Date(ms), zone));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("changes at each zone's local midnight, walked minute by minute around it", () => {
    for (const zone of ZONES) {
      const clock = new ManualClock(new Date(Date.UTC(2026, 10, 25, 0, 0)));
      for (let minute = 0; minute < 2 * 24 * 60; minute += 1) {
        clock.advance(60_000);
        expect(localDate(clock, zone)).toBe(fresh(clock.now(), zone));
      }
    }
  });
});

describe('invalidUtf8QueryParameter', () => {
  it('flags only percent-escapes that do not spell UTF-8, whatever else the query holds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 6 }))),
        fc.uint8Array({ maxLength: 4 }),
        (pairs, bytes) => {
          const plain = pairs.map(([k, v]) => `${k.replace(/[%&=]/g, '')}=${v.replace(/[%&]/g, '')}`).join('&');
          expect(invalidUtf8QueryParameter(`?${plain}`)).toBeUndefined();
          const escaped = [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
          let valid = true;
          try {
            new TextDecoder('utf-8', { fatal: true }).decode(bytes);
          } catch {
            valid = false;
          }
          expect(invalidUtf8QueryParameter(`?${plain}${plain ? '&' : ''}bad=${escaped}`)).toBe(
            valid ? undefined : 'bad',
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rawSearch', () => {
  // The check reads the query from the raw request target instead of a parsed URL; both must flag the same
  // parameter for any target, whatever characters a URL parser would re-encode or a fragment would cut.
  it("flags the parameter the parsed URL's query flags, for any request target", () => {
    // What Node's HTTP parser lets through in a request target: visible ASCII, and raw bytes 0x80-0xFF (as latin1).
    const targetChar = fc
      .oneof(fc.integer({ min: 0x21, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
      .map((c) => String.fromCharCode(c));
    const part = fc.oneof(
      fc.string({ unit: targetChar, maxLength: 8 }),
      fc.uint8Array({ maxLength: 3 }).map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('')),
    );
    const target = fc
      .tuple(fc.array(part, { maxLength: 4 }), fc.constantFrom('', '?', '#'), fc.constantFrom('', '&', '=', '?', '#'))
      .map(([parts, lead, sep]) => `/properties${lead}${parts.join(sep)}`);
    fc.assert(
      fc.property(target, (t) => {
        const parsed = new URL(t, 'http://host').search;
        const viaUrl = invalidUtf8QueryParameter(parsed);
        const viaRaw = invalidUtf8QueryParameter(rawSearch(t));
        expect(viaRaw === undefined).toBe(viaUrl === undefined);
        // Raw bytes 0x80-0xFF in a name: the URL re-encodes each as a code point, the raw read decodes the bytes
        // (two U+FFFD where the URL says U+0080 U+FFFD); the name is the same for every ASCII target.
        if (/^[\x21-\x7e]*$/.test(t)) expect(viaRaw).toBe(viaUrl);
      }),
      { numRuns: 2000, seed: 1127 },
    );
  });
  it('cuts the fragment and ignores a question mark inside it', () => {
    expect(rawSearch('/a?x=1#y?z')).toBe('?x=1');
    expect(rawSearch('/a#y?z')).toBe('');
    expect(rawSearch('/a')).toBe('');
  });
});
