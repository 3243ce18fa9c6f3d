// pgcrypto, for SHA-1 in SQL: calendar event ids are computed where the events of a date are ordered and paged
// (resources/calendar/model.ts), so a date with thousands of events sends only a page of them to Node. A trusted
// extension since PostgreSQL 13: a role that may create in the database may install it; the embedded database
// loads it at start (persistence/database.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pgcrypto');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop extension if exists pgcrypto');
}
