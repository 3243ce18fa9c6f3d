// Rate limits exactly as the spec's table: per key, sliding windows of 60 s and 24 h, reads and writes apart.
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock';
import { MemoryRateLimitStore } from '../src/platform/limits/memory-store';
import { rateLimitHeaders } from '../src/platform/limits/headers';
import { windowsFor } from '../src/platform/limits/policy';
import { RedisRateLimitStore } from '../src/platform/limits/redis-store';
import { RedisLandlordVersions } from '../src/platform/landlord-versions';
import { failFastRedis } from '../src/platform/redis-client';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const parse = (res: { payload: string }) => JSON.parse(res.payload) as { error: string; code: string };

describe('sliding-log store (in-process)', () => {
  it('admits the limit, refuses the next with the time until the oldest entry leaves, and admits again then', async () => {
    const clock = new ManualClock(T0);
    const store = new MemoryRateLimitStore(clock);
    const windows = [{ name: 'minute' as const, windowMs: 60_000, limit: 3 }];
    for (let i = 0; i < 3; i += 1) {
      expect((await store.hit('k', windows)).allowed).toBe(true);
      clock.advance(10_000);
    }
    const refused = await store.hit('k', windows); // t = 30 s; oldest at 0 s leaves at 60 s
    expect(refused.allowed).toBe(false);
    expect(rateLimitHeaders(refused)['retry-after']).toBe('30');
    clock.advance(29_999);
    expect((await store.hit('k', windows)).allowed).toBe(false);
    clock.advance(1);
    expect((await store.hit('k', windows)).allowed).toBe(true);
  });

  it('refuses when the day window is full even if the minute window has room', async () => {
    const clock = new ManualClock(T0);
    const store = new MemoryRateLimitStore(clock);
    const windows = [
      { name: 'minute' as const, windowMs: 60_000, limit: 5 },
      { name: 'day' as const, windowMs: 86_400_000, limit: 6 },
    ];
    for (let i = 0; i < 6; i += 1) {
      expect((await store.hit('k', windows)).allowed).toBe(true);
      clock.advance(61_000);
    }
    const refused = await store.hit('k', windows);
    expect(refused.blocked?.spec.name).toBe('day');
    expect(Number(rateLimitHeaders(refused)['retry-after'])).toBe(86_400 - 6 * 61);
  });

  it('follows the spec table per plan', () => {
    expect(windowsFor('Enterprise', 'read', null).map((w) => w.limit)).toEqual([500, 50_000]);
    expect(windowsFor('Enterprise', 'write', null).map((w) => w.limit)).toEqual([100, 10_000]);
    expect(windowsFor('Portfolio', 'read', null).map((w) => w.limit)).toEqual([100, 10_000]);
    expect(windowsFor('Portfolio', 'write', null).map((w) => w.limit)).toEqual([30, 3_000]);
    expect(windowsFor('Enterprise', 'read', { readsPerMinute: 100_000 }).map((w) => w.limit)).toEqual([
      100_000, 50_000,
    ]);
  });
});

