// Contracts that have ended are set aside (archived), so that a page of the other statuses reads only the rest.
//
// `GET /contracts?status=Active` pages in creation order, and a landlord's oldest contracts are the ended ones: at
// 50,000 properties the page's walk of the list index passed 100,000 ended contracts before the first Active one
// (6 ms of index alone, 40 ms p50 at 10 connections against 9 ms at 500 properties). Whether a contract has ended
// depends on today, so no index predicate can say it; but once ended a contract stays ended while its end date is
// unchanged. So a sweep marks `archived` the contracts whose end date is before a date, and records that date per
// landlord (`contract_sweeps.swept_before`, only ever moved forward, in the same transaction). The invariant, kept
// by construction: an archived row's end date is before its landlord's `swept_before`. A reader whose today is not
// before `swept_before` may leave archived rows out of every status but Ended; one whose today is (a clock behind
// another's) reads them all. A row whose end date or landlord changes is unarchived by a row trigger, whoever
// writes it. The sweep runs when a reader first needs it on a new day (`sweep_ended_contracts`), so it marks one
// day's endings; this migration sweeps every landlord up to yesterday (a landlord's local date is never more than
// a day behind the database's), and a bulk load with triggers off calls the sweep itself.
import type { Knex } from 'knex';
import { createIndexes, dropIndexes, type IndexDefinition } from './schema-steps';

const INDEXES: readonly IndexDefinition[] = [
  // The list order of the contracts not archived, with the status columns (as contracts_landlord_order).
  [
    'contracts_open_order',
    'contracts (landlord_id, created_at, id) include (start_date, end_date, notice_served) where deleted_at is null and not archived',
  ],
  // The sweep's work: the contracts not archived whose end date has passed.
  ['contracts_open_end', 'contracts (landlord_id, end_date) where not archived'],
];

const SWEEP = `
create or replace function sweep_ended_contracts(landlord uuid, today date) returns boolean language plpgsql as $$
declare
  swept date;
begin
  select s.swept_before into swept from contract_sweeps s where s.landlord_id = landlord;
  if swept is null or swept < today then
    -- One sweep of a landlord at a time (the landlord's row, locked): two updating the same rows could deadlock.
    insert into contract_sweeps (landlord_id, swept_before) values (landlord, '-infinity') on conflict do nothing;
    select s.swept_before into swept from contract_sweeps s where s.landlord_id = landlord for update;
    if swept < today then
      update contracts set archived = true where landlord_id = landlord and not archived and end_date < today;
      update contract_sweeps s set swept_before = today where s.landlord_id = landlord;
      swept := today;
    end if;
  end if;
  -- Whether a reader at today may leave the archived contracts out.
  return swept <= today;
end $$`;

const UNARCHIVE = `
create or replace function contracts_unarchive() returns trigger language plpgsql as $$
begin
  new.archived := false;
  return new;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table contracts add column archived boolean not null default false');
  await knex.raw(`create table contract_sweeps (
    landlord_id uuid primary key references landlords (id) on delete cascade, swept_before date not null)`);
  await knex.raw(UNARCHIVE);
  await knex.raw(`create trigger contracts_unarchive before insert or update of end_date, landlord_id on contracts
    for each row execute function contracts_unarchive()`);
  await knex.raw(SWEEP);
  await createIndexes(knex, INDEXES);
  await knex.raw(`select sweep_ended_contracts(id, current_date - 1) from landlords`);
}

export async function down(knex: Knex): Promise<void> {
  await dropIndexes(knex, INDEXES);
  await knex.raw('drop function if exists sweep_ended_contracts(uuid, date)');
  await knex.raw('drop trigger if exists contracts_unarchive on contracts');
  await knex.raw('drop function if exists contracts_unarchive()');
  await knex.raw('drop table if exists contract_sweeps');
  await knex.raw('alter table contracts drop column if exists archived');
}
