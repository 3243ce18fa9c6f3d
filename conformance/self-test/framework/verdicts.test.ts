// The verdict contract: five outcomes and exit codes 0/1/2/3, requirement levels (a failed SHOULD is
// a warning unless --strict), the capability profile (disabled checks, Core checks disabled = not a conformance
// result), redacted diffable traces, and the publishable summary and badge.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli';
import { ManualClock } from '../../src/http';
import type { Rule, SuiteReport } from '../../src/model';
import { buildTrace, defineCheck, runChecks, type Check } from '../../src/runner';
import type { Catalogue } from '../../src/runner/catalogue';
import { parseTarget } from '../../src/targets';
import {
  captureIo,
  json,
  LIVE_KEY,
  startFakeApi,
  targetFile,
  targetFor,
  tempDir,
  writeJson,
  type FakeApi,
} from './helpers';

const rule = (id: string, level: Rule['level'], text: string): Rule => ({
  id,
  section: 'Test',
  text,
  class: 'black-box',
  level,
});
const RULES: Rule[] = [
  rule('R-MUST', 'MUST', 'Every response carries X.'),
  rule('R-SHOULD', 'SHOULD', 'Receivers should answer quickly.'),
  rule('R-SANDBOX', 'MUST', 'Sandbox keys never write.'),
];
const CATALOGUE: Catalogue = { rules: RULES, isTestable: () => true, toRequirementsCsv: () => '' };

const check = (id: string, rules: string[], run: Check['run'], extra: Partial<Check> = {}): Check =>
  defineCheck({ id, title: id, group: 'Test', rules, run, ...extra });
const ok = check(
  't.ok',
  ['R-MUST'],
  async (ctx) => void ctx.expectStatus(await ctx.http.request({ path: '/ok', key: 'enterpriseLive' }), 200),
);
const mustFails = check(
  't.mustFails',
  ['R-MUST'],
  async (ctx) => void ctx.expectStatus(await ctx.http.request({ path: '/broken', key: 'enterpriseLive' }), 200),
);
const shouldFails = check(
  't.shouldFails',
  ['R-SHOULD'],
  async (ctx) => void ctx.expectStatus(await ctx.http.request({ path: '/broken', key: 'enterpriseLive' }), 200),
);
let crashes = 0;
const crashing = check('t.crashes', ['R-MUST'], async () => {
  crashes++;
  throw new TypeError('the check itself broke');
});
const sandboxOnly = check('t.sandbox', ['R-SANDBOX'], async () => undefined, { needs: ['sandbox'] });

