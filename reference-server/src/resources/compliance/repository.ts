// The read of the compliance summary: one row per property of the landlord, with its derived status and the
// expiry of its latest certificate of each type (and the rating and score of its latest EPC), in one round trip.
// The summary reads the whole portfolio, so per-row cost is what grows with it: the certificates are reduced to
// one row per property in SQL (a hash aggregate over the landlord's latest certificates, which the database marks:
// `not superseded`, expiring last, then highest id, the calendar's tie-break) instead of shipping them to Node.
import type { Knex } from 'knex';
import { Certificate, Property, type Scope } from '../../persistence/models';
import { latestExpirySelects, propertyStatusSql, type LatestExpiries, type PropertyStatus } from '../properties/repository';

const PROPERTY_COLUMNS = [
  'id', 'short_name', 'address_line1', 'address_line2', 'city', 'postcode', 'licence_required',
  'gsc_renewal', 'eicr_renewal', 'epc_renewal', 'landlord_licence_renewal',
] as const satisfies ReadonlyArray<keyof Property>;

export type PropertyComplianceRow = Pick<Property, (typeof PROPERTY_COLUMNS)[number]> & { derived_status: PropertyStatus }
  & LatestExpiries & { epc_rating: string | null; epc_score: number | null };

export async function propertyComplianceRows(scope: Scope, today: string): Promise<PropertyComplianceRow[]> {
  const knex = scope.db as Knex;
  // Only the latest certificate of each type counts, and the database keeps which those are (`superseded`).
  const expiries = Certificate.scoped(scope)
    .whereRaw('not certificates.superseded')
    .select('certificates.property_id')
    .select(latestExpirySelects(knex))
    .groupBy('certificates.property_id')
    .toKnexQuery();
  const latestEpc = Certificate.scoped(scope)
    .where('certificates.type', 'EPC')
    .whereRaw('not certificates.superseded')
    .select('certificates.property_id', 'certificates.epc_rating', 'certificates.epc_score')
    .toKnexQuery();
  return (await Property.scoped(scope)
    .select(PROPERTY_COLUMNS.map((c) => `properties.${c}`), knex.raw(`(${propertyStatusSql(knex, today).toQuery()}) as derived_status`))
    .select('expiries.*', 'epc.epc_rating', 'epc.epc_score')
    .leftJoin(expiries.as('expiries'), 'expiries.property_id', 'properties.id')
    .leftJoin(latestEpc.as('epc'), 'epc.property_id', 'properties.id')
    .orderBy('properties.short_name')
    .orderBy('properties.id')
    .toKnexQuery()) as PropertyComplianceRow[];
}
