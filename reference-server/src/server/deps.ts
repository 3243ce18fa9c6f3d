// Opens what the server runs on: database, rate-limit store, idempotency store. Embedded defaults when
// nothing is configured.
import type { Logger } from 'pino';
import type { ServerConfig } from '../config';
import { openDatabase, type Database } from '../persistence/database';
import { migrateLatest } from '../persistence/migrations';
import { systemClock, type Clock } from '../platform/clock';
import { IdempotencyStore } from '../platform/idempotency/store';
import { MemoryRateLimitStore } from '../platform/limits/memory-store';
import { RedisRateLimitStore } from '../platform/limits/redis-store';
import type { RateLimitStore } from '../platform/limits/store';
import type { AppDeps } from './app-context';

export interface OpenedDeps extends AppDeps {
  readonly database: Database;
  close(): Promise<void>;
}

export async function openDeps(config: ServerConfig, logger: Logger, clock: Clock = systemClock): Promise<OpenedDeps> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateLatest(database.knex);
  let rateLimits: RateLimitStore;
  if (config.redisUrl) {
    const redis = new RedisRateLimitStore(config.redisUrl);
    await redis.connect();
    rateLimits = redis;
  } else {
    rateLimits = new MemoryRateLimitStore(clock);
  }
  return {
    config, logger, clock, database, knex: database.knex, rateLimits,
    idempotency: new IdempotencyStore(database.knex, clock),
    async close() {
      await rateLimits.close();
      await database.close();
    },
  };
}
