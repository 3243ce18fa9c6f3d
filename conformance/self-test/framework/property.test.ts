// ctx.property: a failure carries seed, path and the shrunk counterexample; the same seed replays it,
// through the API and through the CLI's --seed.

import fc from 'fast-check';
import { main } from '../../src/cli';
import { defineCheck, runCheck } from '../../src/runner';
import { ManualClock } from '../../src/http';
import { captureIo, json, startFakeApi, targetFile, targetFor, tempDir, writeJson, type FakeApi } from './helpers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The fake deployment rejects limit values above 300 although the spec allows up to 500.
const limitCheck = defineCheck({
  id: 'pagination.limitUpTo500IsAccepted',
  title: 'limit up to 500 is accepted',
  group: 'Endpoints',
  rules: ['LIMIT-OTHER-1'],
  run: async (ctx) => {
    await ctx.property('limit in 1..500 gives 200', fc.integer({ min: 1, max: 500 }), async (limit) => {
      const res = await ctx.http.request({ path: '/properties', key: 'enterpriseLive', query: { limit } });
      ctx.expectStatus(res, 200);
    });
  },
});

// A seed-sensitive property: which uppercase letter the shrinker lands on depends on the generated values.
const searchCheck = defineCheck({
  id: 'properties.searchIsCaseInsensitive',
  title: 'search accepts any case',
  group: 'Endpoints',
  rules: ['PROP-GET-3'],
  run: async (ctx) => {
    await ctx.property(
      'search term accepted',
      fc.string({ minLength: 1, maxLength: 20 }),
      async (search) => {
        const res = await ctx.http.request({ path: '/properties', key: 'enterpriseLive', query: { search } });
        return res.status === 200;
      },
      { numRuns: 50 },
    );
  },
});

describe('property checks', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi((req, res) => {
      const url = new URL(req.url, 'http://x');
      const limit = Number(url.searchParams.get('limit') ?? '1');
      const search = url.searchParams.get('search') ?? '';
      if (limit > 300) return json(res, 400, { error: 'limit too large', code: 'VALIDATION_ERROR' });
      if (/[A-Z]/.test(search)) return json(res, 500, { error: 'boom', code: 'SERVER_ERROR' });
      json(res, 200, { data: [], meta: { page: 1, limit, total: 0 } });
    });
  });
  afterAll(() => api.close());

  it('a failure reports seed, path and the shrunk counterexample, and reproduces the failing request', async () => {
    const result = await runCheck(limitCheck, targetFor(api.baseUrl), { seed: 42, clock: new ManualClock() });
    expect(result.status).toBe('failed');
    expect(result.seed).toBe(42);
    expect(result.path).toMatch(/^\d+(:\d+)*$/);
    expect(result.counterexample).toBe('301');
    expect(result.property).toBe('limit in 1..500 gives 200');
    expect(result.message).toMatch(
      /^expected: status 200; got: 400 .*VALIDATION_ERROR.* \(counterexample 301\) \[LIMIT-OTHER-1\]$/,
    );
    expect(result.reproduction).toContain('limit=301');
    expect(result.command).toBe('npm run conformance -- --only pagination.limitUpTo500IsAccepted --seed 42');
  });

  it('the same seed gives the same path and counterexample; the predicate may return false', async () => {
    const target = targetFor(api.baseUrl);
    const first = await runCheck(searchCheck, target, { seed: 7, clock: new ManualClock() });
    const again = await runCheck(searchCheck, target, { seed: 7, clock: new ManualClock() });
    expect(first.status).toBe('failed');
    expect(first.got).toMatch(/the predicate returned false \(counterexample "[A-Z]"\)/);
    expect({ path: again.path, cx: again.counterexample }).toEqual({ path: first.path, cx: first.counterexample });
  });

  it('a reset connection inside a property run is error, not a counterexample: the network broke', async () => {
    let requests = 0;
    const flaky = await startFakeApi((_req, res) => {
      requests++;
      // Now and then a request never gets an answer, nor do the client's resends of it: the connection is reset
      // three times in a row (the client resends a reset request up to twice, RFC 9112 section 9.3.1).
      if (requests % 10 >= 7) return void res.socket?.destroy();
      json(res, 200, { data: [], meta: { page: 1, limit: 1, total: 0 } });
    });
    try {
      const check = defineCheck({
        id: 'pagination.anyLimitIsAcceptedThroughAFlakyNetwork',
        title: 'limits are accepted',
        group: 'Endpoints',
        rules: ['LIMIT-OTHER-1'],
        run: (ctx) =>
          ctx.property('limit in 1..300 gives 200', fc.integer({ min: 1, max: 300 }), async (limit) => {
            ctx.expectStatus(
              await ctx.http.request({ path: '/properties', key: 'enterpriseLive', query: { limit } }),
              200,
            );
          }),
      });
      const result = await runCheck(check, targetFor(flaky.baseUrl), { seed: 5, clock: new ManualClock() });
      expect(result.status).toBe('error');
      expect(result.counterexample).toBeUndefined();
      expect(result.got).toMatch(/TransportError|ECONNRESET|socket|fetch failed/i);
    } finally {
      await flaky.close();
    }
  });

  it('a passing property check records the seed it used', async () => {
    const withinFakeLimit = defineCheck({
      id: 'pagination.smallLimitIsAccepted',
      title: 'small limits are accepted',
      group: 'Endpoints',
      rules: ['LIMIT-OTHER-1'],
      run: (ctx) =>
        ctx.property(
          'limit in 1..300 gives 200',
          fc.integer({ min: 1, max: 300 }),
          async (limit) => {
            ctx.expectStatus(
              await ctx.http.request({ path: '/properties', key: 'enterpriseLive', query: { limit } }),
              200,
            );
          },
          { numRuns: 10 },
        ),
    });
    const passing = await runCheck(withinFakeLimit, targetFor(api.baseUrl), { seed: 3, clock: new ManualClock() });
    expect(passing).toMatchObject({ status: 'passed', seed: 3, message: '10 exchanges as expected' });
  });

  it('--seed N on the command line replays the same counterexample', async () => {
    const dir = tempDir();
    const target = writeJson(dir, 'target.json', targetFile(api.baseUrl));
    const runOnce = async (name: string): Promise<Record<string, unknown>> => {
      const io = captureIo();
      const code = await main(['--target', target, '--seed', '1234', '--report', `json:${join(dir, name)}`], io, {
        clock: new ManualClock(),
        checks: [searchCheck],
        catalogue: { rules: [], isTestable: () => true, toRequirementsCsv: () => '' },
      });
      expect(code).toBe(1);
      expect(io.out()).toContain('seed 1234');
      expect(io.out()).toMatch(
        /rerun: npm run conformance -- --target \S+ --only properties.searchIsCaseInsensitive --seed 1234/,
      );
      const report = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { checks: Array<Record<string, unknown>> };
      return report.checks[0];
    };
    const a = await runOnce('a.json');
    const b = await runOnce('b.json');
    expect(a.seed).toBe(1234);
    expect([b.counterexample, b.path]).toEqual([a.counterexample, a.path]);
  });
});
