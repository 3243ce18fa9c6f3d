// Child processes for benchmarks: servers run apart from the load generator, and services are started when
// the environment does not provide them.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

export interface Child {
  readonly url: string;
  /** CPU (user + system, ms) the child and every process under it have used so far; undefined without /proc. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

// Linux's clock ticks a second for /proc/PID/stat (USER_HZ): 100 on every architecture Node runs on.
const TICKS_PER_S = 100;

/**
 * CPU (user + system, ms) of `root` and its descendants, from /proc: a server started through tsx is a process
 * or two below the one spawned (tsx, then Node re-run with its heap options), and the idle ones add nothing.
 */
export function processTreeCpuMs(root: number): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const name of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // After the command's ")": state, ppid, ... utime (14th field of the line) and stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    stats.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  if (!stats.has(root)) return undefined;
  let ticks = 0;
  const tree = new Set([root]);
  // Parents before children is not the order of /proc: repeat until no process joins the tree.
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, { parent }] of stats)
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grown = true;
      }
  }
  for (const pid of tree) ticks += stats.get(pid)!.ticks;
  return (ticks * 1000) / TICKS_PER_S;
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
    cpuMs: () => (child.pid === undefined ? undefined : processTreeCpuMs(child.pid)),
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
