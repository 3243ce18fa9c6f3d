// The transactional outbox: domain events are written in the same transaction as the change that implies
// them, and delivered later by the webhook dispatcher (never inside the request).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox_events', (t) => {
    t.uuid('id').primary(); // the event's uuid; its public id is `evt_<id>`
    t.uuid('landlord_id').notNullable().references('id').inTable('landlords').onDelete('CASCADE').index();
    t.string('event_type', 60).notNullable();
    t.jsonb('data').notNullable();
    t.string('status', 12).notNullable().defaultTo('pending'); // pending | dispatched
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('dispatched_at', { useTz: true });
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('outbox_events');
}
