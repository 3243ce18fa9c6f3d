// Without --target the CLI starts the reference server as a child process, aims at it (fixture keys, fresh
// admin token), and stops it afterwards. A stub server stands in for scripts/reference.ts here.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../src/cli';
import { ManualClock } from '../../src/http';
import { defineCheck } from '../../src/runner';
import type { Catalogue } from '../../src/runner/catalogue';
import type { SuiteReport } from '../../src/model';
import { captureIo, LIVE_KEY, targetFile, tempDir } from './helpers';

const STUB = `
const http = require('node:http');
const fs = require('node:fs');
if (process.env.STUB_MODE === 'crash') { console.error('loading fixtures'); console.error('boom: cannot open database'); process.exit(3); }
if (process.env.STUB_MODE === 'mute') { setInterval(() => {}, 1000); return; }
const host = process.env.HOST, port = Number(process.env.PORT), admin = process.env.ADMIN_TOKEN;
const server = http.createServer((req, res) => {
  const auth = req.headers.authorization || '';
  let status = 401;
  if (req.url.startsWith('/provisioning/v1/')) status = auth === 'Bearer ' + admin ? 200 : 403;
  else if (req.url.startsWith('/api/public/v1/')) status = auth === 'Bearer ${LIVE_KEY}' ? 200 : 401;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(status === 200 ? { data: [] } : { error: 'no', code: 'UNAUTHORIZED' }));
});
server.listen(port, host, () => console.log(JSON.stringify({ level: 30, msg: 'listening on http://' + host + ':' + port })));
process.on('SIGTERM', () => { fs.writeFileSync(process.env.STUB_MARK, 'stopped'); server.close(() => process.exit(0)); });
`;

const NO_RULES: Catalogue = { rules: [], isTestable: () => true, toRequirementsCsv: () => '' };
const publicApi = defineCheck({
  id: 'embedded.publicApiAnswers',
  title: 't',
  group: 'G',
  rules: ['R-1'],
  run: async (ctx) => {
    ctx.expectStatus(await ctx.http.request({ path: '/properties', key: 'enterpriseLive' }), 200);
  },
});
const dashboard = defineCheck({
  id: 'embedded.dashboardTokenWorks',
  title: 't',
  group: 'G',
  rules: ['R-2'],
  needs: ['dashboard'],
  run: async (ctx) => {
    ctx.expectStatus(
      await ctx.dashboard.request({ path: '/landlords/00000000-0000-4000-8000-000000000000/webhooks' }),
      200,
    );
  },
});

describe('embedded reference server', () => {
  const dir = tempDir();
  const stub = join(dir, 'stub-reference.js');
  const fixture = join(dir, 'reference-target.json');
  writeFileSync(stub, STUB);
  writeFileSync(fixture, JSON.stringify(targetFile('http://127.0.0.1:3000/api/public/v1')));

  const run = async (mode: string, extra: string[] = [], startTimeoutMs = 20_000) => {
    const io = captureIo();
    const mark = join(dir, `${mode}-stopped`);
    const code = await main(['--report', `json:${join(dir, `${mode}.json`)}`, ...extra], io, {
      checks: [publicApi, dashboard],
      catalogue: NO_RULES,
      clock: new ManualClock(),
      embedded: {
        root: dir,
        command: process.execPath,
        args: [stub],
        fixture,
        startTimeoutMs,
        env: { STUB_MODE: mode, STUB_MARK: mark },
      },
    });
    return { code, out: io.out(), err: io.err(), mark };
  };

  it('starts the child, aims at /api/public/v1 with the fixture keys and a fresh admin token, then stops it', async () => {
    const { code, out, mark } = await run('ok');
    expect(out).toMatch(/Conformance run against http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1/);
    expect(out).toContain('PASS embedded.publicApiAnswers');
    expect(out).toContain('PASS embedded.dashboardTokenWorks');
    expect(code).toBe(0);
    expect(existsSync(mark)).toBe(true); // SIGTERM reached it and the CLI waited for the exit
    const report = JSON.parse(readFileSync(join(dir, 'ok.json'), 'utf8')) as SuiteReport & {
      meta: { targetSource: string };
    };
    expect(report.meta.targetSource).toMatch(/^embedded reference server/);
  });

  it('a server that exits before listening → 2 with its last stderr lines', async () => {
    const { code, err } = await run('crash');
    expect(code).toBe(2);
    expect(err).toBe(
      'conformance: embedded reference server exited (code 3) before listening: loading fixtures | boom: cannot open database\n',
    );
  });

  it('a server that never says it listens → 2 after the start timeout', async () => {
    const { code, err } = await run('mute', [], 300);
    expect(code).toBe(2);
    expect(err).toMatch(
      /^conformance: embedded reference server did not print "listening on http:\/\/127\.0\.0\.1:\d+" within 300 ms: \(no output\)\n$/,
    );
  });
});
