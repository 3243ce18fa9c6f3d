// Property reads and writes, always through the landlord scope.
import type { Knex } from 'knex';
import {
  Certificate,
  Contract,
  LATEST_EXPIRY_COLUMN_OF,
  liveCount,
  Property,
  Tenant,
  type Scope,
} from '../../persistence/models';
import type { PageRequest } from '../../platform/http/pagination';
import { containsPattern } from '../../persistence/like';

export type PropertyStatus = 'Occupied' | 'Vacant' | 'Maintenance';

/** A contract "in effect" today (Active or Notice Served) makes its property Occupied. */
const inEffect = (knex: Knex, today: string): Knex.Raw =>
  knex.raw(
    'exists (select 1 from contracts c where c.property_id = properties.id and c.deleted_at is null and c.start_date <= ?::date and (c.end_date is null or c.end_date >= ?::date))',
    [today, today],
  );

export function propertyStatusSql(knex: Knex, today: string): Knex.Raw {
  return knex.raw(
    `case when properties.maintenance then 'Maintenance' when ${inEffect(knex, today).toQuery()} then 'Occupied' else 'Vacant' end`,
  );
}

export interface PropertyFilter {
  readonly status?: PropertyStatus;
  readonly search?: string;
}

/** A property row with what its view needs: the contract in effect today and the latest certificate expiries. */
export interface PropertyPageRow extends Property {
  current_rent_amount: number | string | null;
  current_first_name: string | null;
  current_last_name: string | null;
  /** Certificate type → expiry date of the latest certificate of that type. */
  certificate_expiries: Partial<Record<Certificate['type'], string>>;
}

/**
 * One round trip for a page of property views: the scoped, filtered page and the contract in effect today joined
 * laterally (the latest certificate of each type is a fact on the property row: latest_expiry_<type>). Each part
 * is built from a scoped model query, so the landlord filter still comes from `LandlordScopedModel.scoped` alone.
 */
function propertyViewRows(scope: Scope, today: string, page: Knex.QueryBuilder): Knex.QueryBuilder {
  const knex = scope.db as Knex;
  const current = Contract.scoped(scope)
    .join('tenants', 'tenants.id', 'contracts.main_tenant_id')
    .whereRaw('contracts.property_id = page.id')
    .where('contracts.start_date', '<=', today)
    .where((q) => void q.whereNull('contracts.end_date').orWhere('contracts.end_date', '>=', today))
    .orderBy('contracts.start_date', 'desc')
    .limit(1)
    .select(
      'contracts.rent_amount as current_rent_amount',
      'tenants.first_name as current_first_name',
      'tenants.last_name as current_last_name',
    )
    .toKnexQuery();
  return knex
    .with('page', page)
    .from('page')
    .select('page.*', 'cur.*')
    .joinRaw('left join lateral ? cur on true', [knex.raw('(?)', [current])])
    .orderBy('page.created_at')
    .orderBy('page.id');
}

type RawPageRow = Omit<PropertyPageRow, 'certificate_expiries'>;

const LATEST_EXPIRIES = Object.entries(LATEST_EXPIRY_COLUMN_OF) as Array<
  [Certificate['type'], (typeof LATEST_EXPIRY_COLUMN_OF)[Certificate['type']]]
>;

function expiriesOf(
  row: Pick<Property, (typeof LATEST_EXPIRY_COLUMN_OF)[Certificate['type']]>,
): Partial<Record<Certificate['type'], string>> {
  const expiries: Partial<Record<Certificate['type'], string>> = {};
  for (const [type, column] of LATEST_EXPIRIES) {
    const expiry = row[column];
    if (expiry) expiries[type] = expiry;
  }
  return expiries;
}

const withCertificateExpiries = (row: RawPageRow): PropertyPageRow => ({
  ...row,
  certificate_expiries: expiriesOf(row),
});

async function viewRows(scope: Scope, today: string, page: Knex.QueryBuilder): Promise<PropertyPageRow[]> {
  return ((await propertyViewRows(scope, today, page)) as RawPageRow[]).map(withCertificateExpiries);
}

export async function listPropertyPage(
  scope: Scope,
  today: string,
  filter: PropertyFilter,
  page: PageRequest,
): Promise<{ rows: PropertyPageRow[]; total: number }> {
  const knex = scope.db as Knex;
  const base = Property.scoped(scope);
  if (filter.status) base.whereRaw(`(${propertyStatusSql(knex, today).toQuery()}) = ?`, [filter.status]);
  if (filter.search) {
    base.whereRaw(
      `concat_ws(', ', properties.address_line1, properties.address_line2, properties.city, properties.postcode) ilike ? escape '\\'`,
      [containsPattern(filter.search)],
    );
  }
  // The page's rows by the (landlord, created_at, id) index; the view's joins run for the page's rows only.
  const pageQuery = Property.pageRows(base, page, [
    ['properties.created_at', 'asc'],
    ['properties.id', 'asc'],
  ])
    .select('properties.*')
    .toKnexQuery();
  // Unfiltered, the total is the count the database keeps; a status or a search is counted.
  const total = async (): Promise<number> =>
    filter.status || filter.search ? Property.countOf(base) : liveCount(scope, 'properties');
  const [rows, count] = await Promise.all([viewRows(scope, today, pageQuery), total()]);
  return { rows, total: count };
}

export const {
  insert: insertProperty,
  lock: lockProperty,
  patch: patchProperty,
  softDelete: softDeleteProperty,
} = Property.byId('Property');

/** One property with what its view needs, or undefined. */
export async function findPropertyView(scope: Scope, today: string, id: string): Promise<PropertyPageRow | undefined> {
  const rows = await viewRows(
    scope,
    today,
    Property.scoped(scope).where('properties.id', id).select('properties.*').toKnexQuery(),
  );
  return rows[0];
}

/** The expiry of the property's latest live certificate of each type, from the facts kept on its row; none if not found. */
export async function latestExpiries(
  scope: Scope,
  propertyId: string,
): Promise<Partial<Record<Certificate['type'], string>>> {
  const row = await Property.scoped(scope).findById(propertyId);
  return row ? expiriesOf(row) : {};
}

/** Contracts that block deletion: Active, Pending or Notice Served, i.e. not yet Ended. */
export async function hasBlockingContract(scope: Scope, propertyId: string, today: string): Promise<boolean> {
  const row = await Contract.scoped(scope)
    .where('property_id', propertyId)
    .where((q) => void q.whereNull('end_date').orWhere('end_date', '>=', today))
    .first();
  return row !== undefined;
}

export const tenantsOf = async (scope: Scope, ids: readonly string[]): Promise<Tenant[]> =>
  Tenant.scoped(scope).whereIn('id', ids);

/** Short names of the landlord's properties, deleted ones included (an issue or inspection can outlive its property). */
export async function propertyNames(scope: Scope, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await Property.withDeleted(scope)
    .whereIn('properties.id', [...new Set(ids)])
    .select('properties.id', 'properties.short_name');
  return new Map(rows.map((p) => [p.id, p.short_name]));
}

/** One property's short name ('' when it is not the landlord's), deleted ones included. */
export const propertyName = async (scope: Scope, id: string): Promise<string> =>
  (await propertyNames(scope, [id])).get(id) ?? '';
