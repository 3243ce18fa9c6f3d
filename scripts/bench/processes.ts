// Child processes for benchmarks: servers run apart from the load generator, and services are started when
// the environment does not provide them.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

export interface Child {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts `tsx script` and resolves once it prints "listening on http://..." (PORT=0: the port the OS chose). */
export async function startChild(script: string, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Child> {
  const child: ChildProcess = spawn(TSX, [path.resolve(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start in ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${stderr}`));
    });
  });
  child.stdout!.resume();
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface Services {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  stop(): void;
}

/** PostgreSQL and Redis from the environment, or started on loopback with scripts/services.sh. */
export function ensureServices(): Services {
  if (process.env.DATABASE_URL && process.env.REDIS_URL) {
    return { databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL, stop: () => undefined };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-services-'));
  const script = path.join(ROOT, 'scripts', 'services.sh');
  const env = { ...process.env, PG_PORT: '55532', REDIS_PORT: '56479', SMTP_PORT: '51125', MAIL_API_PORT: '51180' };
  const out = execFileSync(script, ['start', dir], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const vars = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => line.split('=', 2) as [string, string]),
  );
  return {
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    stop: () => execFileSync(script, ['stop', dir], { env, stdio: 'inherit' }),
  };
}
