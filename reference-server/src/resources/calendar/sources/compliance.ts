// Compliance due dates (type Compliance): one event per statutory item of a property whose due date falls in
// the window, the same items and dates as the property's `compliance.items` and the compliance summary:
// the latest certificate's expiry when one is held, otherwise the renewal date recorded on the property.
// The landlord licence only counts where the property requires one.
import { Certificate, Property } from '../../../persistence/models';
import { CERTIFICATE_TYPE_OF, type ItemCode } from '../../compliance/severity';
import { makeEvent, type CalendarEvent, type CalendarSource, type SourceQuery } from '../model';

const LABEL: Record<ItemCode, string> = {
  GAS_SAFETY: 'Gas safety certificate', EICR: 'Electrical inspection report', EPC: 'Energy performance certificate', LANDLORD_LICENCE: 'Landlord licence',
};
const CODE_OF: Record<Certificate['type'], ItemCode> = { GSC: 'GAS_SAFETY', EICR: 'EICR', EPC: 'EPC', LANDLORD_LICENCE: 'LANDLORD_LICENCE' };
const RENEWAL_COLUMN: Record<ItemCode, 'gsc_renewal' | 'eicr_renewal' | 'epc_renewal' | 'landlord_licence_renewal'> = {
  GAS_SAFETY: 'gsc_renewal', EICR: 'eicr_renewal', EPC: 'epc_renewal', LANDLORD_LICENCE: 'landlord_licence_renewal',
};
const CODES = Object.keys(RENEWAL_COLUMN) as ItemCode[];

type CertificateRow = Certificate & { property_short_name: string };
type PropertyRow = Property & Record<`held_${Lowercase<ItemCode>}`, boolean>;

/** The latest certificate of each type (a newer one supersedes it), expiring inside the window. */
async function certificateExpiries({ scope, window, propertyId }: SourceQuery): Promise<CalendarEvent[]> {
  const query = Certificate.scoped(scope)
    .join('properties', 'properties.id', 'certificates.property_id')
    .whereNull('properties.deleted_at')
    .whereBetween('certificates.expiry_date', [window.from, window.to])
    .where((q) => q.whereNot('certificates.type', 'LANDLORD_LICENCE').orWhere('properties.licence_required', true))
    .whereRaw(`not exists (select 1 from certificates newer where newer.property_id = certificates.property_id and newer.type = certificates.type
      and newer.deleted_at is null and (newer.expiry_date > certificates.expiry_date or (newer.expiry_date = certificates.expiry_date and newer.id > certificates.id)))`)
    .select('certificates.id', 'certificates.property_id', 'certificates.type', 'certificates.expiry_date', 'properties.short_name as property_short_name');
  if (propertyId) query.where('certificates.property_id', propertyId);
  return ((await query.toKnexQuery()) as CertificateRow[]).map((c) => makeEvent({
    type: 'Compliance', kind: 'certificate_expiry', date: c.expiry_date,
    title: `${LABEL[CODE_OF[c.type]]} expires at ${c.property_short_name}`,
    propertyId: c.property_id, source: { kind: 'certificate', id: c.id },
  }));
}

/** Renewal dates recorded on the property, for items with no certificate on file. */
async function recordedRenewals({ scope, window, propertyId }: SourceQuery): Promise<CalendarEvent[]> {
  const query = Property.scoped(scope).where((q) => {
    for (const code of CODES) q.orWhereBetween(`properties.${RENEWAL_COLUMN[code]}`, [window.from, window.to]);
  });
  const held = CODES.map((code) => `exists (select 1 from certificates c where c.property_id = properties.id and c.deleted_at is null and c.type = '${CERTIFICATE_TYPE_OF[code]}') as held_${code.toLowerCase()}`);
  query.select('properties.id', 'properties.short_name', 'properties.licence_required', ...CODES.map((code) => `properties.${RENEWAL_COLUMN[code]}`), ...held.map((sql) => Property.raw(sql)));
  if (propertyId) query.where('properties.id', propertyId);
  const events: CalendarEvent[] = [];
  for (const p of (await query.toKnexQuery()) as PropertyRow[]) {
    for (const code of CODES) {
      const date = p[RENEWAL_COLUMN[code]];
      if (date === null || date < window.from || date > window.to) continue;
      if (p[`held_${code.toLowerCase() as Lowercase<ItemCode>}`]) continue; // the certificate's expiry is the due date
      if (code === 'LANDLORD_LICENCE' && !p.licence_required) continue;
      events.push(makeEvent({
        type: 'Compliance', kind: `${code.toLowerCase()}_renewal_due`, date,
        title: `${LABEL[code]} renewal due at ${p.short_name}`,
        propertyId: p.id, source: { kind: 'property', id: p.id },
      }));
    }
  }
  return events;
}

export const complianceSource: CalendarSource = {
  name: 'compliance',
  types: ['Compliance'],
  async load(query) {
    const [certificates, renewals] = await Promise.all([certificateExpiries(query), recordedRenewals(query)]);
    return [...certificates, ...renewals];
  },
};
