// X-RateLimit-* on every answer after the key is known, errors included, and every request that reaches a
// limited route counted, also those refused while parsing. Order: authentication, limits, plan/scope, parsing.
import { ManualClock } from '../src/platform/clock';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const MISSING = '00000000-0000-4000-8000-000000000000';
const code = (res: { payload: string }) => (JSON.parse(res.payload) as { code: string }).code;

describe('rate-limit headers on every answer', () => {
  let t: TestServer;
  const clock = new ManualClock(T0);
  beforeAll(async () => {
    t = await startTestServer({ clock, env: { REDIS_URL: '' } });
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(() => {
    clock.advance(24 * 3_600_000);
  }); // fresh windows per test

  it('describes the per-landlord invoice PDF window (20/min) when it has least room: Remaining 0 before the 429', async () => {
    let last = await t.api('GET', `/rent/${MISSING}/invoice/pdf`, KEYS.enterpriseLive);
    expect([last.statusCode, last.headers['x-ratelimit-limit'], last.headers['x-ratelimit-remaining']]).toEqual([
      404,
      '20',
      '19',
    ]);
    for (let i = 1; i < 20; i += 1) last = await t.api('GET', `/rent/${MISSING}/invoice/pdf`, KEYS.enterpriseLive);
    expect([last.headers['x-ratelimit-limit'], last.headers['x-ratelimit-remaining']]).toEqual(['20', '0']);
    const refused = await t.api('GET', `/rent/${MISSING}/invoice/pdf`, KEYS.enterpriseLive);
    expect([refused.statusCode, code(refused), refused.headers['x-ratelimit-remaining']]).toEqual([
      429,
      'RATE_LIMIT_EXCEEDED',
      '0',
    ]);
  });

  it('describes the per-landlord invoice email window (10/min), also on answers refused while parsing', async () => {
    const url = `/api/public/v1/rent/${MISSING}/invoice/email`;
    const headers = { authorization: `Bearer ${KEYS.enterpriseLive}`, 'content-type': 'application/json' };
    const answers = [];
    for (let i = 0; i < 10; i += 1)
      answers.push(await t.inject({ method: 'POST', url, headers, payload: '{not json' }));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(400));
    expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    expect(answers.every((r) => r.headers['x-ratelimit-limit'] === '10')).toBe(true);
    const refused = await t.inject({ method: 'POST', url, headers, payload: '{}' });
    expect([refused.statusCode, code(refused)]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
  });

  it.each([
    ['malformed JSON', { 'content-type': 'application/json' }, '{"period":', 400],
    ['unsupported media type', { 'content-type': 'text/plain' }, 'hello', 415],
    [
      'oversized body',
      { 'content-type': 'application/json' },
      JSON.stringify({ notes: 'x'.repeat(2 * 1024 * 1024) }),
      413,
    ],
  ])('rent write refused for %s carries the headers and counts', async (_name, extra, payload, status) => {
    const url = `/api/public/v1/rent/${MISSING}`;
    const headers = { authorization: `Bearer ${KEYS.enterpriseLive}`, ...extra };
    const first = await t.inject({ method: 'PATCH', url, headers, payload });
    const second = await t.inject({ method: 'PATCH', url, headers, payload });
    expect([first.statusCode, second.statusCode]).toEqual([status, status]);
    expect(first.headers['x-service-mode']).toBe('live');
    expect([
      first.headers['x-ratelimit-limit'],
      first.headers['x-ratelimit-remaining'],
      second.headers['x-ratelimit-remaining'],
    ]).toEqual(['100', '99', '98']);
  });

  it('a 403 (read-only key on a write) carries the headers', async () => {
    const res = await t.api('POST', '/rent', KEYS.enterpriseReadOnly, {});
    expect([res.statusCode, code(res)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(res.headers['x-ratelimit-limit']).toBe('100');
    expect(res.headers['x-ratelimit-remaining']).toBe('99');
  });

  it('GET answers that fail validation or find nothing carry the headers', async () => {
    const invalid = await t.api('GET', '/rent?limit=0', KEYS.enterpriseLive);
    const missing = await t.api('GET', `/rent/${MISSING}`, KEYS.enterpriseLive);
    expect([invalid.statusCode, missing.statusCode]).toEqual([400, 404]);
    expect([invalid.headers['x-ratelimit-remaining'], missing.headers['x-ratelimit-remaining']]).toEqual([
      '499',
      '498',
    ]);
  });
});
