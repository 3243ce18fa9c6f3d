// Which errors are the database's: the driver error objection wraps, a call that did not complete in time, and a
// database that cannot be reached or is going away.
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
