// Which errors are the database's: the driver error objection wraps, and a call that did not complete in time.
/** Whether the error, or the driver error objection wraps in it (`nativeError`), satisfies the test. */
export function inDatabaseError(err: unknown, test: (e: unknown) => boolean): boolean {
  if (test(err)) return true;
  const { nativeError } = (err ?? {}) as { nativeError?: unknown };
  return nativeError !== undefined && nativeError !== err && inDatabaseError(nativeError, test);
}

/**
 * A database call that did not complete in time: no connection within the acquire timeout, a connection not
 * established in time, or a query not answered (client-side read timeout, or PostgreSQL's statement_timeout).
 * The responder answers these 503 DATABASE_UNAVAILABLE instead of 500: retrying later can succeed.
 */
export function isDatabaseTimeout(err: unknown): boolean {
  return err instanceof Error && inDatabaseError(err, (e) => e instanceof Error && isTimeout(e));
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
