// Outbound webhooks: event-to-delivery latency (outbox write → the receiver has the request) at a target of
// 200 events per second, and deliveries per second draining a backlog, with one worker and with several, on
// loopback to a local receiver. The embedded setup (PGlite, embedded queue) always runs; PostgreSQL + BullMQ
// runs when DATABASE_URL and REDIS_URL are set. Workers here are webhook runtimes in this process (each with
// its own concurrency); several share the database (and the BullMQ queue) exactly as worker processes do.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freshPostgres } from '../../reference-server/test/helpers/fresh-postgres';
import pino from 'pino';
import { loadConfig } from '../../reference-server/src/platform/config';
import { createLandlord, createSubscription } from '../../reference-server/src/dashboard/service';
import { runWrite } from '../../reference-server/src/platform/sandbox/unit-of-work';
import { openDeps, type OpenedDeps } from '../../reference-server/src/server/deps';
import { sampleEventData } from '../../reference-server/src/webhooks/catalogue/samples';
import { recordEvent } from '../../reference-server/src/webhooks/outbox/record';
import type { WebhookRuntime } from '../../reference-server/src/webhooks/runtime';
import { percentile, type BenchFigure, type BenchSuite } from './types';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200); // events per second
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 5);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 2000);
const SEVERAL = 4;
const PHASE_TIMEOUT_MS = 60_000;

interface Receiver {
  url: string;
  /** Arrival time (ms since the epoch) per event id, fetched from the receiver process. */
  arrivals(): Promise<Map<string, number>>;
  reset(): Promise<void>;
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

// The receiver runs in a process of its own, as a real one would: it does not take CPU from the pipeline.
const RECEIVER_SOURCE = `
const http = require('node:http');
let arrivals = new Map();
let waiting = 0;
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).id;
    if (!arrivals.has(id)) arrivals.set(id, at);
    res.writeHead(200).end();
    if (waiting && arrivals.size >= waiting) { waiting = 0; process.send({ reached: arrivals.size }); }
  });
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m.type === 'dump') process.send({ arrivals: [...arrivals] });
  if (m.type === 'reset') { arrivals = new Map(); process.send({ reset: true }); }
  if (m.type === 'wait') { if (arrivals.size >= m.count) process.send({ reached: arrivals.size }); else waiting = m.count; }
});
`;

async function startReceiver(): Promise<Receiver> {
  const child = spawn(process.execPath, ['-e', RECEIVER_SOURCE], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(pick: (m: Record<string, unknown>) => T | undefined, timeoutMs = PHASE_TIMEOUT_MS): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', on);
        reject(new Error(`webhook bench receiver did not answer in ${timeoutMs} ms`));
      }, timeoutMs);
      const on = (m: unknown): void => {
        const value = pick(m as Record<string, unknown>);
        if (value === undefined) return;
        clearTimeout(timer);
        child.off('message', on);
        resolve(value);
      };
      child.on('message', on);
    });
  const port = await next((m) => m.port as number | undefined, 10_000);
  return {
    url: `http://127.0.0.1:${port}/bench`,
    async arrivals() {
      const answer = next((m) => m.arrivals as Array<[string, number]> | undefined);
      child.send({ type: 'dump' });
      return new Map(await answer);
    },
    async reset() {
      const answer = next((m) => m.reset as boolean | undefined);
      child.send({ type: 'reset' });
      await answer;
    },
    async waitFor(count) {
      const answer = next((m) => m.reached as number | undefined);
      child.send({ type: 'wait', count });
      await answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Setup {
  deps: OpenedDeps;
  landlordId: string;
  receiver: Receiver;
  close(): Promise<void>;
}

async function setUp(env: NodeJS.ProcessEnv): Promise<Setup> {
  let drop: (() => Promise<void>) | undefined;
  if (env.DATABASE_URL) {
    const fresh = await freshPostgres(env.DATABASE_URL);
    env = { ...env, DATABASE_URL: fresh.url };
    drop = fresh.drop;
  }
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEBHOOK_QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    WEBHOOK_CONCURRENCY: '32',
    WEBHOOK_POLL_MS: '100',
    ...env,
  });
  const deps = await openDeps(config, pino({ level: 'silent' }));
  const landlord = await createLandlord(deps.knex, deps.clock, {
    name: 'Bench Lettings',
    email: 'bench@example.com',
    plan: 'Enterprise',
  });
  const receiver = await startReceiver();
  await createSubscription(deps.knex, deps.clock, landlord.id, { url: receiver.url, events: ['property.updated'] });
  return {
    deps,
    landlordId: landlord.id,
    receiver,
    async close() {
      await receiver.close();
      await deps.webhooks.discardQueue();
      await deps.close();
      await drop?.();
    },
  };
}

