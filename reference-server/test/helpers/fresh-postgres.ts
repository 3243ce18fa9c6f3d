// A throwaway PostgreSQL database on the server of `baseUrl`, for a test file, a drill or a benchmark run.
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';

export interface FreshDatabase {
  readonly url: string;
  readonly drop: () => Promise<void>;
}

export async function freshPostgres(baseUrl: string, prefix = 'test'): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}
