// Kill drills with real processes (scripts/worker.ts): a worker SIGKILLed while the receiver holds its request
// (after the POST went out, before the attempt was recorded) is restarted, and the event is delivered, with
// the same id: at least once, nothing lost. On PGlite kept on disk (DATA_DIR) with the embedded queue always;
// on PostgreSQL with the embedded queue and with BullMQ when DATABASE_URL / REDIS_URL are set. With several
// worker processes on one database, no attempt is sent twice.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { FIXTURE_KEYS } from '@ppapi/spec';
import { loadConfig } from '../src/platform/config';
import { createSubscription } from '../src/dashboard/service';
import { loadFixtures } from '../src/fixtures/load';
import { hashKey } from '../src/platform/auth/keys';
import { runWrite } from '../src/platform/sandbox/unit-of-work';
import { openDeps, type OpenedDeps } from '../src/server/deps';
import { sampleEventData } from '../src/webhooks/catalogue/samples';
import { recordEvent } from '../src/webhooks/outbox/record';
import { startTestServer, type TestServer } from './helpers/server';
import { startTestReceiver, type TestReceiver } from './helpers/webhook-test-receiver';
import {
  kill,
  printed,
  recordedSuccesses,
  spawnWorker,
  succeededDeliveries,
  type Worker,
} from './helpers/worker-process';

jest.setTimeout(180_000);

const SECRET = 'whsec_kill_drill_secret';

const landlordOf = async (deps: OpenedDeps): Promise<string> =>
  (
    await deps.knex('api_keys').where('key_hash', hashKey(FIXTURE_KEYS.enterpriseLive)).first<{
      landlord_id: string;
    }>('landlord_id')
  ).landlord_id;

async function recordSample(deps: OpenedDeps, landlordId: string): Promise<string> {
  return runWrite(
    deps,
    landlordId,
    false,
    async (ctx) =>
      (await recordEvent(ctx, 'property.updated', sampleEventData('property.updated', '2026-03-02', new Date())))
        .eventId,
  );
}

interface DeliveryState {
  status: string;
  attempt_count: number;
}
const deliveryOf = async (deps: OpenedDeps, eventId: string): Promise<DeliveryState | undefined> =>
  await deps
    .knex('webhook_deliveries')
    .where({ event_id: eventId.slice(4) })
    .first<DeliveryState | undefined>('status', 'attempt_count');

let receiver: TestReceiver;
beforeEach(async () => {
  receiver = await startTestReceiver();
});
afterEach(async () => {
  await receiver.close();
});

