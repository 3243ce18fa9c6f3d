// The CLI's contract (interfaces.md): options, exit statuses 0/1/2 and one-line reasons on stderr.

import { renderCheckList } from '../../src/cli/list';
import { main, parseCliArgs } from '../../src/cli';
import { ManualClock } from '../../src/http';
import { defineCheck } from '../../src/runner';
import type { Catalogue } from '../../src/runner/catalogue';
import { captureIo, closedPort, json, startFakeApi, targetFile, tempDir, writeJson, type FakeApi } from './helpers';

const NO_RULES: Catalogue = { rules: [], isTestable: () => true, toRequirementsCsv: () => 'rule\r\n' };

const passing = defineCheck({
  id: 'auth.bearerKeyIsAccepted',
  title: 'Bearer key accepted',
  group: 'Authentication',
  rules: ['AUTH-1'],
  run: async (ctx) => {
    ctx.expectStatus(await ctx.http.request({ path: '/properties', key: 'enterpriseLive' }), 200);
  },
});
const failing = defineCheck({
  id: 'auth.missingKeyIsUnauthorized',
  title: 'Missing key is 401',
  group: 'Authentication',
  rules: ['AUTH-6'],
  run: async (ctx) => {
    ctx.expectErrorEnvelope(await ctx.http.request({ path: '/properties' }), 401, 'UNAUTHORIZED');
  },
});

function oneLine(text: string): void {
  expect(text.trim().split('\n')).toHaveLength(1);
}

describe('parseCliArgs', () => {
  it('reads the options of interfaces.md and ours', () => {
    const o = parseCliArgs([
      '--target',
      't.json',
      '--base-url',
      'https://x/api/public/v1',
      '--report',
      'json:a.json',
      '--report',
      'junit:b.xml',
      '--only',
      'AUTH-*',
      '--seed',
      '99',
      '--profile',
      'full',
      '--show-secrets',
      '--baseline',
      'b.json',
      '--concurrency',
      '2',
    ]);
    expect(o).toMatchObject({
      target: 't.json',
      baseUrl: 'https://x/api/public/v1',
      reports: [
        { format: 'json', path: 'a.json' },
        { format: 'junit', path: 'b.xml' },
      ],
      only: ['AUTH-*'],
      seed: 99,
      profile: 'full',
      showSecrets: true,
      baseline: 'b.json',
      concurrency: 2,
    });
  });

  it('accepts --opt=value and a Windows-style report path', () => {
    expect(parseCliArgs(['--report=html:C:\\r\\x.html']).reports).toEqual([{ format: 'html', path: 'C:\\r\\x.html' }]);
  });
});