const recordOne = (s: Setup): Promise<string> =>
  runWrite(
    s.deps,
    s.landlordId,
    false,
    async (ctx) =>
      (await recordEvent(ctx, 'property.updated', sampleEventData('property.updated', '2026-03-02', ctx.clock.now())))
        .eventId,
  );

async function startWorkers(s: Setup, count: number): Promise<WebhookRuntime[]> {
  const workers = Array.from({ length: count }, (_, i) => s.deps.webhooks.fork({ workerId: `bench-${i}` }));
  for (const w of workers) await w.start();
  return workers;
}

/** Events at RATE per second for SECONDS; latency = arrival at the receiver − the event's outbox timestamp. */
async function latencyPhase(
  s: Setup,
  workers: number,
): Promise<{ p50: number; p99: number; achievedRate: number; cpuMsPerEvent: number }> {
  const runtimes = await startWorkers(s, workers);
  try {
    await s.receiver.reset();
    const total = RATE * SECONDS;
    const sent = new Map<string, number>();
    const started = Date.now();
    const cpu = process.cpuUsage();
    const writes: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      // Open-loop pacing: event i is due at started + i / RATE, whatever happened to the earlier ones.
      const wait = started + (i * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      writes.push(
        recordOne(s).then((id) => {
          sent.set(id, 0);
        }),
      );
    }
    await Promise.all(writes);
    const achievedRate = total / ((Date.now() - started) / 1000);
    await s.receiver.waitFor(total);
    const used = process.cpuUsage(cpu);
    const cpuMsPerEvent = (used.user + used.system) / 1000 / total;
    const rows = await s.deps
      .knex('outbox_events')
      .whereIn(
        'id',
        [...sent.keys()].map((id) => id.slice(4)),
      )
      .select<Array<{ id: string; created_at: Date }>>('id', 'created_at');
    const arrivals = await s.receiver.arrivals();
    const latencies = rows.map((r) => arrivals.get(`evt_${r.id}`)! - new Date(r.created_at).getTime());
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), achievedRate, cpuMsPerEvent };
  } finally {
    for (const r of runtimes) await r.stop();
  }
}

/** A backlog of BACKLOG events written first, then drained: deliveries per second. */
async function throughputPhase(s: Setup, workers: number): Promise<number> {
  await s.receiver.reset();
  for (let i = 0; i < BACKLOG; i += 100)
    await Promise.all(Array.from({ length: Math.min(100, BACKLOG - i) }, () => recordOne(s)));
  const started = Date.now();
  const runtimes = await startWorkers(s, workers);
  try {
    await s.receiver.waitFor(BACKLOG);
    return BACKLOG / ((Date.now() - started) / 1000);
  } finally {
    for (const r of runtimes) await r.stop();
  }
}

async function measure(label: string, env: NodeJS.ProcessEnv): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const workers of [1, SEVERAL]) {
    const s = await setUp(env);
    try {
      const name = `webhooks-${label} ${workers === 1 ? '1-worker' : `${workers}-workers`}`;
      const latency = await latencyPhase(s, workers);
      const extra = `${RATE} events/s for ${SECONDS}s (achieved ${latency.achievedRate.toFixed(0)}/s), loopback receiver; target p99 < 1000 ms`;
      figures.push({ name: `${name} latency p50`, unit: 'ms', value: latency.p50, extra });
      figures.push({ name: `${name} latency p99`, unit: 'ms', value: latency.p99, extra });
      // Load-independent: CPU time of this process per event (the write that records it included).
      figures.push({
        name: `${name} cpu per event`,
        unit: 'ms',
        value: Number(latency.cpuMsPerEvent.toFixed(2)),
        extra: 'write + dispatch + delivery, this process',
      });
      const rate = await throughputPhase(s, workers);
      figures.push({
        name: `${name} deliveries/s`,
        unit: 'deliveries/s',
        value: Math.round(rate),
        extra: `backlog of ${BACKLOG} events drained`,
      });
    } finally {
      await s.close();
    }
  }
  return figures;
}

export const webhookBench: BenchSuite = {
  name: 'webhooks',
  async run(): Promise<BenchFigure[]> {
    const figures = await measure('embedded', { DATABASE_URL: '', REDIS_URL: '', DATA_DIR: '' });
    if (process.env.DATABASE_URL && process.env.REDIS_URL) {
      figures.push(
        ...(await measure('bullmq', { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL })),
      );
    }
    return figures;
  },
};