describe('verdicts and exit codes', () => {
  let api: FakeApi;
  let dir: string;
  beforeAll(async () => {
    api = await startFakeApi((req, res) =>
      req.url === '/ok'
        ? json(res, 200, {
            data: [{ id: '5f1c2d3e-0000-4000-8000-000000000001', createdAt: new Date().toISOString() }],
          })
        : json(res, 500, { error: 'x', code: 'SERVER_ERROR' }),
    );
    dir = tempDir();
  });
  afterAll(() => api.close());

  const run = async (checks: Check[], argv: string[] = [], extra: Record<string, unknown> = {}) => {
    const target = writeJson(
      dir,
      `target-${Math.random().toString(36).slice(2)}.json`,
      targetFile(api.baseUrl, {
        keys: { enterpriseLive: LIVE_KEY, enterpriseSandbox: 'svc_sandbox_sandboxSecretKey9999' },
        ...extra,
      }),
    );
    const io = captureIo();
    const code = await main(['--target', target, ...argv], io, {
      checks,
      catalogue: CATALOGUE,
      clock: new ManualClock(),
    });
    return { code, out: io.out(), err: io.err() };
  };

  it('an erroring check is retried once and yields exit 3, not 1', async () => {
    crashes = 0;
    const report = join(dir, 'error.json');
    const { code, out } = await run([ok, crashing], ['--report', `json:${report}`]);
    expect(code).toBe(3);
    expect(crashes).toBe(2);
    expect(out).toMatch(/^ERROR t\.crashes /m);
    const json = JSON.parse(readFileSync(report, 'utf8')) as SuiteReport;
    expect(json.summary).toMatchObject({ passed: 1, failed: 0, errored: 1 });
    expect(json.checks.find((c) => c.id === 't.crashes')).toMatchObject({ status: 'error', attempts: 2 });
  });

  it('a check a failed required operation kept from running is blocked (not skipped): exit 1, in every report', async () => {
    const blocked = check('t.blocked', ['R-MUST'], async (ctx) => {
      const res = await ctx.http.request({ method: 'POST', path: '/broken', key: 'enterpriseLive' });
      if (res.status !== 201) ctx.block('t.required', `POST /broken answered ${res.status}`);
    });
    const reports = ['json', 'junit', 'html'].map((f) => join(dir, `blocked.${f}`));
    const { code, out } = await run(
      [ok, blocked],
      ['json', 'junit', 'html'].flatMap((f, i) => ['--report', `${f}:${reports[i]}`]),
    );
    expect(code).toBe(1);
    expect(out).toMatch(/^BLOCKED t\.blocked blocked by t\.required: POST \/broken answered 500/m);
    expect(out.trimEnd().split('\n').pop()).toBe('1 passed, 0 failed, 0 skipped, 1 blocked');
    const json = JSON.parse(readFileSync(reports[0], 'utf8')) as SuiteReport;
    expect(json.summary).toMatchObject({ passed: 1, failed: 0, skipped: 0, blocked: 1 });
    expect(json.checks.find((c) => c.id === 't.blocked')).toMatchObject({ status: 'blocked', blockedBy: 't.required' });
    const junit = readFileSync(reports[1], 'utf8');
    expect(junit).toMatch(/<testsuites [^>]*failures="1"/);
    expect(junit).toMatch(/<failure message="blocked by t\.required: [^"]*" type="Blocked">/);
    expect(readFileSync(reports[2], 'utf8')).toContain('blocked by t.required');
  });

  it('a failure beats an error: exit 1', async () => {
    expect((await run([mustFails, crashing])).code).toBe(1);
  });

  it('a failed SHOULD is a warning (exit 0) unless --strict (exit 1); reports carry levels', async () => {
    const report = join(dir, 'should.json');
    const lenient = await run([ok, shouldFails], ['--report', `json:${report}`]);
    expect(lenient.code).toBe(0);
    expect(lenient.out).toMatch(/^WARN t\.shouldFails \[R-SHOULD\] SHOULD /m);
    expect(lenient.out.trimEnd().split('\n').pop()).toBe('1 passed, 0 failed, 0 skipped, 1 warning');
    const json = JSON.parse(readFileSync(report, 'utf8')) as SuiteReport;
    expect(json.summary).toMatchObject({ failed: 0, warnings: 1 });
    expect(json.checks.find((c) => c.id === 't.shouldFails')).toMatchObject({
      status: 'failed',
      level: 'SHOULD',
      warning: true,
    });
    expect(json.checks.find((c) => c.id === 't.ok')).toMatchObject({ level: 'MUST' });
    const strict = await run([ok, shouldFails], ['--strict']);
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/^FAIL t\.shouldFails /m);
  });

  it('a failed MUST stays a failure without --strict', async () => {
    expect((await run([ok, mustFails])).code).toBe(1);
  });

  it('a capability declared away disables its checks (no Core check: still a conformance result)', async () => {
    const report = join(dir, 'cap.json');
    const { code, out } = await run([ok, sandboxOnly], ['--report', `json:${report}`], {
      capabilities: { sandbox: false },
    });
    expect(code).toBe(0);
    expect(out).toMatch(/^OFF {2}t\.sandbox the target declares it does not offer sandbox keys/m);
    const json = JSON.parse(readFileSync(report, 'utf8')) as SuiteReport & { notAConformanceResult?: string };
    expect(json.checks.find((c) => c.id === 't.sandbox')).toMatchObject({
      status: 'disabled',
      disabledBy: 'capabilities.sandbox',
      core: false,
    });
    expect(json.summary).toMatchObject({ disabled: 1 });
    expect(json.notAConformanceResult).toBeUndefined();
    expect(out).not.toContain('NOT A CONFORMANCE RESULT');
  });

  it('disabling a Core check makes every report say "not a conformance result" at its top', async () => {
    const json = join(dir, 'core.json');
    const html = join(dir, 'core.html');
    const summary = join(dir, 'core-summary.json');
    const { out } = await run(
      [ok, mustFails],
      ['--report', `json:${json}`, '--report', `html:${html}`, '--report', `summary:${summary}`],
      { disable: [{ check: 't.mustFails', reason: 'we do not do this' }] },
    );
    expect(out.split('\n')[0]).toMatch(
      /^NOT A CONFORMANCE RESULT: the target file disables 1 Core check \(t\.mustFails\)/,
    );
    const report = readFileSync(json, 'utf8');
    expect(Object.keys(JSON.parse(report) as object)[0]).toBe('notAConformanceResult');
    expect(readFileSync(html, 'utf8')).toMatch(
      /<header><p class="not-conformance" role="alert"><b>NOT A CONFORMANCE RESULT/,
    );
    expect(JSON.parse(readFileSync(summary, 'utf8'))).toMatchObject({ verdict: 'not-a-conformance-result' });
  });

  it('a target file cannot declare a Core feature away', () => {
    expect(() => parseTarget(targetFile(api.baseUrl, { capabilities: { errors: false } }), 't')).toThrow(
      /capabilities\.errors is not an optional feature/,
    );
    expect(() => parseTarget(targetFile(api.baseUrl, { disable: [{ check: 'x' }] }), 't')).toThrow(
      /disable\[0\]\.reason/,
    );
    expect(() => parseTarget(targetFile(api.baseUrl, { implementation: { name: 'x' } }), 't')).toThrow(
      /implementation\.version/,
    );
  });

  it('summary and badge: implementation from the target file, spec version, counts per level and section, verdict', async () => {
    const summary = join(dir, 'summary.json');
    const badge = join(dir, 'badge.json');
    await run([ok, shouldFails], ['--report', `summary:${summary}`, '--report', `badge:${badge}`], {
      implementation: { name: 'Acme PPAPI', version: '2.3.1' },
    });
    expect(JSON.parse(readFileSync(summary, 'utf8'))).toMatchObject({
      implementation: { name: 'Acme PPAPI', version: '2.3.1' },
      specVersion: '1.0.0',
      profile: { run: 'quick', strict: false },
      verdict: 'conformant',
      byLevel: { MUST: { passed: 1 }, SHOULD: { warnings: 1 } },
      bySection: { Test: { passed: 1, warnings: 1 } },
    });
    expect(JSON.parse(readFileSync(badge, 'utf8'))).toEqual({
      schemaVersion: 1,
      label: 'PPAPI 1.0.0',
      message: 'conformant, 2/2 passed, 1 warning',
      color: 'yellow',
    });
    await run([ok, mustFails], ['--report', `badge:${badge}`, '--report', `summary:${summary}`]);
    expect(JSON.parse(readFileSync(badge, 'utf8'))).toMatchObject({
      message: 'non-conformant, 1/2 passed',
      color: 'red',
    });
    expect(JSON.parse(readFileSync(summary, 'utf8'))).toMatchObject({
      implementation: null,
      verdict: 'non-conformant',
    });
  });

  it('traces: every check (passed too) carries its exchanges, secrets never appear, even with --show-secrets', async () => {
    const report = join(dir, 'trace.json');
    await run([ok, mustFails], ['--report', `json:${report}`, '--show-secrets']);
    const text = readFileSync(report, 'utf8');
    const json = JSON.parse(text) as {
      checks: Array<{
        id: string;
        trace?: Array<{ request: { headers: Record<string, string> }; response?: { body: string } }>;
      }>;
    };
    const passed = json.checks.find((c) => c.id === 't.ok');
    expect(passed?.trace?.[0]?.request.headers.authorization).toBe('Bearer <redacted>');
    expect(passed?.trace?.[0]?.response?.body).toBe('{"data":[{"id":"<uuid:1>","createdAt":"<timestamp>"}]}');
    expect(JSON.stringify(json.checks.map((c) => c.trace))).not.toContain(LIVE_KEY);
  });
});

