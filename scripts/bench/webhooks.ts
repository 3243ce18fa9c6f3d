// Outbound webhooks: event-to-delivery latency (outbox write → the receiver has the request) at a target of
// 200 events per second, and deliveries per second draining a backlog, with one worker and with several, on
// loopback to a local receiver. The embedded setup (PGlite, embedded queue) always runs; PostgreSQL + BullMQ
// runs when DATABASE_URL and REDIS_URL are set. Workers here are webhook runtimes in this process (each with
// its own concurrency); several share the database (and the BullMQ queue) exactly as worker processes do.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import pino from 'pino';
import { loadConfig } from '../../reference-server/src/config';
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

interface Receiver { url: string; arrivals: Map<string, number>; close(): Promise<void>; waitFor(count: number): Promise<void> }

async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  let waiter: { count: number; resolve: () => void } | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id;
      if (!arrivals.has(id)) arrivals.set(id, at);
      res.writeHead(200).end();
      if (waiter && arrivals.size >= waiter.count) waiter.resolve();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench`,
    arrivals,
    waitFor: (count) => new Promise<void>((resolve, reject) => {
      if (arrivals.size >= count) return resolve();
      const timer = setTimeout(() => reject(new Error(`only ${arrivals.size} of ${count} deliveries arrived in ${PHASE_TIMEOUT_MS} ms`)), PHASE_TIMEOUT_MS);
      waiter = { count, resolve: () => { clearTimeout(timer); resolve(); } };
    }),
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_wh_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => { await admin.raw(`drop database if exists ${name} with (force)`); await admin.destroy(); } };
}

interface Setup { deps: OpenedDeps; landlordId: string; receiver: Receiver; close(): Promise<void> }

async function setUp(env: NodeJS.ProcessEnv): Promise<Setup> {
  let drop: (() => Promise<void>) | undefined;
  if (env.DATABASE_URL) {
    const fresh = await freshDatabase(env.DATABASE_URL);
    env = { ...env, DATABASE_URL: fresh.url };
    drop = fresh.drop;
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', WEBHOOK_QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`, WEBHOOK_CONCURRENCY: '32', WEBHOOK_POLL_MS: '100', ...env });
  const deps = await openDeps(config, pino({ level: 'silent' }));
  const landlord = await createLandlord(deps.knex, deps.clock, { name: 'Bench Lettings', email: 'bench@example.com', plan: 'Enterprise' });
  const receiver = await startReceiver();
  await createSubscription(deps.knex, deps.clock, landlord.id, { url: receiver.url, events: ['property.updated'] });
  return {
    deps, landlordId: landlord.id, receiver,
    async close() {
      await receiver.close();
      await deps.close();
      await drop?.();
    },
  };
}

const recordOne = (s: Setup): Promise<string> =>
  runWrite(s.deps, s.landlordId, false, async (ctx) => (await recordEvent(ctx, 'property.updated', sampleEventData('property.updated', '2026-03-02', ctx.clock.now()))).eventId);

async function startWorkers(s: Setup, count: number): Promise<WebhookRuntime[]> {
  const workers = Array.from({ length: count }, (_, i) => s.deps.webhooks.fork({ workerId: `bench-${i}` }));
  for (const w of workers) await w.start();
  return workers;
}

/** Events at RATE per second for SECONDS; latency = arrival at the receiver − the event's outbox timestamp. */
async function latencyPhase(s: Setup, workers: number): Promise<{ p50: number; p99: number; achievedRate: number }> {
  const runtimes = await startWorkers(s, workers);
  try {
    s.receiver.arrivals.clear();
    const total = RATE * SECONDS;
    const sent = new Map<string, number>();
    const started = Date.now();
    const writes: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      // Open-loop pacing: event i is due at started + i / RATE, whatever happened to the earlier ones.
      const wait = started + (i * 1000) / RATE - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      writes.push(recordOne(s).then((id) => { sent.set(id, 0); }));
    }
    await Promise.all(writes);
    const achievedRate = total / ((Date.now() - started) / 1000);
    await s.receiver.waitFor(total);
    const rows = (await s.deps.knex('outbox_events').whereIn('id', [...sent.keys()].map((id) => id.slice(4))).select('id', 'created_at')) as Array<{ id: string; created_at: Date }>;
    const latencies = rows.map((r) => s.receiver.arrivals.get(`evt_${r.id}`)! - new Date(r.created_at).getTime());
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), achievedRate };
  } finally {
    for (const r of runtimes) await r.stop();
  }
}

/** A backlog of BACKLOG events written first, then drained: deliveries per second. */
async function throughputPhase(s: Setup, workers: number): Promise<number> {
  s.receiver.arrivals.clear();
  for (let i = 0; i < BACKLOG; i += 100) await Promise.all(Array.from({ length: Math.min(100, BACKLOG - i) }, () => recordOne(s)));
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
      const rate = await throughputPhase(s, workers);
      figures.push({ name: `${name} deliveries/s`, unit: 'deliveries/s', value: Math.round(rate), extra: `backlog of ${BACKLOG} events drained` });
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
      figures.push(...(await measure('bullmq', { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL })));
    }
    return figures;
  },
};
