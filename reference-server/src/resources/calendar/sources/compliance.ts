// Compliance due dates (type Compliance): one event per statutory item of a property whose due date falls in
// the window, the same items and dates as the property's `compliance.items` and the compliance summary:
// the latest certificate's expiry when one is held, otherwise the renewal date recorded on the property.
// The landlord licence only counts where the property requires one.
import type { Knex } from 'knex';
import { Certificate, Property } from '../../../persistence/models';
import { CERTIFICATE_TYPE_OF, ITEM_CODES, RENEWAL_COLUMN_OF, type ItemCode } from '../../compliance/severity';
import { calendarSource, makeEvent } from '../model';

const LABEL: Record<ItemCode, string> = {
  GAS_SAFETY: 'Gas safety certificate', EICR: 'Electrical inspection report', EPC: 'Energy performance certificate', LANDLORD_LICENCE: 'Landlord licence',
};
const CODE_OF: Record<Certificate['type'], ItemCode> = { GSC: 'GAS_SAFETY', EICR: 'EICR', EPC: 'EPC', LANDLORD_LICENCE: 'LANDLORD_LICENCE' };

interface CertificateRow { id: string; property_id: string; type: Certificate['type']; date: string; property_short_name: string }
interface RenewalRow { id: string; short_name: string; code: ItemCode; date: string }

/** The latest certificate of each type (a newer one supersedes it), expiring inside the window. */
export const certificateExpiriesSource = calendarSource<CertificateRow>({
  name: 'certificate-expiries',
  type: 'Compliance',
  rows({ scope, window, propertyId }) {
    const query = Certificate.scoped(scope)
      .join('properties', 'properties.id', 'certificates.property_id')
      .whereNull('properties.deleted_at')
      .whereBetween('certificates.expiry_date', [window.from, window.to])
      .where((q) => q.whereNot('certificates.type', 'LANDLORD_LICENCE').orWhere('properties.licence_required', true))
      // Superseded when a newer one exists: a lateral probe of the (property, type, expiry, id) index per candidate
      // (as a plain anti-join the planner hashes every certificate of the landlord instead).
      .joinRaw(`left join lateral (select 1 as found from certificates newer where newer.property_id = certificates.property_id and newer.type = certificates.type
        and newer.deleted_at is null and (newer.expiry_date > certificates.expiry_date or (newer.expiry_date = certificates.expiry_date and newer.id > certificates.id)) limit 1) as newer on true`)
      .whereNull('newer.found')
      .select('certificates.id', 'certificates.property_id', 'certificates.type', 'certificates.expiry_date as date', 'properties.short_name as property_short_name');
    if (propertyId) query.where('certificates.property_id', propertyId);
    return query.toKnexQuery();
  },
  event: (c) => makeEvent({
    type: 'Compliance', kind: 'certificate_expiry', date: c.date,
    title: `${LABEL[CODE_OF[c.type]]} expires at ${c.property_short_name}`,
    propertyId: c.property_id, source: { kind: 'certificate', id: c.id },
  }),
});

/** Renewal dates recorded on the property, for items with no certificate on file: one row per (property, item). */
export const recordedRenewalsSource = calendarSource<RenewalRow>({
  name: 'recorded-renewals',
  type: 'Compliance',
  rows({ scope, window, propertyId }) {
    const knex = scope.db as Knex;
    const items = ITEM_CODES.flatMap((code) => [code, `properties.${RENEWAL_COLUMN_OF[code]}`, CERTIFICATE_TYPE_OF[code]]);
    const query = Property.scoped(scope)
      .joinRaw(`cross join lateral (values ${ITEM_CODES.map(() => '(?::text, ??, ?::text)').join(', ')}) as due (code, date, certificate_type)`, items)
      .whereBetween('due.date', [window.from, window.to])
      .where((q) => q.whereNot('due.code', 'LANDLORD_LICENCE').orWhere('properties.licence_required', true))
      // The certificate's expiry is the due date when one is held. A lateral probe of the (property, type) index
      // per candidate row: as a plain anti-join the planner hashes every certificate of the landlord instead.
      .joinRaw('left join lateral ? as held on true', [knex.raw('(?)', [
        knex('certificates').whereRaw('certificates.property_id = properties.id and certificates.type = due.certificate_type and certificates.deleted_at is null').select(knex.raw('1 as found')).limit(1),
      ])])
      .whereNull('held.found')
      .select('properties.id', 'properties.short_name', 'due.code', 'due.date');
    if (propertyId) query.where('properties.id', propertyId);
    return query.toKnexQuery();
  },
  event: (p) => makeEvent({
    type: 'Compliance', kind: `${p.code.toLowerCase()}_renewal_due`, date: p.date,
    title: `${LABEL[p.code]} renewal due at ${p.short_name}`,
    propertyId: p.id, source: { kind: 'property', id: p.id },
  }),
});