describe('traces diff cleanly', () => {
  const target = targetFor('http://127.0.0.1:1/api/public/v1', {
    dashboard: { url: 'http://127.0.0.1:1/dash', token: 'admin-token-very-secret' },
    webhooks: { receiverUrl: 'http://r/', receiverAdminUrl: 'http://r/admin', secret: 'whsec_signing_secret_1234' },
  });
  const exchange = (run: string, id: string, at: string) => ({
    request: {
      method: 'POST',
      url: `http://127.0.0.1:1/api/public/v1/properties?marker=conformance-${run}&since=${at.slice(0, 10)}`,
      headers: { authorization: `Bearer ${LIVE_KEY}`, 'x-api-key': LIVE_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `conformance-${run}`, token: 'admin-token-very-secret', note: `key ${LIVE_KEY}` }),
    },
    response: {
      status: 201,
      headers: { date: new Date(at).toUTCString(), 'x-request-id': `req-${run}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          id,
          createdAt: at,
          parent: id,
          secret: 'whsec_signing_secret_1234',
          signature: `t=1700000000,v1=${'ab'.repeat(32)}`,
        },
      }),
    },
    durationMs: 12,
  });

  it('two runs with different ids, dates and run markers give identical traces, with no secret in them', () => {
    const a = buildTrace(
      [exchange('run1-aaa', '11111111-2222-4333-8444-555555555555', '2026-11-24T02:00:00.000Z')],
      target,
      { runId: 'run1-aaa' },
    );
    const b = buildTrace(
      [exchange('run2-bbb', '99999999-8888-4777-8666-555555555555', '2026-11-25T03:14:15.926Z')],
      target,
      { runId: 'run2-bbb' },
    );
    expect(a).toEqual(b);
    const text = JSON.stringify(a);
    for (const secret of [LIVE_KEY, 'admin-token-very-secret', 'whsec_signing_secret_1234', 'ab'.repeat(32)])
      expect(text).not.toContain(secret);
    expect(text).toContain('<uuid:1>');
    expect(text).toContain('conformance-<run>');
    expect(a[0]?.response?.body).toContain('"parent":"<uuid:1>"'); // identity survives the placeholder
  });

  it('is bounded: at most 12 exchanges, long bodies cut', () => {
    const many = Array.from({ length: 20 }, () => ({
      ...exchange('r', '11111111-2222-4333-8444-555555555555', '2026-01-01T00:00:00Z'),
      response: { status: 200, headers: {}, body: 'x'.repeat(5000) },
    }));
    const trace = buildTrace(many, target);
    expect(trace).toHaveLength(13);
    expect(trace[12]?.request.url).toBe('8 more exchanges not traced');
    expect((trace[0]?.response?.body ?? '').length).toBeLessThan(1600);
  });
});

describe('runChecks retries an error once', () => {
  it('a check that errors once and then passes is reported passed, with the first error said', async () => {
    const markers: string[] = [];
    const once = defineCheck({
      id: 't.once',
      title: 'once',
      group: 'Test',
      rules: ['R-MUST'],
      run: async (ctx) => {
        markers.push(ctx.marker);
        if (markers.length === 1) throw new Error('ECONNRESET');
      },
    });
    const [result] = await runChecks({
      target: targetFor('http://127.0.0.1:1/api/public/v1'),
      checks: [once],
      seed: 1,
      clock: new ManualClock(),
      runId: 'r1',
    });
    expect(result).toMatchObject({ status: 'passed', attempts: 2 });
    expect(result?.message).toMatch(/first attempt errored/);
    // The retry must not see what the first attempt left under its marker (e.g. an email already sent).
    expect(markers).toEqual(['conformance-r1', 'conformance-r1-retry']);
  });
});
