// Sandbox mode as one mechanism for all write routes: the write runs for real inside a transaction, so the
// mock answer is exactly what a live call would answer (validation, 404s, conflicts included), and then the
// transaction is rolled back, so nothing is written. Side effects (mail, queued jobs) are registered with
// `afterCommit` and only run when a live transaction commits.
import type { Knex } from 'knex';
import { inDatabaseError } from '../errors/database-errors';
import type { Logger } from 'pino';
import type { Scope } from '../scope';
import type { Clock } from '../clock';
import type { LandlordVersions } from '../landlord-versions';

export interface WriteContext extends Scope {
  readonly db: Knex.Transaction;
  readonly sandbox: boolean;
  readonly clock: Clock;
  afterCommit(effect: () => Promise<void>): void;
}

export interface UnitOfWorkDeps {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Bumped after every live commit, so cached reads of the landlord's data are not served again. */
  readonly dataVersions?: LandlordVersions;
}

/** Attempts of a write that PostgreSQL aborted to resolve a deadlock (or a serialization failure). */
export const WRITE_ATTEMPTS = 3;

/**
 * A transaction PostgreSQL rolled back so another could proceed: running it again is the documented remedy. Two
 * writes of one landlord can take the kept counts' rows (landlord_counts) in opposite orders when a write runs
 * several statements on counted tables (a certificate's insert, then the superseded flags its trigger updates).
 */
export function isRetryable(err: unknown): boolean {
  return inDatabaseError(err, (e) => {
    const { code } = (e ?? {}) as { code?: unknown };
    return code === '40P01' || code === '40001';
  });
}

export async function runWrite<T>(
  deps: UnitOfWorkDeps,
  landlordId: string,
  sandbox: boolean,
  work: (ctx: WriteContext) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptWrite(deps, landlordId, sandbox, work);
    } catch (err) {
      if (attempt >= WRITE_ATTEMPTS || !isRetryable(err)) throw err;
      deps.logger.warn(
        { err, attempt },
        'write rolled back by the database (deadlock or serialization failure); running it again',
      );
    }
  }
}

async function attemptWrite<T>(
  deps: UnitOfWorkDeps,
  landlordId: string,
  sandbox: boolean,
  work: (ctx: WriteContext) => Promise<T>,
): Promise<T> {
  // Effects of an attempt that rolls back are dropped with it.
  const effects: Array<() => Promise<void>> = [];
  const trx = await deps.knex.transaction();
  let result: T;
  try {
    result = await work({
      landlordId,
      db: trx,
      sandbox,
      clock: deps.clock,
      afterCommit: (effect) => effects.push(effect),
    });
  } catch (err) {
    await trx.rollback().catch(() => undefined);
    throw err;
  }
  if (sandbox) {
    await trx.rollback();
    return result;
  }
  await trx.commit();
  if (deps.dataVersions) {
    // Before the answer goes out: the caller's next read must miss the cache. A failure leaves entries to their TTL.
    await deps.dataVersions
      .bump(landlordId)
      .catch((err: unknown) => deps.logger.error({ err }, 'data version bump failed'));
  }
  for (const effect of effects) {
    // A failed side effect must not turn a committed write into an error answer.
    await effect().catch((err: unknown) => deps.logger.error({ err }, 'after-commit effect failed'));
  }
  return result;
}

/** Marks a mock answer: `data` carries `sandbox: true`. */
export function markSandbox<T extends object>(data: T, sandbox: boolean): T & { sandbox?: boolean } {
  return sandbox ? { ...data, sandbox: true } : data;
}
