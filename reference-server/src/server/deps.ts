// Opens what the server runs on: database, rate-limit store, idempotency store. Embedded defaults when
// nothing is configured.
import type { Logger } from 'pino';
import type { ServerConfig } from '../platform/config';
import { openDatabase, type Database } from '../persistence/database';
import { migrateLatest } from '../persistence/migrations';
import { readSnapshot, writeSnapshot } from '../persistence/snapshot';
import { systemClock, type Clock } from '../platform/clock';
import { IdempotencyStore } from '../platform/idempotency/store';
import { MemoryRateLimitStore } from '../platform/limits/memory-store';
import { RedisRateLimitStore } from '../platform/limits/redis-store';
import type { RateLimitStore } from '../platform/limits/store';
import { MemoryDataVersions, RedisDataVersions, type DataVersions } from '../platform/read-cache/data-versions';
import { ResponseCache } from '../platform/read-cache/response-cache';
import type { AppDeps } from '../platform/app-context';
import { CaptureMailer } from '../platform/mail/capture-mailer';
import { SmtpMailer } from '../platform/mail/smtp-mailer';
import type { Mailer } from '../platform/mail/mailer';
import { setStrictEventRecording } from '../webhooks/outbox/record';
import { WebhookRuntime } from '../webhooks/runtime';
import { webhookQueueDepth } from '../webhooks/queue/depth';
import { Metrics } from '../platform/metrics/metrics';

export interface OpenedDeps extends AppDeps {
  readonly database: Database;
  /** Outbound webhooks: created here, started by main (or scripts/worker.ts); tests drive it by hand. */
  readonly webhooks: WebhookRuntime;
  /**
   * Writes the PGLITE_SNAPSHOT file unless the database started from it: call it once the database is migrated and
   * seeded, before anything else writes to it.
   */
  keepSnapshot(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  readonly clock?: Clock;
  /** Redis key prefix, so test files sharing one Redis don't share counters. */
  readonly redisPrefix?: string;
  /** Node's process metrics (CPU, memory, event loop lag) in /metrics: on for a server process, off in tests. */
  readonly processMetrics?: boolean;
}

export async function openDeps(config: ServerConfig, logger: Logger, options: OpenOptions = {}): Promise<OpenedDeps> {
  const clock = options.clock ?? systemClock;
  const snapshot = config.pgliteSnapshot ? await readSnapshot(config.pgliteSnapshot) : undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    loadDataDir: snapshot,
    queryTimeoutMs: config.dbQueryTimeoutMs,
    acquireTimeoutMs: config.dbAcquireTimeoutMs,
  });
  await database.withoutTimeouts(migrateLatest);
  let rateLimits: RateLimitStore;
  let dataVersions: DataVersions;
  const readiness: Record<string, () => Promise<void>> = {
    database: async () => {
      await database.knex.raw('select 1');
    },
  };
  if (config.redisUrl) {
    const redis = new RedisRateLimitStore(config.redisUrl, options.redisPrefix);
    await redis.connect();
    rateLimits = redis;
    readiness.redis = () => redis.ping();
    const versions = new RedisDataVersions(config.redisUrl, `${options.redisPrefix ?? 'ppapi:'}dv:`);
    await versions.connect();
    dataVersions = versions;
  } else {
    rateLimits = new MemoryRateLimitStore(clock);
    dataVersions = new MemoryDataVersions();
  }
  const responseCache = new ResponseCache(
    config.readCacheEntries,
    config.readCacheTtlMs,
    clock,
    config.readCacheMaxBytes,
  );
  const mailCapture = config.smtpUrl ? undefined : new CaptureMailer(clock);
  const mailer: Mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl) : mailCapture!;
  setStrictEventRecording(config.webhookStrictEvents);
  // Test servers sharing one Redis each get a queue of their own.
  const queuePrefix = options.redisPrefix
    ? `${config.webhookQueuePrefix}-${options.redisPrefix.replace(/[^A-Za-z0-9_.-]/g, '')}`
    : undefined;
  const webhooks = new WebhookRuntime(
    { config, knex: database.knex, clock, logger, databaseKind: database.kind },
    { queuePrefix },
  );
  readiness.queue = () => webhooks.backend.ping();
  const metrics = new Metrics(() => webhookQueueDepth(database.knex, clock.now()), {
    processMetrics: options.processMetrics,
  });
  webhooks.observeAttempts((outcome, latencyMs) => metrics.deliveryAttempt(outcome, latencyMs / 1000));
  return {
    config,
    logger,
    clock,
    metrics,
    readiness,
    database,
    knex: database.knex,
    rateLimits,
    mailer,
    mailCapture,
    webhooks,
    dataVersions,
    responseCache,
    idempotency: new IdempotencyStore(database.knex, clock),
    async keepSnapshot() {
      if (config.pgliteSnapshot && !snapshot) await writeSnapshot(database, config.pgliteSnapshot);
    },
    async close() {
      await webhooks.stop();
      await rateLimits.close();
      await dataVersions.close();
      await mailer.close();
      await database.close();
    },
  };
}
