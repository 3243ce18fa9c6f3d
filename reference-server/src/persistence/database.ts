// One knex instance per process: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise.
// Both drivers are told to parse the same types the same way, so the rest of the server never
// sees a difference (dates as 'YYYY-MM-DD' strings, numeric and bigint as numbers).
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

const OID = { int8: 20, date: 1082, numeric: 1700 } as const;

const parsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: (v) => Number.parseInt(v, 10),
  [OID.date]: (v) => v,
  [OID.numeric]: (v) => Number.parseFloat(v),
};

export interface DatabaseOptions {
  readonly databaseUrl?: string;
  /** PGlite only: keep data on disk instead of in memory. */
  readonly dataDir?: string;
  /** PostgreSQL: a query not answered within this many ms fails (also when the server is frozen). */
  readonly queryTimeoutMs?: number;
  /** PostgreSQL: waiting this long for a connection (pooled or new) fails. */
  readonly acquireTimeoutMs?: number;
}

/** Whether the error, or the driver error objection wraps in it (`nativeError`), satisfies the test. */
export function inDatabaseError(err: unknown, test: (e: unknown) => boolean): boolean {
  if (test(err)) return true;
  const { nativeError } = (err ?? {}) as { nativeError?: unknown };
  return nativeError !== undefined && nativeError !== err && inDatabaseError(nativeError, test);
}

/**
 * A database call that did not complete in time: no connection within the acquire timeout, a connection not
 * established in time, or a query not answered (client-side read timeout, or PostgreSQL's statement_timeout).
 */
export function isDatabaseTimeout(err: unknown): boolean {
  return err instanceof Error && inDatabaseError(err, (e) => e instanceof Error && isTimeout(e));
}

/**
 * The database could not be reached or is going away: it timed out (above), refused or lost the connection, or
 * PostgreSQL is shutting down or starting. The responder answers these 503 SERVICE_UNAVAILABLE with Retry-After
 * instead of 500: retrying later can succeed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return inDatabaseError(err, (e) => isErrorLike(e) && (isTimeout(e) || isUnreachable(e)));
}

/**
 * By shape, not `instanceof Error`: a socket error made in another realm (Node's core under a test runner's VM) is not
 * an instance of this realm's Error, and Hapi then wraps it as a "non-error object" in a 500's `data`.
 */
function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

// Socket errors of the driver, and PostgreSQL's admin_shutdown, crash_shutdown and cannot_connect_now.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);

function isUnreachable(err: Error): boolean {
  const { code } = err as { code?: unknown };
  return (
    (typeof code === 'string' && UNREACHABLE_CODES.has(code)) ||
    /(^| - )(Connection terminated unexpectedly|Connection terminated|Client has encountered a connection error and is not queryable)$/.test(
      err.message,
    )
  );
}

function isTimeout(err: Error): boolean {
  const { code } = err as { code?: unknown };
  return (
    err.name === 'KnexTimeoutError' ||
    code === '57014' || // query_canceled: statement_timeout
    // knex prefixes the driver's message with the query ("select … - Query read timeout").
    /(^| - )(Query read timeout|timeout expired|Connection terminated due to connection timeout)$/.test(err.message)
  );
}

export interface Database {
  readonly knex: Knex;
  readonly kind: 'postgres' | 'pglite';
  /**
   * Runs maintenance (migrations) on its own connection without the request timeouts: a migration that backfills
   * a kept fact over a large landlord's rows takes longer than any request may.
   */
  withoutTimeouts<T>(work: (knex: Knex) => Promise<T>): Promise<T>;
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
  const pglite = new PGlite({ dataDir: options.dataDir, parsers, extensions: { pgcrypto } });
  await pglite.waitReady;
  // knex-pglite is CommonJS without a default export; it must be required, not imported.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ClientPgLite = require('knex-pglite') as typeof Knex.Client;
  const knex = knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: { pglite } as never });
  return { knex, kind: 'pglite', withoutTimeouts: (work) => work(knex), close: () => knex.destroy() };
}
