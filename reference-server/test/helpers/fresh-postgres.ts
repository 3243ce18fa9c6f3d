// A throwaway PostgreSQL database on the server of `baseUrl`, for a test file, a drill or a benchmark run: empty, or
// a copy of a template database made once (`template`).
import { createHash, randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import pg from 'pg';

export interface FreshDatabase {
  readonly url: string;
  readonly drop: () => Promise<void>;
}

/** A database to copy, made on first use by `make` (given its URL) and kept for the next ones. */
export interface TemplateDatabase {
  readonly name: string;
  readonly make: (url: string) => Promise<void>;
}

export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function freshPostgres(
  baseUrl: string,
  prefix = 'test',
  template?: TemplateDatabase,
): Promise<FreshDatabase> {
  if (template) await ensureTemplate(baseUrl, template);
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}${template ? ` template ${template.name}` : ''}`);
  return {
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

/**
 * Makes the template unless it exists. Processes needing the same one queue on an advisory lock named after it, so
 * one makes it and the others wait for that, then copy it. It is made under another name and renamed when complete:
 * a maker that died half way leaves no template behind to copy.
 */
async function ensureTemplate(baseUrl: string, template: TemplateDatabase): Promise<void> {
  const lock = createHash('sha1').update(template.name).digest().readBigInt64BE(0).toString();
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [lock]);
    const found = await client.query('select 1 from pg_database where datname = $1', [template.name]);
    if (found.rowCount !== 0) return;
    const partial = `${template.name}_${randomBytes(3).toString('hex')}`;
    await client.query(`create database ${partial}`);
    await template.make(databaseUrl(baseUrl, partial));
    await client.query(`alter database ${partial} rename to ${template.name}`);
  } finally {
    await client.end(); // ends the session, and its lock with it
  }
}

/** Drops every database whose name starts with `prefix` (a run's templates, partial ones included). */
export async function dropDatabases(baseUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}
