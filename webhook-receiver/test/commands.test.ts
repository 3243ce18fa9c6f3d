// The two npm scripts as processes: what an integrator or a CI job actually runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DeliveryFactory } from './support/delivery-factory';
import { post } from './http-client';

const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const SECRET = 'whsec_command_test';

function run(script: string, args: readonly string[]): ChildProcess {
  return spawn(TSX, [join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = pattern.exec(seen);
      if (match) resolve(match);
    });
    child.once('exit', (code) =>
      reject(new Error(`exited ${String(code)} before printing ${pattern}; output: ${seen}`)),
    );
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run receiver', () => {
  test('prints its URL, accepts deliveries, and stops cleanly on SIGTERM', async () => {
    const child = run('receiver.ts', ['--port', '0', '--secret', SECRET]);
    const exited = exitOf(child);
    const [, url] = await waitForLine(child, /receiver listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const factory = new DeliveryFactory(1, SECRET);
    const res = await post(url ?? '', factory.signed(factory.anyEnvelope('cmd')));
    expect(res.status).toBe(200);
    const admin = (await (await fetch(`${url}/_receiver/deliveries`)).json()) as { meta: { total: number } };
    expect(admin.meta.total).toBe(1);
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });

  test('with --admin-token it says the admin API needs it; without, that it answers on loopback only', async () => {
    const guarded = run('receiver.ts', ['--port', '0', '--secret', SECRET, '--admin-token', 'cmd-admin-token']);
    const guardedExit = exitOf(guarded);
    const [, url] = await waitForLine(guarded, /admin API at (http:\/\/\S+)\/deliveries \(Authorization: Bearer/);
    expect((await fetch(`${url}/deliveries`)).status).toBe(401);
    guarded.kill('SIGTERM');
    expect((await guardedExit).code).toBe(0);

    const open = run('receiver.ts', ['--port', '0', '--secret', SECRET]);
    const openExit = exitOf(open);
    await waitForLine(open, /answers loopback connections only/);
    open.kill('SIGTERM');
    expect((await openExit).code).toBe(0);
  });

  test('answers --version with its name and the package version, as the installed bin does', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'webhook-receiver', 'package.json'), 'utf8')) as {
      version: string;
    };
    const { code, stdout } = await exitOf(run('receiver.ts', ['--version']));
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(`ppapi-receiver ${version} (@ppapi/webhook-receiver)`);
  });

  test('exits 2 without a secret', async () => {
    const { code, stderr } = await exitOf(run('receiver.ts', ['--port', '0']));
    expect(code).toBe(2);
    expect(stderr).toMatch(/receiver: --secret is required/);
  });
});

describe('npm run receiver-test', () => {
  test('exits 0 against the mock receiver command and 2 when the URL is unreachable', async () => {
    const receiver = run('receiver.ts', ['--port', '0', '--secret', SECRET]);
    const stopped = exitOf(receiver);
    const [, url] = await waitForLine(receiver, /receiver listening on (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      const ok = await exitOf(run('receiver-test.ts', ['--url', `${url}/hooks`, '--secret', SECRET, '--seed', '1']));
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/^[1-9]\d* passed, 0 failed, 0 skipped$/m);
    } finally {
      receiver.kill('SIGTERM');
      await stopped;
    }
    const unreachable = await exitOf(run('receiver-test.ts', ['--url', url ?? '', '--secret', SECRET]));
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr.trim().split('\n')).toHaveLength(1);
  });
});