describe('PGlite on disk, embedded queue', () => {
  it('SIGKILL mid-delivery, restart: delivered with the same id, nothing lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-kill-'));
    const env = { DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '' };
    try {
      // Prepare the database in this process, then close it: PGlite allows one process at a time.
      let deps = await openDeps(loadConfig({ ...env, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
      await loadFixtures(deps.knex, deps.clock);
      const landlordId = await landlordOf(deps);
      await createSubscription(
        deps.knex,
        deps.clock,
        landlordId,
        { url: receiver.url, events: ['property.updated'] },
        SECRET,
      );
      const eventId = await recordSample(deps, landlordId);
      await deps.close();

      receiver.answer = () => 'hold';
      const first = spawnWorker(env);
      await receiver.waitForHits(1, 60_000).catch((err: Error) => {
        throw new Error(`${err.message}\n${first.output.join('')}`);
      });
      await kill(first, 'SIGKILL');

      receiver.answer = () => 200;
      // Stopped cleanly once it has recorded the attempt.
      const second = spawnWorker({ ...env, LOG_LEVEL: 'debug' });
      await receiver.waitForHits(2, 60_000).catch((err: Error) => {
        throw new Error(`${err.message}\n${second.output.join('')}`);
      });
      await printed([second], (lines) => recordedSuccesses(lines).has(eventId), 60_000, `${eventId} delivered`);
      await kill(second, 'SIGTERM');

      expect(receiver.hits.map((h) => h.json.id)).toEqual([eventId, eventId]);
      expect(new Set(receiver.hits.map((h) => h.body.toString('hex'))).size).toBe(1);
      deps = await openDeps(loadConfig({ ...env, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
      try {
        expect(await deliveryOf(deps, eventId)).toEqual({ status: 'succeeded', attempt_count: 1 });
        expect(
          (
            await deps
              .knex('outbox_events')
              .where({ id: eventId.slice(4) })
              .first<{ status: string }>()
          ).status,
        ).toBe('dispatched');
      } finally {
        await deps.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const postgres = process.env.DATABASE_URL ? describe : describe.skip;
const redis = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;

/** A fresh PostgreSQL database (via the test server helper) that worker processes share with this process. */
async function postgresDrill(queueEnv: NodeJS.ProcessEnv): Promise<void> {
  const t: TestServer = await startTestServer();
  // Retries a second apart, so the drill can watch a failed attempt being retried in real time; each attempt
  // printed once recorded (debug), so the drill waits for what it needs.
  const env = {
    DATABASE_URL: t.deps.config.databaseUrl!,
    DATA_DIR: '',
    WEBHOOK_RETRY_DELAYS: '1,1',
    LOG_LEVEL: 'debug',
    ...queueEnv,
  };
  const workers: Worker[] = [];
  try {
    const landlordId = await landlordOf(t.deps);
    await createSubscription(
      t.deps.knex,
      t.deps.clock,
      landlordId,
      { url: receiver.url, events: ['property.updated'] },
      SECRET,
    );

    // 1. Killed mid-delivery, restarted: delivered again with the same id.
    receiver.answer = () => 'hold';
    const eventId = await recordSample(t.deps, landlordId);
    const first = spawnWorker(env);
    workers.push(first);
    await receiver.waitForHits(1, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${first.output.join('')}`);
    });
    await kill(first, 'SIGKILL');
    receiver.answer = () => 200;
    const second = spawnWorker(env);
    workers.push(second);
    await printed([second], (lines) => recordedSuccesses(lines).has(eventId), 90_000, `${eventId} delivered`);
    expect(receiver.hitsFor(eventId).length).toBeGreaterThanOrEqual(2);
    expect(new Set(receiver.hitsFor(eventId).map((h) => h.json.id))).toEqual(new Set([eventId]));
    expect(await deliveryOf(t.deps, eventId)).toEqual({ status: 'succeeded', attempt_count: 1 });

    // 2. Three worker processes, 60 events whose first attempt fails: each attempt is sent exactly once.
    const third = spawnWorker(env);
    const fourth = spawnWorker(env);
    workers.push(third, fourth);
    receiver.hits.length = 0;
    receiver.answer = (hit) => (receiver.hitsFor(hit.json.id).length === 1 ? 500 : 200);
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push(await recordSample(t.deps, landlordId));
    await printed(
      [second, third, fourth],
      (lines) => {
        const delivered = recordedSuccesses(lines);
        return ids.every((id) => delivered.has(id));
      },
      90_000,
      'all 60 deliveries',
    );
    expect(await succeededDeliveries(t.deps.knex, ids)).toBe(ids.length);
    for (const id of ids) expect(receiver.hitsFor(id)).toHaveLength(2);
    const attempts = await t.deps
      .knex('webhook_delivery_attempts as a')
      .join('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .whereIn(
        'd.event_id',
        ids.map((id) => id.slice(4)),
      )
      .select<Array<{ status_code: number }>>('a.status_code');
    expect(attempts.filter((a) => a.status_code === 500)).toHaveLength(60);
    expect(attempts.filter((a) => a.status_code === 200)).toHaveLength(60);
  } finally {
    for (const w of workers) await kill(w, 'SIGTERM');
    if (queueEnv.WEBHOOK_QUEUE_PREFIX) {
      const drillQueue = t.deps.webhooks.fork({ queuePrefix: queueEnv.WEBHOOK_QUEUE_PREFIX, backend: 'bullmq' });
      await drillQueue.discardQueue().catch(() => undefined);
      await drillQueue.stop();
    }
    await t.stop();
  }
}

postgres('PostgreSQL, embedded queue (leases)', () => {
  it('SIGKILL mid-delivery: the lease lapses and a restarted worker delivers; several processes never send an attempt twice', async () => {
    await postgresDrill({ REDIS_URL: '', WEBHOOK_TIMEOUT_MS: '1000' });
  });
});

redis('PostgreSQL + Redis, BullMQ', () => {
  it('SIGKILL mid-delivery: BullMQ hands the stalled job to the restarted worker; several processes never send an attempt twice', async () => {
    await postgresDrill({ WEBHOOK_QUEUE_PREFIX: `drill-${randomUUID().slice(0, 8)}`, WEBHOOK_QUEUE_LOCK_MS: '2000' });
  });
});
