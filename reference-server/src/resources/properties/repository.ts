// Property reads and writes, always through the landlord scope.
import type { Knex } from 'knex';
import { Certificate, Contract, Property, Tenant, type Scope } from '../../persistence/models';
import { offsetOf, type PageRequest } from '../../platform/http/pagination';
import { containsPattern } from '../../persistence/like';

export type PropertyStatus = 'Occupied' | 'Vacant' | 'Maintenance';

/** A contract "in effect" today (Active or Notice Served) makes its property Occupied. */
const inEffect = (knex: Knex, today: string): Knex.Raw =>
  knex.raw(
    'exists (select 1 from contracts c where c.property_id = properties.id and c.deleted_at is null and c.start_date <= ?::date and (c.end_date is null or c.end_date >= ?::date))',
    [today, today],
  );

export function propertyStatusSql(knex: Knex, today: string): Knex.Raw {
  return knex.raw(`case when properties.maintenance then 'Maintenance' when ${inEffect(knex, today).toQuery()} then 'Occupied' else 'Vacant' end`);
}


export interface PropertyFilter {
  readonly status?: PropertyStatus;
  readonly search?: string;
}

export async function listProperties(scope: Scope, today: string, filter: PropertyFilter, page: PageRequest): Promise<{ rows: Property[]; total: number }> {
  const knex = scope.db;
  const base = Property.scoped(scope);
  if (filter.status) base.whereRaw(`(${propertyStatusSql(knex as Knex, today).toQuery()}) = ?`, [filter.status]);
  if (filter.search) {
    base.whereRaw(`concat_ws(', ', properties.address_line1, properties.address_line2, properties.city, properties.postcode) ilike ? escape '\\'`, [containsPattern(filter.search)]);
  }
  const [countRow, rows] = await Promise.all([
    base.clone().clearSelect().clearOrder().count('* as total').first() as unknown as Promise<{ total: number | string }>,
    // Plain rows, not model instances: this is the hot path of every list request.
    base.clone().orderBy('properties.created_at').orderBy('properties.id').offset(offsetOf(page)).limit(page.limit).toKnexQuery() as unknown as Promise<Property[]>,
  ]);
  return { rows, total: Number(countRow.total) };
}

export const findProperty = async (scope: Scope, id: string): Promise<Property | undefined> => Property.scoped(scope).findById(id);

export interface CurrentContract {
  property_id: string;
  rent_amount: number;
  first_name: string;
  last_name: string;
}

/** For each property, the contract in effect today with its main tenant's name. */
export async function currentContracts(scope: Scope, propertyIds: readonly string[], today: string): Promise<Map<string, CurrentContract>> {
  if (propertyIds.length === 0) return new Map();
  const rows = (await Contract.scoped(scope)
    .join('tenants', 'tenants.id', 'contracts.main_tenant_id')
    .whereIn('contracts.property_id', propertyIds)
    .where('contracts.start_date', '<=', today)
    .where((q) => q.whereNull('contracts.end_date').orWhere('contracts.end_date', '>=', today))
    .orderBy('contracts.start_date', 'desc')
    .select('contracts.property_id', 'contracts.rent_amount', 'tenants.first_name', 'tenants.last_name')) as unknown as CurrentContract[];
  const byProperty = new Map<string, CurrentContract>();
  for (const row of rows) if (!byProperty.has(row.property_id)) byProperty.set(row.property_id, row);
  return byProperty;
}

/** The latest certificate of each type per property. */
export async function latestCertificates(scope: Scope, propertyIds: readonly string[]): Promise<Map<string, Map<Certificate['type'], Certificate>>> {
  const out = new Map<string, Map<Certificate['type'], Certificate>>();
  if (propertyIds.length === 0) return out;
  const rows = await Certificate.scoped(scope).whereIn('property_id', propertyIds).orderBy('expiry_date', 'asc');
  for (const row of rows) {
    let byType = out.get(row.property_id);
    if (!byType) out.set(row.property_id, (byType = new Map()));
    byType.set(row.type, row); // ascending order: the last one written is the latest
  }
  return out;
}

/** Contracts that block deletion: Active, Pending or Notice Served, i.e. not yet Ended. */
export async function hasBlockingContract(scope: Scope, propertyId: string, today: string): Promise<boolean> {
  const row = await Contract.scoped(scope)
    .where('property_id', propertyId)
    .where((q) => q.whereNull('end_date').orWhere('end_date', '>=', today))
    .first();
  return row !== undefined;
}

export const tenantsOf = async (scope: Scope, ids: readonly string[]): Promise<Tenant[]> => Tenant.scoped(scope).whereIn('id', ids);