describe('main exit statuses', () => {
  let api: FakeApi;
  let dir: string;
  beforeAll(async () => {
    api = await startFakeApi((req, res) =>
      req.headers.authorization
        ? json(res, 200, { data: [] })
        : json(res, 401, { error: 'no key', code: 'UNAUTHORIZED' }),
    );
    dir = tempDir();
  });
  afterAll(() => api.close());
  const deps = { checks: [passing, failing], catalogue: NO_RULES, clock: new ManualClock() };

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--profile', 'slow'], /--profile must be quick or full/],
    [['--report', 'pdf:x.pdf'], /FORMAT must be json, junit, html, summary, badge/],
    [['--repeat', '0'], /--repeat must be an integer from 1 to 100/],
    [['--report', 'json'], /PATH is missing/],
    [['--seed', 'abc'], /--seed must be an integer/],
    [['--base-url', 'ftp://x'], /--base-url must be an http or https URL/],
    [['--target'], /argument missing|requires an argument|--target/],
    [['stray'], /positional|Unexpected argument/],
  ])('bad option %j → 2 with one line on stderr', async (argv, reason) => {
    const io = captureIo();
    expect(await main(argv, io, deps)).toBe(2);
    expect(io.err()).toMatch(reason);
    oneLine(io.err());
    expect(io.out()).toBe('');
  });

  it('unreadable target → 2', async () => {
    const io = captureIo();
    expect(await main(['--target', `${dir}/missing.json`], io, deps)).toBe(2);
    expect(io.err()).toMatch(/^conformance: cannot read target file .*missing\.json: ENOENT\n$/);
  });

  it.each([
    ['not JSON', '{ nope', /not valid JSON/],
    ['no baseUrl', { keys: { enterpriseLive: 'k' } }, /baseUrl is required/],
    [
      'an unset variable',
      { baseUrl: 'http://x', keys: { enterpriseLive: '${PPAPI_CLI_TEST_NEVER_SET}' } },
      /keys.enterpriseLive reads environment variable PPAPI_CLI_TEST_NEVER_SET, which is not set/,
    ],
    ['no enterpriseLive key', { baseUrl: 'http://x', keys: {} }, /keys.enterpriseLive is required/],
    [
      'a bad mail kind',
      { ...targetFile('http://x'), mail: { kind: 'pigeon', url: 'http://m' } },
      /mail.kind must be one of/,
    ],
  ])('invalid target (%s) → 2', async (_name, content, reason) => {
    const io = captureIo();
    expect(await main(['--target', writeJson(dir, 'bad.json', content)], io, deps)).toBe(2);
    expect(io.err()).toMatch(reason);
    oneLine(io.err());
  });

  it('unreachable target → 2 without running any check', async () => {
    const io = captureIo();
    const target = writeJson(dir, 'down.json', targetFile(`http://127.0.0.1:${await closedPort()}/api/public/v1`));
    expect(await main(['--target', target], io, deps)).toBe(2);
    expect(io.err()).toMatch(
      /^conformance: target unreachable: GET http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1\/properties: .*ECONNREFUSED/,
    );
    oneLine(io.err());
  });

  it('--base-url overrides the target file (the unreachable file still runs)', async () => {
    const io = captureIo();
    const target = writeJson(dir, 'down2.json', targetFile(`http://127.0.0.1:${await closedPort()}/api/public/v1`));
    expect(await main(['--target', target, '--base-url', api.baseUrl, '--only', 'auth.bearer*'], io, deps)).toBe(0);
    expect(io.out()).toContain('PASS auth.bearerKeyIsAccepted');
  });

  it('0 when no check failed, 1 when one did; plain lines and the summary last', async () => {
    const target = writeJson(dir, 'ok.json', targetFile(api.baseUrl));
    const ok = captureIo();
    expect(await main(['--target', target, '--only', 'AUTH-1'], ok, deps)).toBe(0);
    const bad = captureIo();
    // A deployment that answers 403 FORBIDDEN to everything fails both checks.
    const brokenApi = await startFakeApi((_req, res) => json(res, 403, { error: 'nope', code: 'FORBIDDEN' }));
    try {
      const t2 = writeJson(dir, 'broken.json', targetFile(brokenApi.baseUrl));
      expect(await main(['--target', t2], bad, deps)).toBe(1);
    } finally {
      await brokenApi.close();
    }
    const lines = bad.out().trimEnd().split('\n');
    expect(lines).toContain(
      'FAIL auth.bearerKeyIsAccepted [AUTH-1] expected status 200; got 403 {"error":"nope","code":"FORBIDDEN"}',
    );
    expect(
      lines.some((l) =>
        /^ {4}reproduction: curl -sS -i '.*\/properties' -H 'authorization: Bearer svc_live_\*\*\*\*1234'$/.test(l),
      ),
    ).toBe(true);
    expect(lines.some((l) => /^FAIL auth.missingKeyIsUnauthorized \[AUTH-6\] expected 401 with body/.test(l))).toBe(
      true,
    );
    expect(lines[lines.length - 1]).toBe('0 passed, 2 failed, 0 skipped');
    expect(ok.out().trimEnd().split('\n').pop()).toBe('1 passed, 0 failed, 0 skipped');
  });

  it('--only matching nothing is a bad option (a typo must not pass silently)', async () => {
    const io = captureIo();
    expect(
      await main(['--target', writeJson(dir, 'ok2.json', targetFile(api.baseUrl)), '--only', 'nothing-*'], io, deps),
    ).toBe(2);
    expect(io.err()).toMatch(/no check matches --only nothing-\*/);
  });

  it('--list prints checks with rules and exits 0 without a target', async () => {
    const io = captureIo();
    expect(await main(['--list'], io, deps)).toBe(0);
    expect(io.out()).toContain('auth.bearerKeyIsAccepted  [AUTH-1]  Bearer key accepted  (MUST');
    expect(io.out()).toContain('2 checks');
  });

  it('--list gives each check the strongest level of its rules (MUST for a rule the catalogue does not know)', () => {
    const out = renderCheckList([passing], new Map([['AUTH-1', 'SHOULD' as const]]));
    expect(out).toContain('auth.bearerKeyIsAccepted  [AUTH-1]  Bearer key accepted  (SHOULD)');
    expect(renderCheckList([passing], new Map())).toContain('Bearer key accepted  (MUST)');
  });

  it('--help exits 0', async () => {
    const io = captureIo();
    expect(await main(['--help'], io, deps)).toBe(0);
    expect(io.out()).toContain('--report FORMAT:PATH');
  });
});
