// Webhook worker processes (scripts/worker.ts) for kill drills: spawned directly under node so a signal
// reaches the worker itself (the tsx CLI would fork a child).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

export interface Worker {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

export function spawnWorker(env: NodeJS.ProcessEnv): Worker {
  const { NODE_OPTIONS: _jestOptions, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: ROOT,
    env: { ...base, LOG_LEVEL: 'info', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_DELAYS: '900,3600', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

export async function kill(worker: Worker, signal: NodeJS.Signals): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill(signal);
  await worker.exited;
}
