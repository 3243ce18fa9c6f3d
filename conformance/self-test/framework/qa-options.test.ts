// QA ergonomics: --baseline (known failing: expected failures, stale entries fail the run; known flaky: never
// fails it), --repeat (verdict changes), --compare (newly failing / passing, rule changes), --rerun-failed (only
// the failed checks, each with its recorded seed).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli';
import { ManualClock } from '../../src/http';
import { assertThat, defineCheck, type Check } from '../../src/runner';
import type { Catalogue } from '../../src/runner/catalogue';
import type { SuiteReport } from '../../src/model';
import { captureIo, json, startFakeApi, targetFile, tempDir, writeJson, type FakeApi } from './helpers';

const NO_RULES: Catalogue = { rules: [], isTestable: () => true, toRequirementsCsv: () => '' };
const seedsSeen = new Map<string, number>();

function statusCheck(id: string, path: string, status: number): Check {
  return defineCheck({
    id,
    title: id,
    group: 'Endpoints',
    rules: [`R-${id}`],
    run: async (ctx) => {
      seedsSeen.set(id, ctx.seed);
      ctx.expectStatus(await ctx.http.request({ path, key: 'enterpriseLive' }), status);
    },
  });
}

// The fake answers 200 on /ok and 500 elsewhere.
const checks = [
  statusCheck('a.knownBroken', '/broken', 200),
  statusCheck('b.fixedNow', '/ok', 200),
  statusCheck('c.newlyBroken', '/broken2', 200),
];

