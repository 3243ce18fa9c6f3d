// The compliance summary, kept by the database per landlord and local date. The summary lists every property with
// its items' day counts, so what it answers changes every day and with every write to a property or a contract; at
// 50,000 properties computing it is a statement of seconds and a body of about 29 MB. The answer for one date is the
// same for every request of that date until the landlord's properties or contracts change, so the first request of
// a date computes it and keeps it here, and every later request of that date reads one row.
//
//   compliance_summary_versions  per landlord, a number that moves on every statement writing its properties or
//                                contracts (statement-level triggers, whoever writes: the API, the certificate
//                                refresh, which writes the latest_* facts on the property, a manual edit); no row
//                                reads as version 0
//   compliance_summaries         per landlord, the last summary computed: the date it is for, the version of the
//                                data it was computed from, the format (the code that built it) and the body
//
// A kept body is served only for its date, its format and the current version. The version is read by the
// statement that computes the summary, so both come from one snapshot: a write that commits while a summary is
// being computed moves the version past the one kept with it, and the stale body is never served. Certificates
// reach the summary only through the facts their refresh writes on the property, and the date of today only
// through the key, so no trigger is needed on either. A bulk load that runs with triggers off
// (session_replication_role = replica) moves nothing: into a landlord whose summary is kept, it must delete that
// row itself (the benchmark's loader makes a new landlord, which has none).
import type { Knex } from 'knex';
import { createStatementTriggers, dropStatementTriggers } from './schema-steps';

export const SUMMARY_SOURCES = ['properties', 'contracts'] as const;

/** Moves the version of every landlord among `rows`; a landlord already gone (a cascade) is skipped. */
const bump = (rows: string): string => `
    insert into compliance_summary_versions as v (landlord_id, version)
    select distinct r.landlord_id, 1 from (${rows}) r join landlords l on l.id = r.landlord_id
    order by r.landlord_id
    on conflict (landlord_id) do update set version = v.version + 1`;

const BUMP_FUNCTION = `
create or replace function compliance_summary_bump() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${bump('select landlord_id from new_rows')};
  elsif tg_op = 'DELETE' then
    ${bump('select landlord_id from old_rows')};
  elsif tg_op = 'UPDATE' then
    ${bump('select landlord_id from new_rows union select landlord_id from old_rows')};
  else
    update compliance_summary_versions set version = version + 1;
  end if;
  return null;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table compliance_summary_versions (
    landlord_id uuid primary key references landlords (id) on delete cascade, version bigint not null)`);
  await knex.raw(`create table compliance_summaries (
    landlord_id uuid primary key references landlords (id) on delete cascade,
    today date not null, version bigint not null, format text not null, body text not null)`);
  // Stored uncompressed: read on every request, the body is copied out of its TOAST chunks instead of decompressed
  // (tens of MB at 50,000 properties).
  await knex.raw('alter table compliance_summaries alter column body set storage external');
  await knex.raw(BUMP_FUNCTION);
  for (const table of SUMMARY_SOURCES)
    await createStatementTriggers(knex, table, `${table}_summary_version`, 'compliance_summary_bump');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of SUMMARY_SOURCES) await dropStatementTriggers(knex, table, `${table}_summary_version`);
  await knex.raw('drop function if exists compliance_summary_bump()');
  await knex.raw('drop table if exists compliance_summaries');
  await knex.raw('drop table if exists compliance_summary_versions');
}
