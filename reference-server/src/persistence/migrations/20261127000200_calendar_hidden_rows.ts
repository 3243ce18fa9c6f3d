// GET /events takes its per-date counts from landlord_counts, which count a source's rows whatever their property,
// and subtracts the rows the calendar does not show. Those reads start from the few rows they look for: the
// landlord's soft-deleted properties (then each one's rows through the source's property index; rent payments had
// none), and the latest licence certificates (of which only those of properties needing no licence are hidden).
import type { Knex } from 'knex';

const INDEXES: ReadonlyArray<readonly [name: string, definition: string]> = [
  ['properties_landlord_deleted', 'properties (landlord_id) where deleted_at is not null'],
  ['rent_payments_property_due', 'rent_payments (property_id, due_date) where deleted_at is null'],
  ['certificates_landlord_licence_latest', `certificates (landlord_id, expiry_date) where deleted_at is null and not superseded and type = 'LANDLORD_LICENCE'`],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of INDEXES) await knex.raw(`create index ${name} on ${definition}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await knex.raw(`drop index if exists ${name}`);
}