describe('QA options', () => {
  let api: FakeApi;
  let dir: string;
  let target: string;
  beforeAll(async () => {
    api = await startFakeApi((req, res) =>
      req.url === '/ok' ? json(res, 200, { data: [] }) : json(res, 500, { error: 'x', code: 'SERVER_ERROR' }),
    );
    dir = tempDir();
    target = writeJson(dir, 'target.json', targetFile(api.baseUrl));
  });
  afterAll(() => api.close());
  beforeEach(() => seedsSeen.clear());

  const run = async (argv: string[]) => {
    const io = captureIo();
    const code = await main(['--target', target, ...argv], io, {
      checks,
      catalogue: NO_RULES,
      clock: new ManualClock(),
    });
    return { code, out: io.out(), err: io.err() };
  };

  it('--baseline: listed failures are expected (by check id or rule id, with an issue link), the rest still fail', async () => {
    const baseline = writeJson(dir, 'baseline.json', {
      knownFailing: [
        {
          check: 'a.knownBroken',
          reason: 'staging lacks the fix, ticket QA-12',
          issue: 'https://issues.example/QA-12',
        },
      ],
    });
    const report = join(dir, 'baseline-report.json');
    const { code, out } = await run(['--baseline', baseline, '--report', `json:${report}`]);
    expect(code).toBe(1); // c.newlyBroken is not in the baseline
    expect(out).toMatch(/^XFAIL a\.knownBroken \[R-a\.knownBroken\] expected status 200; got 500/m);
    expect(out).toContain('    baseline: staging lacks the fix, ticket QA-12 (https://issues.example/QA-12)');
    expect(out.trimEnd().split('\n').pop()).toBe('1 passed, 1 failed, 0 skipped');
    const json = JSON.parse(readFileSync(report, 'utf8')) as SuiteReport;
    expect(json.summary).toMatchObject({ passed: 1, failed: 1, skipped: 0, expectedFailures: 1 });
    expect(json.checks[0]).toMatchObject({
      id: 'a.knownBroken',
      status: 'failed',
      expectedFailure: { reason: 'staging lacks the fix, ticket QA-12', issue: 'https://issues.example/QA-12' },
    });
  });

  it('--baseline: a listed check that passes now FAILS the run until its entry is removed', async () => {
    const baseline = writeJson(dir, 'baseline-stale.json', {
      knownFailing: [
        { check: 'a.knownBroken', reason: 'r1' },
        { check: 'R-c.newlyBroken', reason: 'listed by rule id' },
        { check: 'b.fixedNow', reason: 'was broken last sprint' },
      ],
    });
    const report = join(dir, 'stale-report.json');
    const { code, out } = await run(['--baseline', baseline, '--report', `json:${report}`]);
    expect(code).toBe(1); // every failure is listed: only the stale entry fails the run
    expect(out).toContain(
      'FAIL baseline entry b.fixedNow is stale: b.fixedNow passes now; remove it from the known-failing list (listed because: was broken last sprint)',
    );
    expect(
      (JSON.parse(readFileSync(report, 'utf8')) as { meta: { baselineStale: string[] } }).meta.baselineStale,
    ).toHaveLength(1);
  });

  it('--baseline listing every failure (and nothing that passes) exits 0; the old expectedFailures name still reads', async () => {
    const baseline = writeJson(dir, 'baseline-all.json', {
      expectedFailures: [
        { check: 'a.knownBroken', reason: 'r1' },
        { check: 'c.newlyBroken', reason: 'r2' },
      ],
    });
    expect((await run(['--baseline', baseline])).code).toBe(0);
  });

  it('--baseline knownFlaky: a flaky check that fails never fails the run', async () => {
    const baseline = writeJson(dir, 'baseline-flaky.json', {
      knownFailing: [{ check: 'a.knownBroken', reason: 'r1' }],
      knownFlaky: [{ check: 'c.newlyBroken', reason: 'timing on shared staging' }],
    });
    const { code, out } = await run(['--baseline', baseline]);
    expect(code).toBe(0);
    expect(out).toMatch(/^FLAKY c\.newlyBroken /m);
    expect(out).toContain('    known flaky: timing on shared staging');
  });

  it('--repeat N: a check whose verdict changes between runs fails the run (unless known flaky)', async () => {
    let calls = 0;
    const flipping = defineCheck({
      id: 'd.flipping',
      title: 'flips',
      group: 'Endpoints',
      rules: ['R-d'],
      run: async (ctx) => {
        calls++;
        assertThat(ctx, calls % 2 === 1, 'an odd call', 'an even one');
      },
    });
    const steady = checks[1];
    const runWith = async (argv: string[]) => {
      const io = captureIo();
      const code = await main(['--target', target, ...argv], io, {
        checks: [steady, flipping],
        catalogue: NO_RULES,
        clock: new ManualClock(),
      });
      return { code, out: io.out() };
    };
    const unstable = await runWith(['--repeat', '2']);
    expect(unstable.code).toBe(1);
    expect(unstable.out).toContain('FAIL unstable: d.flipping changed verdict over 2 runs (passed, failed)');
    expect(unstable.out).not.toContain('unstable: b.fixedNow');
    calls = 0;
    expect((await runWith(['--repeat', '1'])).code).toBe(0);
    calls = 0;
    const flaky = writeJson(dir, 'baseline-flip.json', { knownFlaky: [{ check: 'd.flipping', reason: 'known' }] });
    expect((await runWith(['--repeat', '2', '--baseline', flaky])).code).toBe(0);
  });

  it('a malformed baseline → 2', async () => {
    const bad = writeJson(dir, 'bad-baseline.json', { expectedFailures: [{ check: 'a.knownBroken' }] });
    const { code, err } = await run(['--baseline', bad]);
    expect(code).toBe(2);
    expect(err).toMatch(/expectedFailures\[0\]\.reason must say why/);
  });

  it('--compare prints checks newly failing and newly passing since the previous report', async () => {
    const previous = writeJson(dir, 'previous.json', {
      summary: { passed: 1, failed: 2, skipped: 0 },
      checks: [
        { id: 'a.knownBroken', rules: [], status: 'failed', message: '', reproduction: '' },
        { id: 'b.fixedNow', rules: [], status: 'failed', message: '', reproduction: '' },
        { id: 'c.newlyBroken', rules: [], status: 'passed', message: '', reproduction: '' },
      ],
    });
    const report = join(dir, 'compare-report.json');
    const { out } = await run(['--compare', previous, '--report', `json:${report}`]);
    expect(out).toContain(`compared with ${previous}:\n  newly failing: c.newlyBroken\n  newly passing: b.fixedNow\n`);
    expect((JSON.parse(readFileSync(report, 'utf8')) as SuiteReport).comparison).toMatchObject({
      previous,
      newlyFailing: ['c.newlyBroken'],
      newlyPassing: ['b.fixedNow'],
    });
  });

  it('--compare shows rule-level changes', async () => {
    const previous = writeJson(dir, 'previous-rules.json', {
      summary: { passed: 1, failed: 2, skipped: 0 },
      checks: [
        { id: 'a.knownBroken', rules: ['R-a.knownBroken'], status: 'failed', message: '', reproduction: '' },
        { id: 'b.fixedNow', rules: ['R-b.fixedNow'], status: 'failed', message: '', reproduction: '' },
        { id: 'c.newlyBroken', rules: ['R-c.newlyBroken'], status: 'passed', message: '', reproduction: '' },
      ],
    });
    const report = join(dir, 'compare-rules.json');
    const { out } = await run(['--compare', previous, '--report', `json:${report}`]);
    expect(out).toContain('  rules changed: R-b.fixedNow failed → proven, R-c.newlyBroken proven → failed\n');
    expect((JSON.parse(readFileSync(report, 'utf8')) as SuiteReport).comparison).toMatchObject({
      ruleChanges: [
        { rule: 'R-b.fixedNow', before: 'failed', now: 'proven' },
        { rule: 'R-c.newlyBroken', before: 'proven', now: 'failed' },
      ],
    });
  });

  it('--rerun-failed runs only the failed checks, each with the seed recorded for it', async () => {
    const previous = writeJson(dir, 'failed-report.json', {
      summary: { passed: 1, failed: 2, skipped: 0 },
      meta: { seed: 555 },
      checks: [
        { id: 'a.knownBroken', rules: [], status: 'failed', message: '', reproduction: '', seed: 1111 },
        { id: 'b.fixedNow', rules: [], status: 'passed', message: '', reproduction: '' },
        { id: 'c.newlyBroken', rules: [], status: 'failed', message: '', reproduction: '' },
        { id: 'gone.check', rules: [], status: 'failed', message: '', reproduction: '' },
      ],
    });
    const { out, err } = await run(['--rerun-failed', previous]);
    expect([...seedsSeen.keys()].sort()).toEqual(['a.knownBroken', 'c.newlyBroken']);
    expect(seedsSeen.get('a.knownBroken')).toBe(1111);
    expect(seedsSeen.get('c.newlyBroken')).toBe(555); // no per-check seed: the report's run seed
    expect(out).toContain('re-running 2 check(s) that failed in');
    expect(err).toContain('check gone.check no longer exists');
  });

  it('--rerun-failed with an explicit --seed uses that seed for all', async () => {
    const previous = writeJson(dir, 'failed-report2.json', {
      checks: [{ id: 'a.knownBroken', status: 'failed', seed: 1111 }],
    });
    await run(['--rerun-failed', previous, '--seed', '9']);
    expect(seedsSeen.get('a.knownBroken')).toBe(9);
  });

  it('--rerun-failed with an unreadable report → 2', async () => {
    const { code, err } = await run(['--rerun-failed', join(dir, 'nope.json')]);
    expect(code).toBe(2);
    expect(err).toMatch(/cannot read report .*nope\.json: ENOENT/);
  });
});
