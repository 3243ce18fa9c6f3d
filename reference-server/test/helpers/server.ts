// Boots a real reference server for a test file: embedded PGlite by default, or a fresh PostgreSQL database
// (when DATABASE_URL is set) plus Redis (REDIS_URL) and SMTP (SMTP_URL), so the same tests run on both.
import { randomBytes } from 'node:crypto';
import type { Server, ServerInjectOptions, ServerInjectResponse } from '@hapi/hapi';
import pino from 'pino';
import { FIXTURE_KEYS } from '@ppapi/spec';
import { loadConfig, type ServerConfig } from '../../src/platform/config';
import { freshPostgres } from './fresh-postgres';
import { snapshotFile, templateDatabase } from './snapshots';
import { seedIfEmpty } from '../../src/fixtures/load';
import type { Clock } from '../../src/platform/clock';
import { buildServer } from '../../src/server/build';
import { openDeps, type OpenedDeps } from '../../src/server/deps';

export const API = '/api/public/v1';
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const KEYS = FIXTURE_KEYS;

export interface TestServer {
  readonly server: Server;
  readonly deps: OpenedDeps;
  /** Base URL when started with `listen: true`. */
  readonly url: string;
  /** The database and Redis prefix this server runs on (another server can share them: `shareWith`). */
  readonly databaseUrl?: string;
  readonly redisPrefix: string;
  inject(options: ServerInjectOptions): Promise<ServerInjectResponse>;
  /** GET/POST/... on the public API with a fixture key (role) or a raw key. */
  api(
    method: string,
    path: string,
    key: string | null,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<ServerInjectResponse>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  readonly clock?: Clock;
  readonly env?: NodeJS.ProcessEnv;
  readonly seed?: boolean;
  readonly listen?: boolean;
  readonly strictResponses?: boolean;
  /** A second process of the same deployment: this server's database and Redis prefix, not fresh ones. */
  readonly shareWith?: TestServer;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, ADMIN_TOKEN, PORT: '0', LOG_LEVEL: 'silent', ...options.env };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (options.shareWith) {
    if (!options.shareWith.databaseUrl) throw new Error('shareWith needs a server on PostgreSQL (DATABASE_URL)');
    env.DATABASE_URL = options.shareWith.databaseUrl;
  } else if (env.DATABASE_URL) {
    // On PostgreSQL, each test file gets a database of its own (a copy of the run's template), dropped afterwards.
    const fresh = await freshPostgres(env.DATABASE_URL, 'test', templateDatabase(options));
    env.DATABASE_URL = fresh.url;
    dropDatabase = fresh.drop;
  } else if (!env.DATA_DIR) {
    env.PGLITE_SNAPSHOT = snapshotFile(options);
  }
  const config: ServerConfig = loadConfig(env);
  const redisPrefix = options.shareWith?.redisPrefix ?? `test:${randomBytes(4).toString('hex')}:`;
  const deps = await openDeps(config, pino({ level: 'silent' }), { clock: options.clock, redisPrefix });
  // Nothing to seed when the database started from a seeded snapshot or template.
  if (options.seed !== false && !options.shareWith) await seedIfEmpty(deps.knex, deps.clock);
  await deps.keepSnapshot();
  const server = await buildServer(deps, { strictResponses: options.strictResponses ?? true });
  if (options.listen) await server.start();
  else await server.initialize();
  const inject = (o: ServerInjectOptions) => server.inject(o);
  return {
    server,
    deps,
    inject,
    url: options.listen ? server.info.uri : '',
    databaseUrl: env.DATABASE_URL,
    redisPrefix,
    api: (method, path, key, payload, headers = {}) =>
      inject({
        method,
        url: `${API}${path}`,
        payload: payload as object | undefined,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      }),
    async stop() {
      await server.stop();
      await deps.close();
      await dropDatabase?.();
    },
  };
}

/**
 * Two processes of one deployment for the tests of the calling `describe`: the second on the first's database and
 * Redis prefix (so it needs DATABASE_URL), started before the tests and stopped after them.
 */
export function twoProcesses(options: Omit<TestServerOptions, 'shareWith'> = {}): {
  readonly a: TestServer;
  readonly b: TestServer;
} {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    a = await startTestServer(options);
    b = await startTestServer({ ...options, shareWith: a });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });
  const started = (t: TestServer | undefined): TestServer => {
    if (!t) throw new Error('twoProcesses: the processes start in beforeAll');
    return t;
  };
  return {
    get a() {
      return started(a);
    },
    get b() {
      return started(b);
    },
  };
}
