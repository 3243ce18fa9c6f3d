// The GitHub Action's shell steps, run here as the action runs them: every `run:` of action.yml is one script of
// scripts/action/, and this test runs those scripts with a runner's environment files (GITHUB_ENV, GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY) in a temporary folder and the suite's bins of this repository as the installed suite.
// install.sh needs the registry and a minute; scripts/pack-check.sh runs it in CI. Docker-only steps
// (actions/setup-node, actions/upload-artifact) cannot run here.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { toJsonReport } from '../conformance/src/reporters';
import type { CheckResult } from '../conformance/src/model';

const ROOT = resolve(__dirname, '..');
const SCRIPTS = join(ROOT, 'scripts', 'action');

interface Step {
  readonly name?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly if?: string;
  readonly env?: Readonly<Record<string, string>>;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: { steps: Step[] } };
const steps = action.runs.steps;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** A runner's temporary folder and environment files. */
function runner(): { dir: string; env: Record<string, string>; read: (file: 'env' | 'output' | 'summary') => string } {
  const dir = mkdtempSync(join(tmpdir(), 'action-test-'));
  const files = { env: join(dir, 'github.env'), output: join(dir, 'github.output'), summary: join(dir, 'summary.md') };
  for (const f of Object.values(files)) writeFileSync(f, '');
  return {
    dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      RUNNER_TEMP: dir,
      GITHUB_ENV: files.env,
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
      ACTION_PATH: ROOT,
      PPAPI_SUITE: ROOT,
    },
    read: (file) => readFileSync(files[file], 'utf8'),
  };
}

/** `NAME=value` lines of a GitHub environment or output file. */
function pairs(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

function script(name: string, env: Record<string, string>, args: readonly string[] = []) {
  return spawnSync('bash', [join(SCRIPTS, name), ...args], { env, encoding: 'utf8', timeout: 120_000 });
}

describe('action.yml', () => {
  it('runs each shell step as one script of scripts/action/, and every script is used', () => {
    const used = steps
      .filter((s) => s.run !== undefined && s.name !== 'Verdict')
      .map(
        (s) => /^bash "\$ACTION_PATH\/scripts\/action\/([a-z-]+\.sh)"( start| stop)?$/.exec(s.run?.trim() ?? '')?.[1],
      );
    expect(used).not.toContain(undefined);
    expect([...new Set(used)].sort()).toEqual(readdirSync(SCRIPTS).sort());
    for (const s of steps.filter((st) => st.run?.includes('$ACTION_PATH')))
      expect(s.env?.ACTION_PATH).toBe('${{ github.action_path }}');
  });

  it('installs the PDF parser, uploads the three reports, and starts the receiver only when asked', () => {
    expect(steps.find((s) => s.name?.startsWith('Install'))?.env?.INPUT_PDF_PARSER).toBe('${{ inputs.pdf-parser }}');
    expect(readFileSync(join(SCRIPTS, 'install.sh'), 'utf8')).toMatch(/pdf-parse@/);
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.if).toMatch(/always\(\)/);
    for (const format of ['json', 'junit', 'html'])
      expect(readFileSync(join(SCRIPTS, 'run.sh'), 'utf8')).toContain(`--report "${format}:`);
    expect(steps.find((s) => s.name === 'Start the mock webhook receiver')?.if).toBe("inputs.receiver == 'true'");
  });
});

describe('the action steps on this machine', () => {
  const r = runner();
  let receiverEnv: Record<string, string> = {};

  afterAll(() => {
    script('receiver.sh', { ...r.env, ...receiverEnv }, ['stop']);
  });

  it('receiver.sh start: the mock receiver listens, and its URLs, secret and token are exported', async () => {
    const port = await freePort();
    const started = script(
      'receiver.sh',
      { ...r.env, INPUT_RECEIVER_PORT: String(port), INPUT_RECEIVER_PUBLIC_URL: 'https://hooks.example.com/' },
      ['start'],
    );
    expect(started.status).toBe(0);
    receiverEnv = pairs(r.read('env'));
    expect(receiverEnv.PPAPI_RECEIVER_URL).toBe('https://hooks.example.com/webhooks');
    expect(receiverEnv.PPAPI_RECEIVER_ADMIN_URL).toBe(`http://127.0.0.1:${port}/_receiver`);
    expect(receiverEnv.PPAPI_RECEIVER_SECRET).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(receiverEnv.PPAPI_RECEIVER_ADMIN_TOKEN).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const res = await fetch(`${receiverEnv.PPAPI_RECEIVER_ADMIN_URL}/deliveries`, {
      headers: { authorization: `Bearer ${receiverEnv.PPAPI_RECEIVER_ADMIN_TOKEN}` },
    });
    expect(res.status).toBe(200);
  });

  it('run.sh: an unset ${NAME} of the target is exit 2 in the step output, and the step itself succeeds', () => {
    const run = script('run.sh', {
      ...r.env,
      ...receiverEnv,
      INPUT_TARGET: join(ROOT, 'examples', 'staging-target.json'),
      INPUT_REPORT_DIR: join(r.dir, 'reports'),
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/reads environment variable PPAPI_BASE_URL, which is not set/);
    expect(pairs(r.read('output'))['exit-code']).toBe('2');
  });

  it('summary.sh: a run that wrote no report says it could not run, with its exit status', () => {
    const out = pairs(r.read('output'));
    const summary = script('summary.sh', {
      ...r.env,
      JSON_REPORT: out['json-report'] ?? '',
      EXIT_CODE: out['exit-code'] ?? '',
    });
    expect(summary.status).toBe(0);
    expect(r.read('summary')).toContain('the suite could not run (exit 2)');
  });

  it('summary.sh: a report with only a warning and a known failure is a passed job summary', () => {
    const base = { title: 't', group: 'g', rules: ['R-1'], durationMs: 1, message: 'm', status: 'failed' as const };
    const results: CheckResult[] = [
      { ...base, id: 'ok', status: 'passed' },
      { ...base, id: 'should', level: 'SHOULD', warning: true },
      { ...base, id: 'known', expectedFailure: { reason: 'ticket' } },
    ];
    const report = join(r.dir, 'report.json');
    writeFileSync(report, JSON.stringify(toJsonReport(results, { title: 'T', startedAt: '', finishedAt: '' })));
    const summary = script('summary.sh', { ...r.env, JSON_REPORT: report, EXIT_CODE: '0' });
    expect(summary.status).toBe(0);
    const md = r.read('summary');
    expect(md).toMatch(/## Property Portfolio API conformance: ✅ passed/);
    expect(md).toContain('### Warnings (1)');
    expect(md).toContain('### Expected failures (baseline) (1)');
    expect(md).not.toContain('### Failed');
  });

  it('receiver.sh stop: the receiver is gone', () => {
    expect(script('receiver.sh', { ...r.env, ...receiverEnv }, ['stop']).status).toBe(0);
    const pid = Number(receiverEnv.PPAPI_RECEIVER_PID);
    const alive = (): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // The receiver ends on SIGTERM; wait for it without a fixed sleep.
    execFileSync('bash', [
      '-c',
      `for _ in $(seq 1 100); do kill -0 ${pid} 2>/dev/null || exit 0; sleep 0.1; done; exit 1`,
    ]);
    expect(alive()).toBe(false);
  });
});
