// Webhook worker processes (scripts/worker.ts) for kill drills: spawned directly under node so a signal
// reaches the worker itself (the tsx CLI would fork a child).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Knex } from 'knex';

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

/**
 * Resolves once the lines the workers printed (before and since) satisfy `done`, checked as each prints; fails after
 * `timeoutMs` or once they have all exited without, with the last lines they printed.
 */
export function printed(
  workers: readonly Worker[],
  done: (lines: readonly string[]) => boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  // Whole lines only: a chunk may end inside one.
  const lines = (): string[] => workers.flatMap((w) => w.output.join('').split('\n').slice(0, -1));
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (done(lines())) finish();
      else if (workers.every((w) => w.child.exitCode !== null || w.child.signalCode !== null)) finish('they exited');
    };
    const timer = setTimeout(() => finish(`not within ${timeoutMs} ms`), timeoutMs);
    const finish = (failure?: string): void => {
      clearTimeout(timer);
      for (const w of workers) {
        w.child.stdout?.off('data', check);
        w.child.stderr?.off('data', check);
        w.child.off('exit', check);
      }
      if (failure === undefined) resolve();
      else
        reject(
          new Error(`the workers did not print ${what} (${failure}); last lines:\n${lines().slice(-40).join('\n')}`),
        );
    };
    for (const w of workers) {
      // After the worker's own listeners (spawnWorker's), so its output holds the chunk.
      w.child.stdout?.on('data', check);
      w.child.stderr?.on('data', check);
      w.child.on('exit', check);
    }
    check();
  });
}

/** At LOG_LEVEL=debug a worker prints each attempt once recorded: the events (`evt_…`) delivered in these lines. */
export function recordedSuccesses(lines: readonly string[]): Set<string> {
  const delivered = new Set<string>();
  for (const line of lines) {
    if (!line.includes('"msg":"webhook attempt"')) continue;
    const entry = JSON.parse(line) as { eventId?: string; status?: string };
    if (entry.status === 'succeeded' && entry.eventId) delivered.add(`evt_${entry.eventId}`);
  }
  return delivered;
}

export async function kill(worker: Worker, signal: NodeJS.Signals): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill(signal);
  await worker.exited;
}

/** How many of these events (`evt_` ids) the database records as delivered: one row per event and endpoint. */
export async function succeededDeliveries(knex: Knex, eventIds: readonly string[]): Promise<number> {
  const rows = await knex('webhook_deliveries')
    .whereIn(
      'event_id',
      eventIds.map((id) => id.slice(4)),
    )
    .where('status', 'succeeded')
    .count<Array<{ n: number | string }>>('* as n');
  return Number(rows[0].n);
}
