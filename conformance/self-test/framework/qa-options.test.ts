// QA ergonomics: --baseline (expected failures, removable entries), --compare (newly failing / passing),
// --rerun-failed (only the failed checks, each with its recorded seed).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli';
import { ManualClock } from '../../src/http';
import { defineCheck, type Check } from '../../src/runner';
import type { Catalogue } from '../../src/runner/catalogue';
import type { SuiteReport } from '../../src/model';
import { captureIo, json, startFakeApi, targetFile, tempDir, writeJson, type FakeApi } from './helpers';

const NO_RULES: Catalogue = { rules: [], isTestable: () => true, toRequirementsCsv: () => '' };
const seedsSeen = new Map<string, number>();

function statusCheck(id: string, path: string, status: number): Check {
  return defineCheck({ id, title: id, group: 'Endpoints', rules: [`R-${id}`], run: async (ctx) => {
    seedsSeen.set(id, ctx.seed);
    ctx.expectStatus(await ctx.http.request({ path, key: 'enterpriseLive' }), status);
  } });
}

// The fake answers 200 on /ok and 500 elsewhere.
const checks = [statusCheck('a.knownBroken', '/broken', 200), statusCheck('b.fixedNow', '/ok', 200), statusCheck('c.newlyBroken', '/broken2', 200)];

describe('QA options', () => {
  let api: FakeApi;
  let dir: string;
  let target: string;
  beforeAll(async () => {
    api = await startFakeApi((req, res) => (req.url === '/ok' ? json(res, 200, { data: [] }) : json(res, 500, { error: 'x', code: 'SERVER_ERROR' })));
    dir = tempDir();
    target = writeJson(dir, 'target.json', targetFile(api.baseUrl));
  });
  afterAll(() => api.close());
  beforeEach(() => seedsSeen.clear());

  const run = async (argv: string[]) => {
    const io = captureIo();
    const code = await main(['--target', target, ...argv], io, { checks, catalogue: NO_RULES, clock: new ManualClock() });
    return { code, out: io.out(), err: io.err() };
  };

  it('--baseline: listed failures are expected, listed passes can be removed, the rest still fail', async () => {
    const baseline = writeJson(dir, 'baseline.json', {
      expectedFailures: [
        { check: 'a.knownBroken', reason: 'staging lacks the fix, ticket QA-12' },
        { check: 'b.fixedNow', reason: 'was broken last sprint' },
      ],
    });
    const report = join(dir, 'baseline-report.json');
    const { code, out } = await run(['--baseline', baseline, '--report', `json:${report}`]);
    expect(code).toBe(1); // c.newlyBroken is not in the baseline
    expect(out).toMatch(/^XFAIL a\.knownBroken \[R-a\.knownBroken\] expected status 200; got 500/m);
    expect(out).toContain('    baseline: staging lacks the fix, ticket QA-12');
    expect(out).toContain('baseline entry can be removed: b.fixedNow passes now');
    expect(out.trimEnd().split('\n').pop()).toBe('1 passed, 1 failed, 0 skipped');
    const json = JSON.parse(readFileSync(report, 'utf8')) as SuiteReport;
    expect(json.summary).toEqual({ passed: 1, failed: 1, skipped: 0, expectedFailures: 1 });
    expect(json.checks[0]).toMatchObject({ id: 'a.knownBroken', status: 'failed', expectedFailure: { reason: 'staging lacks the fix, ticket QA-12' } });
    expect(json.baselineRemovable).toEqual([{ check: 'b.fixedNow', reason: 'was broken last sprint' }]);
  });

  it('--baseline listing every failure exits 0', async () => {
    const baseline = writeJson(dir, 'baseline-all.json', {
      expectedFailures: [{ check: 'a.knownBroken', reason: 'r1' }, { check: 'c.newlyBroken', reason: 'r2' }],
    });
    expect((await run(['--baseline', baseline])).code).toBe(0);
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
    expect((JSON.parse(readFileSync(report, 'utf8')) as SuiteReport).comparison).toEqual({ previous, newlyFailing: ['c.newlyBroken'], newlyPassing: ['b.fixedNow'] });
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
    const previous = writeJson(dir, 'failed-report2.json', { checks: [{ id: 'a.knownBroken', status: 'failed', seed: 1111 }] });
    await run(['--rerun-failed', previous, '--seed', '9']);
    expect(seedsSeen.get('a.knownBroken')).toBe(9);
  });

  it('--rerun-failed with an unreadable report → 2', async () => {
    const { code, err } = await run(['--rerun-failed', join(dir, 'nope.json')]);
    expect(code).toBe(2);
    expect(err).toMatch(/cannot read report .*nope\.json: ENOENT/);
  });
});
