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
  /** The event's date column, which the index leads with after the landlord. */
  readonly date: string;
  readonly column: string;
  /** The event kind the source gives these rows (resources/calendar/sources). */
  readonly kind: string;
  readonly index: string;
  /** The index's predicate: the rows the source reads. */
  readonly where: string;
  /** Whether the index replaces one of the same name on (landlord, date) alone. */
  readonly replaces: boolean;
}

const LIVE = 'deleted_at is null';

const STORED: readonly StoredEventId[] = [
  {
    table: 'contracts',
    date: 'start_date',
    column: 'calendar_start_event_id',
    kind: 'contract_start',
    index: 'contracts_landlord_start',
    where: LIVE,
    replaces: true,
  },
  {
    table: 'contracts',
    date: 'end_date',
    column: 'calendar_end_event_id',
    kind: 'contract_end',
    index: 'contracts_landlord_end',
    where: LIVE,
    replaces: true,
  },
  {
    table: 'certificates',
    date: 'expiry_date',
    column: 'calendar_event_id',
    kind: 'certificate_expiry',
    index: 'certificates_latest_expiry',
    where: `${LIVE} and not superseded`,
    replaces: true,
  },
  {
    table: 'tenants',
    date: 'right_to_rent_expiry',
    column: 'calendar_event_id',
    kind: 'right_to_rent_expiry',
    index: 'tenants_landlord_right_to_rent',
    where: LIVE,
    replaces: true,
  },
  {
    table: 'property_documents',
    date: 'expiry_date',
    column: 'calendar_event_id',
    kind: 'document_expiry',
    index: 'property_documents_landlord_expiry',
    where: LIVE,
    replaces: true,
  },
  {
    table: 'maintenance_issues',
    date: 'due_date',
    column: 'calendar_event_id',
    kind: 'maintenance_due',
    index: 'maintenance_issues_landlord_due',
    where: LIVE,
    replaces: true,
  },
  {
    table: 'inspections',
    date: 'inspection_date',
    column: 'calendar_event_id',
    kind: 'inspection',
    index: 'inspections_landlord_date_event',
    where: `${LIVE} and status <> 'cancelled'`,
    replaces: false,
  },
];

const indexOn = (s: StoredEventId, columns: readonly string[]): string =>
  `create index ${s.index} on ${s.table} (${columns.join(', ')}) where ${s.where}`;

export async function up(knex: Knex): Promise<void> {
  for (const s of STORED) {
    await knex.raw(
      `alter table ${s.table} add column ${s.column} uuid generated always as (calendar_event_id('${s.kind}', id)) stored`,
    );
    await knex.raw(`drop index if exists ${s.index}`);
    await knex.raw(indexOn(s, ['landlord_id', s.date, s.column]));
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const s of [...STORED].reverse()) {
    await knex.raw(`drop index if exists ${s.index}`);
    if (s.replaces) await knex.raw(indexOn(s, ['landlord_id', s.date]));
    await knex.raw(`alter table ${s.table} drop column if exists ${s.column}`);
  }
}
