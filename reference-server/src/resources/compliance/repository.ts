// The read of the compliance summary: the landlord's properties, each with its derived status and the latest
// certificate of each type, in one query and one narrow plain row per property (only the columns the summary
// uses, no model instances): the summary reads the whole portfolio, so per-row cost is what grows with it. The
// latest certificate of a type is one probe of the (property, type, expiry, id) index per property (expiring
// last, then highest id: the calendar's tie-break), instead of reading every certificate of the landlord.
import type { Knex } from 'knex';
import { Certificate, Property, type Scope } from '../../persistence/models';
import { propertyStatusSql, type PropertyStatus } from '../properties/repository';

const PROPERTY_COLUMNS = [
  'id', 'short_name', 'address_line1', 'address_line2', 'city', 'postcode', 'licence_required',
  'gsc_renewal', 'eicr_renewal', 'epc_renewal', 'landlord_licence_renewal',
] as const satisfies ReadonlyArray<keyof Property>;

const CERTIFICATE_TYPES: ReadonlyArray<Certificate['type']> = ['GSC', 'EICR', 'EPC', 'LANDLORD_LICENCE'];

export type LatestCertificate = Pick<Certificate, 'expiry_date' | 'epc_rating' | 'epc_score'>;

export type PropertyComplianceRow = Pick<Property, (typeof PROPERTY_COLUMNS)[number]> & {
  derived_status: PropertyStatus;
  /** Certificate type → the latest certificate of that type, when one is held. */
  latest: Partial<Record<Certificate['type'], LatestCertificate>>;
};

type RawRow = Omit<PropertyComplianceRow, 'latest'> & Record<`${Lowercase<Certificate['type']>}_${'expiry' | 'rating' | 'score'}`, string | number | null>;

/** Every property of the landlord (by name, then id) with its status and latest certificates. */
export async function propertiesForCompliance(scope: Scope, today: string): Promise<PropertyComplianceRow[]> {
  const knex = scope.db as Knex;
  const query = Property.scoped(scope)
    .select(PROPERTY_COLUMNS.map((c) => `properties.${c}`), knex.raw(`(${propertyStatusSql(knex, today).toQuery()}) as derived_status`))
    .orderBy('properties.short_name')
    .orderBy('properties.id');
  for (const type of CERTIFICATE_TYPES) {
    const alias = type.toLowerCase();
    const latest = Certificate.scoped(scope)
      .whereRaw('certificates.property_id = properties.id')
      .where('certificates.type', type)
      .orderBy([{ column: 'certificates.expiry_date', order: 'desc' }, { column: 'certificates.id', order: 'desc' }])
      .limit(1)
      .select('certificates.expiry_date', 'certificates.epc_rating', 'certificates.epc_score')
      .toKnexQuery();
    query.joinRaw('left join lateral ? as ?? on true', [knex.raw('(?)', [latest]), alias])
      .select(`${alias}.expiry_date as ${alias}_expiry`, `${alias}.epc_rating as ${alias}_rating`, `${alias}.epc_score as ${alias}_score`);
  }
  return ((await query.toKnexQuery()) as RawRow[]).map((row) => {
    const latest: PropertyComplianceRow['latest'] = {};
    for (const type of CERTIFICATE_TYPES) {
      const alias = type.toLowerCase() as Lowercase<Certificate['type']>;
      const expiry = row[`${alias}_expiry`];
      if (expiry !== null) latest[type] = { expiry_date: String(expiry), epc_rating: row[`${alias}_rating`] as string | null, epc_score: row[`${alias}_score`] as number | null };
    }
    return { ...row, latest };
  });
}
