// localDate reuses its answer within a UTC quarter hour (see dates.ts): it must still equal a fresh formatting at
// every instant, in zones whose offsets are not whole hours and across their midnights and DST changes.
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock';
import { localDate } from '../src/platform/time/dates';
import { invalidUtf8QueryParameter } from '../src/platform/http/storable-text';

const ZONES = ['Europe/London', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Eucla', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC'];
const fresh = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe('localDate', () => {
  const start = Date.UTC(2024, 0, 1);
  const end = Date.UTC(2030, 0, 1);

  it('equals a fresh formatting at any instant, in any order of calls', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: start, max: end }), fc.constantFrom(...ZONES)), { minLength: 1, maxLength: 40 }), (calls) => {
      const clock = new ManualClock(new Date(start));
      for (const [ms, zone] of calls) {
        clock.set(new Date(ms));
        expect(localDate(clock, zone)).toBe(fresh(new Date(ms), zone));
      }
    }), { numRuns: 300 });
  });

  it('changes at each zone\'s local midnight, walked minute by minute around it', () => {
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
    fc.assert(fc.property(fc.array(fc.tuple(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 6 }))), fc.uint8Array({ maxLength: 4 }), (pairs, bytes) => {
      const plain = pairs.map(([k, v]) => `${k.replace(/[%&=]/g, '')}=${v.replace(/[%&]/g, '')}`).join('&');
      expect(invalidUtf8QueryParameter(`?${plain}`)).toBeUndefined();
      const escaped = [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      let valid = true;
      try { new TextDecoder('utf-8', { fatal: true }).decode(bytes); } catch { valid = false; }
      expect(invalidUtf8QueryParameter(`?${plain}${plain ? '&' : ''}bad=${escaped}`)).toBe(valid ? undefined : 'bad');
    }), { numRuns: 300 });
  });
});
