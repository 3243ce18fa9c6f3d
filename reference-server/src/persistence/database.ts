// One knex instance per process: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise.
// Both drivers are told to parse the same types the same way, so the rest of the server never
// sees a difference (dates as 'YYYY-MM-DD' strings, numeric and bigint as numbers, timestamps as Dates that keep
// their ISO form: ./timestamps.ts).
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { parseUtcTimestamp } from './timestamps';

const OID = { int8: 20, date: 1082, numeric: 1700, timestamptz: 1184 } as const;

// The driver's own parser, for the text the fast path leaves (other offsets, infinity, far years).
const timestamptz = pg.types.getTypeParser(OID.timestamptz, 'text') as (text: string) => unknown;

const parsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: (v) => Number.parseInt(v, 10),
  [OID.date]: (v) => v,
  [OID.numeric]: (v) => Number.parseFloat(v),
  [OID.timestamptz]: (v) => parseUtcTimestamp(v) ?? timestamptz(v),
};

export interface DatabaseOptions {
  readonly databaseUrl?: string;
  /** PGlite only: keep data on disk instead of in memory. */
  readonly dataDir?: string;
  /** PGlite only: start from this data directory (a tarball `dump` wrote) instead of an empty one. */
  readonly loadDataDir?: Blob;
  /** PostgreSQL: a query not answered within this many ms fails (also when the server is frozen). */
  readonly queryTimeoutMs?: number;
  /** PostgreSQL: waiting this long for a connection (pooled or new) fails. */
  readonly acquireTimeoutMs?: number;
}

export interface Database {
  readonly knex: Knex;
  readonly kind: 'postgres' | 'pglite';
  /**
   * Runs maintenance (migrations) on its own connection without the request timeouts: a migration that backfills
   * a kept fact over a large landlord's rows takes longer than any request may.
   */
  withoutTimeouts<T>(work: (knex: Knex) => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a tarball, for another database to start from (`loadDataDir`). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    for (const [oid, parse] of Object.entries(parsers)) pg.types.setTypeParser(Number(oid), parse);
    const queryTimeoutMs = options.queryTimeoutMs ?? 5000;
    const acquireTimeoutMs = options.acquireTimeoutMs ?? 3000;
    const connect = (timeouts: boolean): Knex =>
      knexFactory({
        client: 'pg',
        connection: {
          connectionString: options.databaseUrl,
          // Server side for slow queries; client side (query_timeout) for a server that does not answer at all.
          ...(timeouts ? { statement_timeout: queryTimeoutMs, query_timeout: queryTimeoutMs + 500 } : {}),
          connectionTimeoutMillis: acquireTimeoutMs,
          // No JIT compilation: every query here is a short request-time read or write, and whole-portfolio reads
          // (compliance summary, calendar counts) cross the planner's JIT cost threshold at a few thousand
          // properties, where compiling cost more than running (190 ms against 92 ms at 5,000 properties).
          // No parallel workers either: requests run side by side, so a request's query on one core is the
          // throughput; workers started per query cost more than they save under load (the calendar's counts at
          // 5,000 properties: about half the requests a second at 10 connections with a parallel plan).
          options: '-c jit=off -c max_parallel_workers_per_gather=0',
        },
        pool: { min: 0, max: timeouts ? 10 : 1, createTimeoutMillis: acquireTimeoutMs },
        acquireConnectionTimeout: acquireTimeoutMs,
      });
    const knex = connect(true);
    await knex.raw('select 1');
    const withoutTimeouts = async <T>(work: (maintenance: Knex) => Promise<T>): Promise<T> => {
      const maintenance = connect(false);
      try {
        return await work(maintenance);
      } finally {
        await maintenance.destroy();
      }
    };
    return { knex, kind: 'postgres', withoutTimeouts, close: () => knex.destroy() };
  }
  // The options-object form: with a positional dataDir of undefined, PGlite ignores the parsers.
  // pgcrypto: the migrations install it (calendar event ids are SHA-1 in SQL).
  const pglite = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers,
    extensions: { pgcrypto },
  });
  await pglite.waitReady;
  // knex-pglite is CommonJS without a default export; it must be required, not imported.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ClientPgLite = require('knex-pglite') as typeof Knex.Client;
  const knex = knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: { pglite } as never });
  return {
    knex,
    kind: 'pglite',
    withoutTimeouts: (work) => work(knex),
    // Uncompressed: a gzipped tarball is an eighth of the size but takes four times as long to write.
    dump: () => pglite.dumpDataDir('none'),
    close: () => knex.destroy(),
  };
}
