// Compliance due dates (type Compliance): one event per statutory item of a property whose due date falls in
// the window, the same items and dates as the property's `compliance.items` and the compliance summary:
// the latest certificate's expiry when one is held, otherwise the renewal date recorded on the property.
// The landlord licence only counts where the property requires one.
import type { Knex } from 'knex';
import { Certificate, HELD_COLUMN_OF, Property } from '../../../persistence/models';
import {
  CERTIFICATE_TYPE_OF,
  ITEM_CODES,
  itemApplies,
  RENEWAL_COLUMN_OF,
  type ItemCode,
} from '../../compliance/severity';
import { appliesSql } from '../../compliance/sql';
import type { QueryBuilder } from 'objection';
import { calendarSource, kindColumn, type SourceQuery } from '../model';

const LABEL: Record<ItemCode, string> = {
  GAS_SAFETY: 'Gas safety certificate',
  EICR: 'Electrical inspection report',
  EPC: 'Energy performance certificate',
  LANDLORD_LICENCE: 'Landlord licence',
};
const CODE_OF = Object.fromEntries(ITEM_CODES.map((code) => [CERTIFICATE_TYPE_OF[code], code])) as Record<
  Certificate['type'],
  ItemCode
>;
/** Certificate types whose item applies only where the property requires a licence (itemApplies). */
const LICENCE_ONLY_TYPES = ITEM_CODES.filter((code) => !itemApplies(code, false)).map(
  (code) => CERTIFICATE_TYPE_OF[code],
);

interface CertificateRow {
  id: string;
  kind: string;
  property_id: string;
  type: Certificate['type'];
  date: string;
  property_short_name: string;
}
interface RenewalRow {
  id: string;
  kind: string;
  short_name: string;
  code: ItemCode;
  date: string;
}

/** The latest certificates (a newer one supersedes it) expiring inside the window, joined to their property. */
function latestExpiring({ scope, window, propertyId }: SourceQuery): QueryBuilder<Certificate, Certificate[]> {
  // Only latest certificates (kept by the database: `superseded`), one range of a partial (landlord, expiry) index.
  const query = Certificate.latest(scope)
    .join('properties', 'properties.id', 'certificates.property_id')
    .whereBetween('certificates.expiry_date', [window.from, window.to])
    .select(
      'certificates.id',
      'certificates.property_id',
      'certificates.type',
      'certificates.expiry_date as date',
      'certificates.calendar_event_id as event_id',
      'properties.short_name as property_short_name',
      kindColumn(scope.db as Knex, 'certificate_expiry'),
    );
  if (propertyId) query.where('certificates.property_id', propertyId);
  return query;
}

/** The latest certificate of each type, expiring inside the window, of live properties whose item applies. */
export const certificateExpiriesSource = calendarSource<CertificateRow>({
  name: 'certificate-expiries',
  type: 'Compliance',
  rows: (source) =>
    latestExpiring(source)
      .whereNull('properties.deleted_at')
      .where(
        (q) => void q.whereNotIn('certificates.type', LICENCE_ONLY_TYPES).orWhere('properties.licence_required', true),
      )
      .toKnexQuery(),
  storedEventId: true,
  // The database counts every latest certificate: those of soft-deleted properties, and the licence-only ones of
  // live properties that need no licence, are not on the calendar.
  counted: {
    kinds: ['calendar.certificate_expiry', 'calendar.licence_expiry'],
    joinsProperty: false,
    also: (source) => [
      latestExpiring(source).whereNotNull('properties.deleted_at').toKnexQuery(),
      latestExpiring(source)
        .whereNull('properties.deleted_at')
        .whereIn('certificates.type', LICENCE_ONLY_TYPES)
        .where('properties.licence_required', false)
        .toKnexQuery(),
    ],
  },
  event: (c) => ({
    type: 'Compliance',
    kind: c.kind,
    date: c.date,
    title: `${LABEL[CODE_OF[c.type]]} expires at ${c.property_short_name}`,
    propertyId: c.property_id,
    source: { kind: 'certificate', id: c.id },
  }),
});

/** Renewal dates recorded on the property, for items with no certificate on file: one row per (property, item). */
export const recordedRenewalsSource = calendarSource<RenewalRow>({
  name: 'recorded-renewals',
  type: 'Compliance',
  rows({ scope, window, propertyId }) {
    const knex = scope.db as Knex;
    // One range of a partial (landlord, renewal date) index per item, over the properties that hold no certificate
    // of its type (`held_<type>`, kept by the database: migration 20261126000000).
    const perItem = ITEM_CODES.map((code) => {
      const renewal = `properties.${RENEWAL_COLUMN_OF[code]}`;
      const item = Property.scoped(scope)
        .whereRaw(`not properties.${HELD_COLUMN_OF[CERTIFICATE_TYPE_OF[code]]}`)
        .whereRaw(appliesSql(code, 'properties.licence_required'))
        .whereBetween(renewal, [window.from, window.to])
        .select(
          'properties.id',
          'properties.short_name',
          knex.raw('?::text as code', [code]),
          `${renewal} as date`,
          kindColumn(knex, `${code.toLowerCase()}_renewal_due`),
        );
      if (propertyId) item.where('properties.id', propertyId);
      return item.toKnexQuery();
    });
    return knex
      .queryBuilder()
      .select('*')
      .from(knex.raw(`(${perItem.map(() => '(?)').join(' union all ')}) as renewals`, perItem));
  },
  // Counted from the property row itself (live, no certificate of the item's type, the item applies).
  counted: { kinds: ['calendar.recorded_renewal'], joinsProperty: false },
  event: (p) => ({
    type: 'Compliance',
    kind: p.kind,
    date: p.date,
    title: `${LABEL[p.code]} renewal due at ${p.short_name}`,
    propertyId: p.id,
    source: { kind: 'property', id: p.id },
  }),
});
