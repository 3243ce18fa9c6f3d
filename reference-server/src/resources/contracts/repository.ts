// Contract reads and the lookups its rules need, always through the landlord scope.
import type { Knex } from 'knex';
import { Contract, countSums, Property, Tenant, type Scope } from '../../persistence/models';
import type { PageRequest } from '../../platform/http/pagination';
import { CONTRACT_COUNT_KINDS, contractStatusTotal, whereContractStatus, type ContractStatus } from './status';
import { containsPattern } from '../../persistence/like';

export interface ContractFilter {
  readonly status?: ContractStatus;
  readonly propertyId?: string;
  /** Matches the main tenant only (the spec's `tenantId`). */
  readonly tenantId?: string;
  readonly search?: string;
}

export async function listContracts(
  scope: Scope,
  today: string,
  filter: ContractFilter,
  page: PageRequest,
): Promise<{ rows: Contract[]; total: number }> {
  const base = Contract.scoped(scope);
  if (filter.status) base.where(whereContractStatus(scope.db as Knex, 'contracts', filter.status, today));
  if (filter.propertyId) base.where('contracts.property_id', filter.propertyId);
  if (filter.tenantId) base.where('contracts.main_tenant_id', filter.tenantId);
  if (filter.search) base.whereRaw(`contracts.tenancy_reference ilike ? escape '\\'`, [containsPattern(filter.search)]);
  const order = [
    ['contracts.created_at', 'asc'],
    ['contracts.id', 'asc'],
  ] as const;
  // By status alone, the total comes from the counts the database keeps by date; other filters are counted.
  // (Counted over every contract, not the page's query: that one matches nothing when its guard fails, below.)
  const total =
    filter.propertyId || filter.tenantId || filter.search
      ? () => Contract.countOf(base)
      : async () => contractStatusTotal(await countSums(scope, today, CONTRACT_COUNT_KINDS), filter.status);
  // Every status but Ended leaves out the contracts archived once ended, which come first in creation order. A
  // page that comes back short is checked again: a sweep at a later date in between leaves it empty.
  if (filter.status && filter.status !== 'Ended' && (await Contract.sweepEnded(scope, today))) {
    const open = await Contract.page(Contract.withoutArchived(base.clone(), scope, today), page, order, total);
    if (open.rows.length === page.limit || (await Contract.sweptBy(scope, today))) return open;
  }
  return Contract.page(base, page, order, total);
}

export const {
  find: findContract,
  insert: insertContract,
  lock: lockContract,
  patch: patchContract,
  softDelete: softDeleteContract,
} = Contract.byId('Contract');

/** Locks the property row so two contract writes on one property run one after the other (overlap check). */
export const lockProperty = (scope: Scope, id: string): Promise<Property | undefined> => Property.lock(scope, id);

/** The property's short name even when it is soft-deleted (an Ended contract can outlive its property). */
export { propertyName as propertyNameOf } from '../properties/repository';

export const findTenants = async (scope: Scope, ids: readonly string[]): Promise<Tenant[]> =>
  ids.length === 0 ? [] : Tenant.scoped(scope).whereIn('id', [...ids]);

export interface DateRange {
  readonly start: string;
  readonly end: string | null;
}

/**
 * A not-Ended contract (end date open or today or later) on the property whose dates share at least one day
 * with the range. End dates are the last day of the tenancy, so both ends count.
 */
export async function overlappingContract(
  scope: Scope,
  propertyId: string,
  range: DateRange,
  today: string,
  exceptId?: string,
): Promise<Contract | undefined> {
  const query = Contract.scoped(scope)
    .where('contracts.property_id', propertyId)
    .where((q) => void q.whereNull('contracts.end_date').orWhere('contracts.end_date', '>=', today))
    .where((q) => void q.whereNull('contracts.end_date').orWhere('contracts.end_date', '>=', range.start))
    .orderBy('contracts.start_date')
    .first();
  if (range.end !== null) query.where('contracts.start_date', '<=', range.end);
  if (exceptId) query.whereNot('contracts.id', exceptId);
  return query;
}
