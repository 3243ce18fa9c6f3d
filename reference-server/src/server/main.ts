// `npm run reference`: configure, open, migrate, seed an empty database, listen, and stop cleanly on signals.
import { randomBytes } from 'node:crypto';
import { loadConfig, type ServerConfig } from '../platform/config';
import { seedIfEmpty } from '../fixtures/load';
import { createLogger } from '../platform/logging';
import { buildServer } from './build';
import { openDeps } from './deps';
import type { DrainState } from './readiness';
import { shutDown } from './shutdown';

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ServerConfig = loadConfig(env);
  const logger = createLogger(config.logLevel);
  if (!config.adminToken) {
    // A new user gets a working dashboard without configuring anything; the token is printed once.
    config = { ...config, adminToken: randomBytes(18).toString('base64url') };
    process.stdout.write(`dashboard token (ADMIN_TOKEN unset, generated for this run): ${config.adminToken}\n`);
  }
  const deps = await openDeps(config, logger, { redisPrefix: config.redisPrefix, processMetrics: true });
  const loaded = config.seedFixtures ? await seedIfEmpty(deps.knex, deps.clock) : null;
  if (loaded) logger.info(loaded, 'fixture portfolio loaded');
  await deps.keepSnapshot();
  const drain: DrainState = { draining: false };
  const server = await buildServer(deps, { drain });
  await server.start();
  // Outbound webhooks (dispatcher, delivery worker, scheduler), unless separate worker processes run them.
  if (config.webhookProcessing) await deps.webhooks.start();
  else await deps.webhooks.provisionFromEnv();
  const mode = [
    deps.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL',
    config.redisUrl ? 'Redis' : 'in-process limits',
  ].join(', ');
  process.stdout.write(`reference server listening on ${server.info.uri} (${mode})\n`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'stopping');
    await shutDown(server, drain, { timeoutMs: config.shutdownTimeoutMs, closeDependencies: () => deps.close() });
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
