// PostgreSQL, Redis and maildev of a test's own (scripts/services.sh in a folder of its own, on free loopback
// ports), so a drill can stop, restart or freeze them without touching services other tests share.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../../scripts/services.sh');

export type ServiceName = 'pg' | 'redis' | 'mail';

export interface OwnServices {
  readonly env: { DATABASE_URL: string; REDIS_URL: string; SMTP_URL: string; MAIL_API_URL: string };
  start(service: ServiceName): Promise<void>;
  stop(service: ServiceName): Promise<void>;
  /** SIGSTOP (or SIGCONT) the PostgreSQL server and every backend it has forked: a frozen, not a stopped, server. */
  signalPostgres(signal: 'SIGSTOP' | 'SIGCONT'): Promise<void>;
  /** SIGSTOP (or SIGCONT) the Redis server: connections stay open, nothing is answered. */
  signalRedis(signal: 'SIGSTOP' | 'SIGCONT'): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Why the drills cannot run here, or undefined when they can (real services configured, binaries present). */
export function ownServicesUnavailable(): string | undefined {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
    return 'no real services in the environment (DATABASE_URL and REDIS_URL unset)';
  try {
    execFileSync(
      'sh',
      ['-c', 'ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && command -v redis-server >/dev/null'],
      { stdio: 'ignore' },
    );
    return undefined;
  } catch {
    return 'PostgreSQL or Redis binaries not installed';
  }
}

export async function startOwnServices(): Promise<OwnServices> {
  const dir = await mkdtemp(path.join(tmpdir(), 'drill-svc-'));
  const ports = {
    PG_PORT: await freePort(),
    REDIS_PORT: await freePort(),
    SMTP_PORT: await freePort(),
    MAIL_API_PORT: await freePort(),
  };
  const env = { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) };
  const script = async (...args: string[]): Promise<string> => (await run('bash', [SCRIPT, ...args], { env })).stdout;
  const lines = await script('start', dir);
  const parsed = Object.fromEntries(
    lines
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  const postgresPids = async (): Promise<number[]> => {
    const main = Number((await readFile(path.join(dir, 'pgdata/postmaster.pid'), 'utf8')).split('\n')[0]);
    const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(main)]);
    return [
      main,
      ...stdout
        .split('\n')
        .map((s) => Number(s.trim()))
        .filter((pid) => pid > 0),
    ];
  };
  const signalPostgres = async (signal: 'SIGSTOP' | 'SIGCONT'): Promise<void> => {
    for (const pid of await postgresPids()) process.kill(pid, signal);
  };
  const signalRedis = async (signal: 'SIGSTOP' | 'SIGCONT'): Promise<void> => {
    process.kill(Number((await readFile(path.join(dir, 'redis.pid'), 'utf8')).trim()), signal);
  };
  return {
    env: {
      DATABASE_URL: parsed.DATABASE_URL,
      REDIS_URL: parsed.REDIS_URL,
      SMTP_URL: parsed.SMTP_URL,
      MAIL_API_URL: parsed.MAIL_API_URL,
    },
    start: async (service) => {
      await script('start', dir, service);
    },
    stop: async (service) => {
      await script('stop', dir, service);
    },
    signalPostgres,
    signalRedis,
    async close() {
      await signalPostgres('SIGCONT').catch(() => undefined);
      await signalRedis('SIGCONT').catch(() => undefined);
      await script('stop', dir);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
