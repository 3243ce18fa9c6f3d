// Pacing: per-key token buckets keep every 60 s window under headroom × the plan's limit; exclusive checks
// are not paced; different keys and reads/writes have separate budgets. A manual clock: no real waiting.

import { bucketFor, ManualClock, Pacer, requestKind } from '../../src/http';
import { defineCheck, runChecks } from '../../src/runner';
import { DEFAULT_PACING, parseTarget } from '../../src/targets';
import { json, startFakeApi, targetFor, type FakeApi } from './helpers';

/** Sends n requests through take() and returns their send times. */
async function sendTimes(n: number, take: () => Promise<unknown>, clock: ManualClock): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await take();
    times.push(clock.now());
  }
  return times;
}

function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  let max = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}

describe('token bucket', () => {
  it.each([
    [500, 0.8, 400],
    [100, 0.8, 80],
    [30, 1, 30],
    [100, 0.9, 90],
  ])('%d/min at headroom %d never exceeds %d in any 60 s window', async (perMinute, headroom, budget) => {
    const clock = new ManualClock(1_000_000);
    const bucket = bucketFor(perMinute, headroom, clock);
    const times = await sendTimes(budget * 3, () => bucket.take(), clock);
    expect(maxInAnyWindow(times, 60_000)).toBeLessThanOrEqual(budget);
    // …and does not crawl: after the burst, 90 % of the budget per minute (3 budgets in ≈ 3.2 minutes).
    expect(times[times.length - 1] - times[0]).toBeLessThan(3.3 * 60_000);
  });

  it('bursts up to 10 % of the budget without waiting', async () => {
    const clock = new ManualClock();
    const bucket = bucketFor(500, 0.8, clock);
    for (let i = 0; i < 40; i++) expect(await bucket.take()).toBe(0);
    expect(await bucket.take()).toBeGreaterThan(0);
  });
});

describe('Pacer', () => {
  const roles = new Map([
    ['svc_live_e', 'enterpriseLive'],
    ['svc_live_p', 'portfolioLive'],
  ]);
  const pacer = (clock: ManualClock) => new Pacer(DEFAULT_PACING, (k) => roles.get(k), clock);

  it('classifies reads and writes', () => {
    expect(['GET', 'head', 'OPTIONS', 'POST', 'PATCH', 'DELETE'].map(requestKind)).toEqual([
      'read',
      'read',
      'read',
      'write',
      'write',
      'write',
    ]);
  });

  it('paces by plan: Portfolio writes at 30/min × 0.8, Enterprise reads at 500/min × 0.8', async () => {
    const clock = new ManualClock();
    const p = pacer(clock);
    const writes = await sendTimes(72, () => p.acquire('svc_live_p', 'POST'), clock);
    expect(maxInAnyWindow(writes, 60_000)).toBeLessThanOrEqual(24);
    const clock2 = new ManualClock();
    const p2 = pacer(clock2);
    const reads = await sendTimes(1200, () => p2.acquire('svc_live_e', 'GET'), clock2);
    expect(maxInAnyWindow(reads, 60_000)).toBeLessThanOrEqual(400);
  });

  it('keeps separate budgets per key and per kind; unknown keys are not paced', async () => {
    const clock = new ManualClock();
    const p = pacer(clock);
    for (let i = 0; i < 40; i++) await p.acquire('svc_live_e', 'GET');
    expect(clock.sleeps).toEqual([]);
    for (let i = 0; i < 8; i++) await p.acquire('svc_live_p', 'GET');
    for (let i = 0; i < 2; i++) await p.acquire('svc_live_p', 'POST');
    for (let i = 0; i < 1000; i++) await p.acquire('svc_live_unknown', 'GET');
    await p.acquire(undefined, 'GET');
    expect(clock.sleeps).toEqual([]);
  });

  it('target pacing settings override plan rates and can turn pacing off', async () => {
    const { target } = parseTarget(
      {
        baseUrl: 'http://x',
        keys: { enterpriseLive: 'svc_live_e' },
        extraKeys: { bulk: 'svc_live_b' },
        pacing: { headroom: 1, roles: { bulk: { readsPerMinute: 10, writesPerMinute: 1 } } },
      },
      't',
    );
    const clock = new ManualClock();
    const p = new Pacer(target.pacing, (k) => (k === 'svc_live_b' ? 'bulk' : undefined), clock);
    const times = await sendTimes(30, () => p.acquire('svc_live_b', 'GET'), clock);
    expect(maxInAnyWindow(times, 60_000)).toBeLessThanOrEqual(10);
    const off = new Pacer({ ...target.pacing, enabled: false }, () => 'bulk', clock);
    const before = clock.sleeps.length;
    for (let i = 0; i < 100; i++) await off.acquire('svc_live_b', 'GET');
    expect(clock.sleeps.length).toBe(before);
  });
});

describe('runChecks pacing and scheduling', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi((_req, res) => json(res, 200, { data: [] }));
  });
  afterAll(() => api.close());

  it('paces ordinary checks on a shared per-key budget, runs exclusive checks last, alone and unpaced', async () => {
    const order: string[] = [];
    let running = 0;
    let maxRunningDuringExclusive = 0;
    const burst = (id: string, exclusive: boolean) =>
      defineCheck({
        id,
        title: id,
        group: 'G',
        rules: ['R-1'],
        exclusive,
        run: async (ctx) => {
          order.push(`start ${id}`);
          running++;
          if (exclusive) maxRunningDuringExclusive = Math.max(maxRunningDuringExclusive, running);
          for (let i = 0; i < 10; i++) await ctx.http.request({ path: '/properties', key: 'enterpriseLive' });
          running--;
          order.push(`end ${id}`);
        },
      });
    // 10 reads per minute at headroom 1: burst of 1, so the ordinary checks' 30 requests must wait.
    const target = targetFor(api.baseUrl, {
      pacing: { headroom: 1, roles: { enterpriseLive: { readsPerMinute: 10, writesPerMinute: 10 } } },
    });
    const clock = new ManualClock();
    const results = await runChecks({
      target,
      checks: [burst('x.limits', true), burst('a', false), burst('b', false), burst('c', false)],
      seed: 1,
      clock,
    });

    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['x.limits', 'passed'],
      ['a', 'passed'],
      ['b', 'passed'],
      ['c', 'passed'],
    ]);
    expect(order.indexOf('start x.limits')).toBe(order.length - 2); // last, after every other check ended
    expect(maxRunningDuringExclusive).toBe(1);
    const pacedWait = clock.sleeps.reduce((a, b) => a + b, 0);
    expect(pacedWait).toBeGreaterThanOrEqual(29 * 6_000 - 100); // 29 waits of ~6 s for the ordinary 30 reads
    expect(clock.sleeps.length).toBe(29); // the exclusive check's 10 reads added none
  });

  it('starts long checks first, then the rest in registry order, and reports results in registry order', async () => {
    const started: string[] = [];
    const check = (id: string, long: boolean) =>
      defineCheck({
        id,
        title: id,
        group: 'G',
        rules: ['R-1'],
        long,
        run: async () => {
          started.push(id);
        },
      });
    const target = targetFor(api.baseUrl);
    const checks = [
      check('a', false),
      check('b.long', true),
      check('c', false),
      check('d.long', true),
      check('e', false),
    ];
    const results = await runChecks({ target, checks, seed: 1, concurrency: 1 });

    expect(started).toEqual(['b.long', 'd.long', 'a', 'c', 'e']);
    expect(results.map((r) => r.id)).toEqual(['a', 'b.long', 'c', 'd.long', 'e']);
  });
});
