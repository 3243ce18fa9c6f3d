// Every calendar source's rows carry their event id, as rent payments do (20261127000300): a page of GET /events
// cuts a date's events in (date, event id) order, and without a stored id it hashed and sorted every row of the
// date first. The rows on one date grow with the landlord: at 50,000 properties the default window's first page
// fell on a date with 420 inspections, and hashing, joining and sorting them took 5 of the request's 20 ms of
// PostgreSQL (0.4 ms at 500 properties). Each event id is now a generated column, and each source's date index
// carries it after the date, so a page is the first rows of an index range. The indexes replace, under their
// names, the (landlord, date) indexes they extend; the inspections' is new (its list index leads with the date but
// orders by id), partial on the inspections the calendar shows. A contract gives two events, so two columns.
import type { Knex } from 'knex';

interface StoredEventId {
  readonly table: string;
  readonly column: string;
  /** The event kind the source gives these rows (resources/calendar/sources). */
  readonly kind: string;
  readonly index: string;
  /** The index before this migration, if it replaces one. */
  readonly before?: string;
  readonly after: string;
}

const STORED: readonly StoredEventId[] = [
  {
    table: 'contracts', column: 'calendar_start_event_id', kind: 'contract_start', index: 'contracts_landlord_start',
    before: 'contracts (landlord_id, start_date) where deleted_at is null',
    after: 'contracts (landlord_id, start_date, calendar_start_event_id) where deleted_at is null',
  },
  {
    table: 'contracts', column: 'calendar_end_event_id', kind: 'contract_end', index: 'contracts_landlord_end',
    before: 'contracts (landlord_id, end_date) where deleted_at is null',
    after: 'contracts (landlord_id, end_date, calendar_end_event_id) where deleted_at is null',
  },
  {
    table: 'certificates', column: 'calendar_event_id', kind: 'certificate_expiry', index: 'certificates_latest_expiry',
    before: 'certificates (landlord_id, expiry_date) where deleted_at is null and not superseded',
    after: 'certificates (landlord_id, expiry_date, calendar_event_id) where deleted_at is null and not superseded',
  },
  {
    table: 'tenants', column: 'calendar_event_id', kind: 'right_to_rent_expiry', index: 'tenants_landlord_right_to_rent',
    before: 'tenants (landlord_id, right_to_rent_expiry) where deleted_at is null',
    after: 'tenants (landlord_id, right_to_rent_expiry, calendar_event_id) where deleted_at is null',
  },
  {
    table: 'property_documents', column: 'calendar_event_id', kind: 'document_expiry', index: 'property_documents_landlord_expiry',
    before: 'property_documents (landlord_id, expiry_date) where deleted_at is null',
    after: 'property_documents (landlord_id, expiry_date, calendar_event_id) where deleted_at is null',
  },
  {
    table: 'maintenance_issues', column: 'calendar_event_id', kind: 'maintenance_due', index: 'maintenance_issues_landlord_due',
    before: 'maintenance_issues (landlord_id, due_date) where deleted_at is null',
    after: 'maintenance_issues (landlord_id, due_date, calendar_event_id) where deleted_at is null',
  },
  {
    table: 'inspections', column: 'calendar_event_id', kind: 'inspection', index: 'inspections_landlord_date_event',
    after: `inspections (landlord_id, inspection_date, calendar_event_id) where deleted_at is null and status <> 'cancelled'`,
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const s of STORED) {
    await knex.raw(`alter table ${s.table} add column ${s.column} uuid generated always as (calendar_event_id('${s.kind}', id)) stored`);
    await knex.raw(`drop index if exists ${s.index}`);
    await knex.raw(`create index ${s.index} on ${s.after}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const s of [...STORED].reverse()) {
    await knex.raw(`drop index if exists ${s.index}`);
    if (s.before) await knex.raw(`create index ${s.index} on ${s.before}`);
    await knex.raw(`alter table ${s.table} drop column if exists ${s.column}`);
  }
}