// Time is moved by hand here, so this block runs on the in-process store (Redis keeps its own time).
describe('rate limits over HTTP', () => {
  let t: TestServer;
  const clock = new ManualClock(T0);
  beforeAll(async () => {
    t = await startTestServer({ clock, env: { REDIS_URL: '' } });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('counts reads per key, sets the headers on every answer and answers 429 with Retry-After past the limit', async () => {
    const key = KEYS.portfolioLive; // Portfolio: 100 reads per minute
    let last = await t.api('GET', '/properties?limit=1', key);
    expect(last.headers['x-ratelimit-limit']).toBe('100');
    expect(last.headers['x-ratelimit-remaining']).toBe('99');
    expect(Number(last.headers['x-ratelimit-reset'])).toBe(Math.ceil(T0.getTime() / 1000) + 60);
    for (let i = 1; i < 100; i += 1) last = await t.api('GET', '/properties?limit=1', key);
    expect([last.statusCode, last.headers['x-ratelimit-remaining']]).toEqual([200, '0']);
    const refused = await t.api('GET', '/properties?limit=1', key);
    expect([refused.statusCode, parse(refused).code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-service-mode']).toBe('live');
    // Invalid requests count too: the limiter runs before validation.
    expect((await t.api('GET', '/properties?limit=9999', key)).statusCode).toBe(429);
    clock.advance(60_000);
    expect((await t.api('GET', '/properties?limit=1', key)).statusCode).toBe(200);
  });

  it('counts writes apart from reads', async () => {
    clock.advance(120_000);
    const key = KEYS.rateLimit; // Enterprise: 100 writes per minute
    for (let i = 0; i < 100; i += 1) {
      const res = await t.api('PATCH', '/properties/00000000-0000-4000-8000-000000000000', key, {
        status: 'Maintenance',
      });
      expect(res.statusCode).toBe(404);
    }
    const refused = await t.api('PATCH', '/properties/00000000-0000-4000-8000-000000000000', key, {
      status: 'Maintenance',
    });
    expect([refused.statusCode, parse(refused).code]).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    const read = await t.api('GET', '/properties?limit=1', key);
    expect([read.statusCode, read.headers['x-ratelimit-limit']]).toEqual([200, '500']);
  });

  it('applies per-key overrides set in the dashboard', async () => {
    const landlord = await t.inject({
      method: 'POST',
      url: '/dashboard/api/landlords',
      headers: { authorization: 'Bearer test-admin-token-0123456789' },
      payload: { name: 'Limits', email: 'l@example.com', plan: 'Enterprise' },
    });
    const landlordId = (JSON.parse(landlord.payload) as { data: { id: string } }).data.id;
    const issued = await t.inject({
      method: 'POST',
      url: `/dashboard/api/landlords/${landlordId}/keys`,
      headers: { authorization: 'Bearer test-admin-token-0123456789' },
      payload: { name: 'tight', mode: 'live', scope: 'read_only', rateLimits: { readsPerMinute: 2 } },
    });
    const key = (JSON.parse(issued.payload) as { data: { key: string } }).data.key;
    expect((await t.api('GET', '/properties', key)).statusCode).toBe(200);
    expect((await t.api('GET', '/properties', key)).headers['x-ratelimit-limit']).toBe('2');
    expect((await t.api('GET', '/properties', key)).statusCode).toBe(429);
  });
});

describe('fail closed', () => {
  it('answers 503 RATE_LIMIT_UNAVAILABLE with Retry-After: 60 when Redis cannot be reached', async () => {
    const t = await startTestServer({ env: { REDIS_URL: 'redis://127.0.0.1:1' }, seed: true });
    try {
      const res = await t.api('GET', '/properties', KEYS.enterpriseLive);
      expect([res.statusCode, parse(res).code]).toEqual([503, 'RATE_LIMIT_UNAVAILABLE']);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.headers['x-service-mode']).toBe('live');
    } finally {
      await t.stop();
    }
  });
});

const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)('Redis store shared by several processes (needs REDIS_URL)', () => {
  it('never admits more than the limit, whatever the concurrency across connections', async () => {
    const prefix = `atomic:${Date.now()}:`;
    const stores = Array.from({ length: 4 }, () => new RedisRateLimitStore(redisUrl!, prefix));
    await Promise.all(stores.map((s) => s.connect()));
    const windows = [
      { name: 'minute' as const, windowMs: 60_000, limit: 37 },
      { name: 'day' as const, windowMs: 86_400_000, limit: 1000 },
    ];
    const decisions = await Promise.all(
      Array.from({ length: 200 }, (_, i) => stores[i % stores.length].hit('shared', windows)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(37);
    const refused = decisions.find((d) => !d.allowed)!;
    expect(Number(rateLimitHeaders(refused)['retry-after'])).toBeGreaterThanOrEqual(59);
    await Promise.all(stores.map((s) => s.close()));
  });

  it('reads the version counters along in the same round trip: their values in order, null for a missing key, nothing when not asked', async () => {
    const prefix = `along:${Date.now()}:`;
    const store = new RedisRateLimitStore(redisUrl!, prefix);
    const redis = failFastRedis(redisUrl!);
    const data = new RedisLandlordVersions(redis, `${prefix}dv:`);
    const credentials = new RedisLandlordVersions(redis, `${prefix}cv:`);
    await Promise.all([store.connect(), redis.connect()]);
    const windows = [{ name: 'minute' as const, windowMs: 60_000, limit: 1 }];
    const along = [data.keyOf('landlord'), credentials.keyOf('landlord')];
    try {
      expect((await store.hit('k', windows, along)).readAlong).toEqual([null, null]);
      await data.bump('landlord');
      await data.bump('landlord');
      await credentials.bump('landlord');
      // Refused (limit 1) or not, the versions come back with the decision.
      const refused = await store.hit('k', windows, along);
      expect(refused.allowed).toBe(false);
      expect(refused.readAlong).toEqual([await data.current('landlord'), await credentials.current('landlord')]);
      expect(refused.readAlong).toEqual(['2', '1']);
      expect((await store.hit('one', windows, [credentials.keyOf('landlord')])).readAlong).toEqual(['1']);
      expect((await store.hit('none', windows, [])).readAlong).toEqual([]);
      expect((await store.hit('other', windows)).readAlong).toBeUndefined();
    } finally {
      await store.close();
      redis.disconnect();
    }
  });
});

(redisUrl ? describe : describe.skip)('rate limits over HTTP on Redis (needs REDIS_URL)', () => {
  it("refuses past a key's limit with Retry-After within the window", async () => {
    const t = await startTestServer();
    try {
      const admin = { authorization: 'Bearer test-admin-token-0123456789' };
      const landlord = await t.inject({
        method: 'POST',
        url: '/dashboard/api/landlords',
        headers: admin,
        payload: { name: 'R', email: 'r@example.com', plan: 'Enterprise' },
      });
      const landlordId = (JSON.parse(landlord.payload) as { data: { id: string } }).data.id;
      const issued = await t.inject({
        method: 'POST',
        url: `/dashboard/api/landlords/${landlordId}/keys`,
        headers: admin,
        payload: { name: 'tight', mode: 'live', scope: 'read_only', rateLimits: { readsPerMinute: 3 } },
      });
      const key = (JSON.parse(issued.payload) as { data: { key: string } }).data.key;
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.api('GET', '/properties?limit=1', key)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(parse(refused).code).toBe('RATE_LIMIT_EXCEEDED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      await t.stop();
    }
  });
});

(redisUrl ? describe : describe.skip)('Redis store against the in-process store (needs REDIS_URL)', () => {
  // The Lua script keeps one log per key for all its windows; the in-process store one per window. On the same
  // requests at the same times (the Redis store given the test's clock) their decisions are the same, field by field.
  it('decides every request as the in-process store does (fast-check)', async () => {
    const sets = [
      [
        { name: 'minute' as const, windowMs: 60_000, limit: 3 },
        { name: 'day' as const, windowMs: 86_400_000, limit: 5 },
      ],
      [{ name: 'minute' as const, windowMs: 60_000, limit: 2 }],
    ];
    const step = fc.record({
      advance: fc.oneof(
        { arbitrary: fc.constantFrom(0, 1), weight: 4 },
        { arbitrary: fc.constantFrom(59_999, 60_000, 60_001), weight: 2 },
        { arbitrary: fc.integer({ min: 0, max: 70_000 }), weight: 2 },
        { arbitrary: fc.constantFrom(86_399_999, 86_400_000), weight: 1 },
      ),
      // Hits issued together reach Redis in one script call (a batch); one alone, in a call of its own.
      hits: fc.array(fc.record({ key: fc.nat({ max: 1 }), along: fc.nat({ max: 2 }) }), { minLength: 1, maxLength: 4 }),
    });
    let run = 0;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        run += 1;
        const clock = new ManualClock(T0);
        const memory = new MemoryRateLimitStore(clock);
        const prefix = `differential:${Date.now()}:${run}:`;
        const redis = new RedisRateLimitStore(redisUrl!, prefix, clock);
        await redis.connect();
        try {
          for (const s of steps) {
            clock.advance(s.advance);
            const expected = [];
            for (const h of s.hits) {
              const decision = await memory.hit(`k${h.key}`, sets[h.key]);
              expected.push(h.along ? { ...decision, readAlong: Array<null>(h.along).fill(null) } : decision);
              if (!decision.allowed) refusals += 1;
            }
            const got = await Promise.all(
              s.hits.map((h) =>
                redis.hit(
                  `k${h.key}`,
                  sets[h.key],
                  h.along ? Array.from({ length: h.along }, (_, i) => `${prefix}absent${i}`) : undefined,
                ),
              ),
            );
            expect({ step: s, got }).toEqual({ step: s, got: expected });
          }
        } finally {
          await redis.close();
        }
      }),
      { numRuns: 60, seed: 20261127 },
    );
    // Not vacuous: refusals by both windows were compared.
    expect(refusals).toBeGreaterThan(20);
  });
});
