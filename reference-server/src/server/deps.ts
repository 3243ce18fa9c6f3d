// Opens what the server runs on: database, rate-limit store, idempotency store. Embedded defaults when
// nothing is configured.
import type { Logger } from 'pino';
import type { ServerConfig } from '../platform/config';
import { openDatabase, type Database } from '../persistence/database';
import { migrateLatest } from '../persistence/migrations';
import { keptSecret } from '../persistence/server-secrets';
import { readSnapshot, writeSnapshot } from '../persistence/snapshot';
import { systemClock, type Clock } from '../platform/clock';
import { IdempotencyStore } from '../platform/idempotency/store';
import { MemoryRateLimitStore } from '../platform/limits/memory-store';
import { RedisRateLimitStore } from '../platform/limits/redis-store';
import type { RateLimitStore } from '../platform/limits/store';
import { MemoryLandlordVersions, RedisLandlordVersions, type LandlordVersions } from '../platform/landlord-versions';
import { CredentialChanges } from '../platform/auth/credential-changes';
import { failFastRedis } from '../platform/redis-client';
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

export async function openDeps(
  configured: ServerConfig,
  logger: Logger,
  options: OpenOptions = {},
): Promise<OpenedDeps> {
  const clock = options.clock ?? systemClock;
  const snapshot = configured.pgliteSnapshot ? await readSnapshot(configured.pgliteSnapshot) : undefined;
  const database = await openDatabase({
    databaseUrl: configured.databaseUrl,
    dataDir: configured.dataDir,
    loadDataDir: snapshot,
    queryTimeoutMs: configured.dbQueryTimeoutMs,
    acquireTimeoutMs: configured.dbAcquireTimeoutMs,
  });
  await database.withoutTimeouts(migrateLatest);
  // Unconfigured, the key of signed links is the one the database keeps: the same on every process using it.
  const config: ServerConfig = {
    ...configured,
    urlSigningSecret: configured.urlSigningSecret ?? (await keptSecret(database.knex, 'url_signing')),
  };
  let rateLimits: RateLimitStore;
  let dataVersions: LandlordVersions;
  let credentialChanges: CredentialChanges;
  let closeVersions = async (): Promise<void> => undefined;
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
    // Both kinds of landlord version on one connection, beside the limiter that reads them along.
    const versions = failFastRedis(config.redisUrl);
    await versions.connect().catch(() => undefined);
    closeVersions = async () => versions.disconnect();
    const prefix = options.redisPrefix ?? 'ppapi:';
    dataVersions = new RedisLandlordVersions(versions, `${prefix}dv:`);
    credentialChanges = new CredentialChanges(logger, new RedisLandlordVersions(versions, `${prefix}cv:`));
  } else {
    rateLimits = new MemoryRateLimitStore(clock);
    dataVersions = new MemoryLandlordVersions();
    credentialChanges = new CredentialChanges(logger);
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
    credentialChanges,
    responseCache,
    idempotency: new IdempotencyStore(database.knex, clock),
    async keepSnapshot() {
      if (config.pgliteSnapshot && !snapshot) await writeSnapshot(database, config.pgliteSnapshot);
    },
    async close() {
      await webhooks.stop();
      await rateLimits.close();
      await closeVersions();
      await mailer.close();
      await database.close();
    },
  };
}
