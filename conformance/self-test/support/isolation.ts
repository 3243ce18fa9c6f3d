// When the self-tests run against real services (DATABASE_URL / REDIS_URL set, as in CI's second run), every
// reference server they start gets a database and a Redis key prefix of its own: servers started by parallel
// test files must not seed the same database or share per-landlord rate-limit counters. On the embedded database,
// each starts from the run's snapshot of today's migrated and seeded database (the first one writes it), when jest
// made a folder for them (jest.snapshots.ts).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';

export interface IsolatedServices {
  /** Environment overrides for the child server. */
  readonly env: Readonly<Record<string, string>>;
  release(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function isolateServices(env: NodeJS.ProcessEnv = process.env): Promise<IsolatedServices> {
  const suffix = randomBytes(5).toString('hex');
  const overrides: Record<string, string> = {};
  let release = async (): Promise<void> => undefined;
  if (env.REDIS_URL) overrides.REDIS_PREFIX = `selftest-${suffix}:`;
  const baseUrl = env.DATABASE_URL;
  if (baseUrl) {
    const name = `selftest_${suffix}`;
    await withClient(baseUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    overrides.DATABASE_URL = url.toString();
    release = async () => {
      await withClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).catch(
        () => undefined,
      );
    };
  } else if (env.PPAPI_TEST_SNAPSHOTS && !env.DATA_DIR) {
    // The fixture portfolio is of the day it is seeded: a snapshot per UTC day.
    overrides.PGLITE_SNAPSHOT = join(
      env.PPAPI_TEST_SNAPSHOTS,
      `reference-${new Date().toISOString().slice(0, 10)}.tar`,
    );
  }
  return { env: overrides, release };
}
