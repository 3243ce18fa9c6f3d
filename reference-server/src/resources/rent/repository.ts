// Rent payment reads and writes, always through the landlord scope. The (contract, period) uniqueness is the
// database's job (partial unique index): a violation, however concurrent, surfaces here as 409 CONFLICT.
import type { Knex } from 'knex';
import { Contract, countSums, RentPayment, type Scope } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import { rentJsonSql } from './presenter';
import { RENT_COUNT_KINDS, rentStatusTotal, whereRentStatus, type RentStatus } from './status';

export interface RentFilter {
  readonly status?: RentStatus;
  readonly contractId?: string;
}

/**
 * One page of the landlord's rent payments as JSON text, a string per payment (the view `presentRent` gives, built
 * by PostgreSQL: presenter.ts rentJsonSql), and the total.
 */
export async function listRentJson(
  scope: Scope,
  today: string,
  filter: RentFilter,
  page: PageRequest,
): Promise<{ rows: string[]; total: number }> {
  const knex = scope.db as Knex;
  const base = RentPayment.scoped(scope);
  if (filter.status) base.where(whereRentStatus(knex, 'rent_payments', filter.status, today));
  if (filter.contractId) base.where('rent_payments.contract_id', filter.contractId);
  // Most recent due date first; created_at and id make the order total, so pages never overlap.
  const order = [
    ['rent_payments.due_date', 'desc'],
    ['rent_payments.created_at', 'desc'],
    ['rent_payments.id', 'asc'],
  ] as const;
  const json = rentJsonSql(knex, 'rent_payments', today);
  // By status alone, the total comes from the counts the database keeps by due date; a contract's rent is counted.
  if (filter.contractId) return RentPayment.pageJson(base, page, order, json);
  return RentPayment.pageJson(base, page, order, json, async () =>
    rentStatusTotal(await countSums(scope, today, RENT_COUNT_KINDS), filter.status),
  );
}

const rents = RentPayment.byId('Rent payment');
export const { find: findRent, lock: lockRent } = rents;

export const findContract = async (scope: Scope, id: string): Promise<Contract | undefined> =>
  Contract.scoped(scope).findById(id);

const UNIQUE_VIOLATION = '23505';
const PERIOD_INDEX = 'rent_payments_contract_period_unique';

/** Unique violations of the (contract_id, period) index become 409 CONFLICT; anything else is rethrown. */
export function conflictOnDuplicatePeriod(err: unknown): never {
  // Objection wraps driver errors (UniqueViolationError with nativeError); knex passes them through.
  type DbError = { code?: string; constraint?: string; message?: string; nativeError?: DbError };
  const e = err as DbError | null;
  const native = e?.nativeError ?? e;
  const names = [e?.constraint, native?.constraint, native?.message, e?.message].filter(
    (v): v is string => typeof v === 'string',
  );
  if (native?.code === UNIQUE_VIOLATION && names.some((n) => n.includes(PERIOD_INDEX))) {
    throw apiError('CONFLICT', 'A rent payment for this contract and period already exists');
  }
  throw err;
}

export async function insertRent(scope: Scope, row: Partial<RentPayment>): Promise<RentPayment> {
  try {
    return await rents.insert(scope, row);
  } catch (err) {
    return conflictOnDuplicatePeriod(err);
  }
}

export async function patchRent(scope: Scope, id: string, patch: Partial<RentPayment>): Promise<RentPayment> {
  try {
    return await rents.patch(scope, id, patch);
  } catch (err) {
    return conflictOnDuplicatePeriod(err);
  }
}
