// Tenant reads, always through the landlord scope.
import { Contract, Property, Tenant, type Scope } from '../../persistence/models';
import type { PageRequest } from '../../platform/http/pagination';
import type { TenantStatus } from './fields';
import { containsPattern } from '../../persistence/like';

export interface TenantFilter {
  readonly propertyId?: string;
  readonly status?: TenantStatus;
  readonly search?: string;
}

export async function listTenants(
  scope: Scope,
  filter: TenantFilter,
  page: PageRequest,
): Promise<{ rows: Tenant[]; total: number }> {
  const base = Tenant.scoped(scope);
  if (filter.propertyId) base.where('tenants.property_id', filter.propertyId);
  if (filter.status) base.where('tenants.status', filter.status);
  if (filter.search) {
    // Case-insensitive "contains" on the full name and the email address.
    const term = containsPattern(filter.search);
    base.where(
      (q) =>
        void q
          .whereRaw(`concat_ws(' ', tenants.first_name, tenants.last_name) ilike ? escape '\\'`, [term])
          .orWhereRaw(`tenants.email ilike ? escape '\\'`, [term]),
    );
  }
  return Tenant.page(base, page, [
    ['tenants.created_at', 'asc'],
    ['tenants.id', 'asc'],
  ]);
}

export const {
  find: findTenant,
  insert: insertTenant,
  lock: lockTenant,
  patch: patchTenant,
  softDelete: softDeleteTenant,
} = Tenant.byId('Tenant');

export const findLiveProperty = async (scope: Scope, id: string): Promise<Property | undefined> =>
  Property.scoped(scope).findById(id);

/** A tenant "has an account" when another record of this landlord with the same email already activated one. */
export async function hasPortalAccount(scope: Scope, email: string): Promise<boolean> {
  const row = await Tenant.scoped(scope)
    .whereRaw('lower(tenants.email) = lower(?)', [email])
    .where('tenants.has_account', true)
    .first();
  return row !== undefined;
}

/** A contract that is not Ended (Active, Pending or Notice Served) naming the tenant, as main or additional tenant. */
export async function hasLiveContract(scope: Scope, tenantId: string, today: string): Promise<boolean> {
  const row = await Contract.scoped(scope)
    .where(
      (q) =>
        void q
          .where('contracts.main_tenant_id', tenantId)
          .orWhereRaw('?::uuid = any(contracts.additional_tenant_ids)', [tenantId]),
    )
    .where((q) => void q.whereNull('contracts.end_date').orWhere('contracts.end_date', '>=', today))
    .first();
  return row !== undefined;
}
