// Counts by date that the database keeps for reads whose cost grew with the landlord.
//
// Every list answers an exact `meta.total`, and a total counted per request grows with the landlord: at 50,000
// properties `GET /rent?status=Overdue` counted 110,000 unpaid payments (about 100 ms of PostgreSQL, the page
// itself 4 ms). The statuses are derived from today's date, so a stored count per status would be wrong tomorrow;
// a count per date is not. `GET /events` likewise counted every event of its window per date before reading a
// page (116,648 in the default window at 50,000 properties). `landlord_counts` holds, per landlord, how many live
// rows of a kind fall on each date, kept by statement-level triggers on every write, whoever writes. A status total
// or a window's events per date is then a read of at most one row per kind and distinct date (bounded by the
// calendar, not by the portfolio): see `persistence/models/landlord-count.ts` and the calendar service.
//
// Kinds that are not by date use the day '-infinity'. A row whose count returns to zero is removed. The counts
// cascade from their landlord like every landlord-owned row; the cascade's deletes of the landlord's other rows
// fire these triggers too, whichever runs first, so a delta for a landlord that is gone is dropped (the join on
// landlords) instead of violating the key. A bulk load that runs with triggers off (session_replication_role =
// replica) calls refresh_landlord_counts itself.
import type { Knex } from 'knex';
import { heldColumn, RENEWAL_COLUMN, TYPES } from './20261126000000_certificate_facts';
import { createStatementTriggers, dropStatementTriggers } from './schema-steps';

/** One counted kind: its name, the date it is counted on, and which rows count (SQL over the row `r`). */
export interface CountedKind {
  readonly kind: string;
  readonly day: string;
  readonly when: string;
}

const UNDATED = `'-infinity'::date`;
const LIVE = 'r.deleted_at is null';

type CountedTable =
  | 'properties'
  | 'contracts'
  | 'rent_payments'
  | 'certificates'
  | 'tenants'
  | 'property_documents'
  | 'maintenance_issues'
  | 'inspections';

// The calendar's sources, one kind per source (the certificates two): every event a source row gives, whatever its
// property. GET /events subtracts at read time the rows the source does not show (those of soft-deleted properties,
// and licence-only certificates of properties that need no licence): see calendar/sources. Only these kinds' rules
// that need no other table are here, so a write is counted from its own rows alone.
const LICENCE_ONLY = `'LANDLORD_LICENCE'`;
/** The renewal dates recorded on a property, one per statutory item without a certificate of its type. */
const RENEWALS: ReadonlyArray<readonly [column: string, held: string, applies: string]> = TYPES.map(
  (t) => [RENEWAL_COLUMN[t], heldColumn(t), t === 'LANDLORD_LICENCE' ? 'r.licence_required' : 'true'] as const,
);

/** The counted kinds of each table. The readers name these kinds (landlord-count.ts and its callers). */
export const COUNTED: Readonly<Record<CountedTable, readonly CountedKind[]>> = {
  properties: [
    { kind: 'properties', day: UNDATED, when: LIVE },
    ...RENEWALS.map(([column, held, applies]) => ({
      kind: 'calendar.recorded_renewal',
      day: `r.${column}`,
      when: `${LIVE} and not r.${held} and ${applies} and r.${column} is not null`,
    })),
  ],
  contracts: [
    { kind: 'contracts', day: UNDATED, when: LIVE },
    // Without notice: by start date, by end date (an end on or after the start), and the starts of the rows whose
    // end comes before their start (never Active: ended before they began).
    { kind: 'contracts.start', day: 'r.start_date', when: `${LIVE} and not r.notice_served` },
    {
      kind: 'contracts.end',
      day: 'r.end_date',
      when: `${LIVE} and not r.notice_served and r.end_date >= r.start_date`,
    },
    {
      kind: 'contracts.inverted',
      day: 'r.start_date',
      when: `${LIVE} and not r.notice_served and r.end_date < r.start_date`,
    },
    { kind: 'contracts.ended', day: 'r.end_date', when: `${LIVE} and r.end_date is not null` },
    { kind: 'contracts.notice', day: UNDATED, when: `${LIVE} and r.notice_served` },
    { kind: 'contracts.notice.end', day: 'r.end_date', when: `${LIVE} and r.notice_served and r.end_date is not null` },
    { kind: 'calendar.contract_start', day: 'r.start_date', when: LIVE },
    { kind: 'calendar.contract_end', day: 'r.end_date', when: `${LIVE} and r.end_date is not null` },
  ],
  rent_payments: [
    { kind: 'rent', day: UNDATED, when: LIVE },
    { kind: 'rent.paid', day: UNDATED, when: `${LIVE} and r.status = 'Paid'` },
    { kind: 'rent.marked_overdue', day: UNDATED, when: `${LIVE} and r.status = 'Overdue'` },
    { kind: 'rent.unpaid', day: 'r.due_date', when: `${LIVE} and r.status <> 'Paid' and r.status <> 'Overdue'` },
    { kind: 'calendar.rent', day: 'r.due_date', when: LIVE },
  ],
  certificates: [
    {
      kind: 'calendar.certificate_expiry',
      day: 'r.expiry_date',
      when: `${LIVE} and not r.superseded and r.type <> ${LICENCE_ONLY}`,
    },
    {
      kind: 'calendar.licence_expiry',
      day: 'r.expiry_date',
      when: `${LIVE} and not r.superseded and r.type = ${LICENCE_ONLY}`,
    },
  ],
  tenants: [
    {
      kind: 'calendar.right_to_rent',
      day: 'r.right_to_rent_expiry',
      when: `${LIVE} and r.right_to_rent_expiry is not null`,
    },
  ],
  property_documents: [
    { kind: 'calendar.document_expiry', day: 'r.expiry_date', when: `${LIVE} and r.expiry_date is not null` },
  ],
  maintenance_issues: [{ kind: 'calendar.maintenance', day: 'r.due_date', when: `${LIVE} and r.due_date is not null` }],
  inspections: [{ kind: 'calendar.inspection', day: 'r.inspection_date', when: `${LIVE} and r.status <> 'cancelled'` }],
};

