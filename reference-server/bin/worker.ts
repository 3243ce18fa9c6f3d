// `tsx scripts/worker.ts`: a webhook worker process (dispatcher, delivery worker and scheduler, no HTTP).
// Run several beside `npm run reference` (started with WEBHOOK_PROCESSING=0, or not) when they share one
// PostgreSQL (DATABASE_URL) and, for BullMQ, one Redis (REDIS_URL). With PGlite (DATA_DIR) only one process
// may open the database, so a worker then replaces the server rather than joining it.
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logging';
import { openDeps } from '../src/server/deps';

async function run(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const deps = await openDeps(config, logger, { redisPrefix: config.redisPrefix });
  await deps.webhooks.start();
  process.stdout.write(`webhook worker started (${deps.database.kind}, ${deps.webhooks.backend.kind} queue)\n`);
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'webhook worker stopping');
    await deps.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

run().catch((err: unknown) => {
  process.stderr.write(`webhook worker failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
