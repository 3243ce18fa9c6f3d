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

type RawRow = Omit<PropertyComplianceRow, 'latest'> & Partial<Record<`${Lowercase<Certificate['type']>}_expiry`, string | null>> & { epc_rating?: string | null; epc_score?: number | null };

/** Every property of the landlord (by name, then id) with its status and latest certificates. */
export async function propertiesForCompliance(scope: Scope, today: string): Promise<PropertyComplianceRow[]> {
  const knex = scope.db as Knex;
  const query = Property.scoped(scope)
    .select(PROPERTY_COLUMNS.map((c) => `properties.${c}`), knex.raw(`(${propertyStatusSql(knex, today).toQuery()}) as derived_status`))
    .orderBy('properties.short_name')
    .orderBy('properties.id');
  for (const type of CERTIFICATE_TYPES) {
    const alias = type.toLowerCase();
    // Only the EPC's rating and score are read; of the others, the expiry.
    const columns = type === 'EPC' ? ['expiry_date', 'epc_rating', 'epc_score'] : ['expiry_date'];
    const latest = Certificate.scoped(scope)
      .whereRaw('certificates.property_id = properties.id')
      .where('certificates.type', type)
      .orderBy([{ column: 'certificates.expiry_date', order: 'desc' }, { column: 'certificates.id', order: 'desc' }])
      .limit(1)
      .select(columns.map((c) => `certificates.${c}`))
      .toKnexQuery();
    query.joinRaw('left join lateral ? as ?? on true', [knex.raw('(?)', [latest]), alias])
      .select(columns.map((c) => `${alias}.${c} as ${c === 'expiry_date' ? `${alias}_expiry` : c}`));
  }
  return ((await query.toKnexQuery()) as RawRow[]).map(({ gsc_expiry, eicr_expiry, epc_expiry, landlord_licence_expiry, epc_rating, epc_score, ...property }) => {
    const latest: PropertyComplianceRow['latest'] = {};
    const held = (expiry: string | null | undefined): LatestCertificate | undefined => (expiry ? { expiry_date: expiry, epc_rating: null, epc_score: null } : undefined);
    const [gsc, eicr, licence] = [held(gsc_expiry), held(eicr_expiry), held(landlord_licence_expiry)];
    if (gsc) latest.GSC = gsc;
    if (eicr) latest.EICR = eicr;
    if (epc_expiry) latest.EPC = { expiry_date: epc_expiry, epc_rating: epc_rating ?? null, epc_score: epc_score ?? null };
    if (licence) latest.LANDLORD_LICENCE = licence;
    return { ...property, latest };
  });
}