const TABLES = Object.keys(COUNTED) as CountedTable[];

/** The (landlord, kind, day, sign) of every kind each row of `rows` counts in. */
const countsOf = (table: CountedTable, rows: string, sign: 1 | -1): string => `
  select r.landlord_id, k.kind, k.day, ${sign} as n
  from ${rows} r cross join lateral (values ${COUNTED[table].map((c) => `('${c.kind}', ${c.day}, ${c.when})`).join(', ')}) k(kind, day, counts)
  where k.counts`;

// Sorted before they are written, so two statements touching the same keys lock them in the same order. The keys
// whose count came back to zero are removed by a second statement (one statement cannot see its own upsert).
const apply = (deltas: string): string => {
  const keys = `select landlord_id, kind, day, sum(n) as n from (${deltas}) all_deltas group by landlord_id, kind, day having sum(n) <> 0`;
  return `
    insert into landlord_counts as c (landlord_id, kind, day, n)
    select d.landlord_id, d.kind, d.day, d.n from (${keys}) d join landlords l on l.id = d.landlord_id
    order by d.landlord_id, d.kind, d.day
    on conflict (landlord_id, kind, day) do update set n = c.n + excluded.n;
    delete from landlord_counts c using (${keys}) d
    where c.n = 0 and c.landlord_id = d.landlord_id and c.kind = d.kind and c.day = d.day`;
};

const triggerFunction = (table: CountedTable): string => `
create or replace function ${table}_count_rows() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${apply(countsOf(table, 'new_rows', 1))};
  elsif tg_op = 'DELETE' then
    ${apply(countsOf(table, 'old_rows', -1))};
  elsif tg_op = 'UPDATE' then
    ${apply(`${countsOf(table, 'new_rows', 1)} union all ${countsOf(table, 'old_rows', -1)}`)};
  else
    delete from landlord_counts where kind in (${COUNTED[table].map((c) => `'${c.kind}'`).join(', ')});
  end if;
  return null;
end $$`;

const REFRESH = `
create or replace function refresh_landlord_counts(landlord uuid) returns void language sql as $$
  -- null: every landlord (after a bulk load).
  delete from landlord_counts where landlord is null or landlord_id = landlord;
  insert into landlord_counts (landlord_id, kind, day, n)
  select landlord_id, kind, day, sum(n) from (
    ${TABLES.map((t) => countsOf(t, `(select * from ${t} where landlord is null or landlord_id = landlord)`, 1)).join(' union all ')}
  ) all_counts
  group by landlord_id, kind, day;
$$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table landlord_counts (
    landlord_id uuid not null references landlords (id) on delete cascade, kind text not null, day date not null, n bigint not null,
    primary key (landlord_id, kind, day))`);
  await knex.raw(REFRESH);
  for (const table of TABLES) {
    await knex.raw(triggerFunction(table));
    await createStatementTriggers(knex, table, `${table}_count`, `${table}_count_rows`);
  }
  await knex.raw('select refresh_landlord_counts(null)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await dropStatementTriggers(knex, table, `${table}_count`);
    await knex.raw(`drop function if exists ${table}_count_rows()`);
  }
  await knex.raw('drop function if exists refresh_landlord_counts(uuid)');
  await knex.raw('drop table if exists landlord_counts');
}
