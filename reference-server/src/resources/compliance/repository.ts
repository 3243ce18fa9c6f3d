// Reads for the compliance summary: the landlord's properties with their derived status, and the latest
// certificate of each (property, type). Both are narrow, plain rows (only the columns the summary uses, no model
// instances): the summary reads the whole portfolio, so per-row cost is what grows with it. The latest
// certificate is chosen in SQL (`distinct on`, expiring last, then highest id: the calendar's tie-break).
import type { Knex } from 'knex';
import { Certificate, Property, type Scope } from '../../persistence/models';
import { propertyStatusSql, type PropertyStatus } from '../properties/repository';

const PROPERTY_COLUMNS = [
  'id', 'short_name', 'address_line1', 'address_line2', 'city', 'postcode', 'licence_required',
  'gsc_renewal', 'eicr_renewal', 'epc_renewal', 'landlord_licence_renewal',
] as const satisfies ReadonlyArray<keyof Property>;

export type PropertyWithStatus = Pick<Property, (typeof PROPERTY_COLUMNS)[number]> & { derived_status: PropertyStatus };
export type LatestCertificate = Pick<Certificate, 'property_id' | 'type' | 'expiry_date' | 'epc_rating' | 'epc_score'>;

export async function propertiesWithStatus(scope: Scope, today: string): Promise<PropertyWithStatus[]> {
  const knex = scope.db as Knex;
  return (await Property.scoped(scope)
    .select(PROPERTY_COLUMNS.map((c) => `properties.${c}`), knex.raw(`(${propertyStatusSql(knex, today).toQuery()}) as derived_status`))
    .orderBy('properties.short_name')
    .orderBy('properties.id')
    .toKnexQuery()) as PropertyWithStatus[];
}

/** Property id → certificate type → the latest certificate of that type. */
export async function certificatesOf(scope: Scope): Promise<Map<string, Map<Certificate['type'], LatestCertificate>>> {
  const rows = (await Certificate.scoped(scope)
    .distinctOn(['certificates.property_id', 'certificates.type'])
    .select('certificates.property_id', 'certificates.type', 'certificates.expiry_date', 'certificates.epc_rating', 'certificates.epc_score')
    .orderBy([{ column: 'certificates.property_id' }, { column: 'certificates.type' }, { column: 'certificates.expiry_date', order: 'desc' }, { column: 'certificates.id', order: 'desc' }])
    .toKnexQuery()) as LatestCertificate[];
  const out = new Map<string, Map<Certificate['type'], LatestCertificate>>();
  for (const row of rows) {
    let byType = out.get(row.property_id);
    if (!byType) out.set(row.property_id, (byType = new Map()));
    byType.set(row.type, row);
  }
  return out;
}
