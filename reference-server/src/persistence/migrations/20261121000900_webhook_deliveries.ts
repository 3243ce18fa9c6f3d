// Webhook delivery state: one delivery per (event, subscription), every attempt recorded, and the keys that
// make each scheduled event (rent.overdue, rent.due_soon, contract.expiring, contract.ended) fire once.
// These are system tables read by the dispatcher and workers across landlords; the public API never reads
// them, and the dashboard reads them by id.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('id').primary();
    t.uuid('landlord_id').notNullable().references('id').inTable('landlords').onDelete('CASCADE');
    t.uuid('subscription_id').notNullable().references('id').inTable('webhook_subscriptions').onDelete('CASCADE');
    t.uuid('event_id').notNullable(); // the event's uuid (`evt_<uuid>`): shared by every delivery of the event
    t.string('event_type', 60).notNullable();
    t.boolean('test').notNullable().defaultTo(false);
    t.text('body').notNullable(); // the exact bytes every attempt sends (and signs)
    t.string('status', 20).notNullable(); // pending | retry_scheduled | succeeded | permanently_failed
    t.integer('attempt_count').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable();
    t.timestamp('next_attempt_at', { useTz: true }); // null once final
    t.string('next_trigger', 10).notNullable().defaultTo('automatic'); // automatic | manual (dashboard retry)
    // Embedded queue: a worker's lease, claimed atomically; an expired lease is up for grabs again.
    t.timestamp('locked_until', { useTz: true });
    t.string('locked_by', 120);
    // BullMQ: the attempt a job was last added for, so the pump adds each attempt's job once.
    t.integer('enqueued_attempt');
    t.timestamp('enqueued_at', { useTz: true });
    t.integer('last_status_code');
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('completed_at', { useTz: true });
    t.unique(['event_id', 'subscription_id']);
    t.index(['subscription_id', 'created_at']);
    t.index(['landlord_id']);
  });

  // What workers claim: open deliveries in due order. Partial, so finished deliveries never slow the claim.
  await knex.raw(
    `create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status in ('pending', 'retry_scheduled')`,
  );

  await knex.schema.createTable('webhook_delivery_attempts', (t) => {
    t.uuid('id').primary();
    t.uuid('delivery_id').notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
    t.integer('attempt_number').notNullable();
    t.string('trigger', 10).notNullable(); // automatic | manual
    t.timestamp('attempted_at', { useTz: true }).notNullable();
    t.integer('status_code'); // null: no HTTP answer (timeout, network error)
    t.integer('latency_ms').notNullable();
    t.text('error'); // null when the receiver answered
    t.boolean('succeeded').notNullable();
    t.unique(['delivery_id', 'attempt_number']);
  });

  await knex.schema.createTable('scheduled_events', (t) => {
    t.string('event_type', 60).notNullable();
    t.uuid('source_id').notNullable(); // the rent payment or contract
    t.string('occurrence', 40).notNullable(); // e.g. the due date, or `<end date>:d30`
    t.uuid('landlord_id').notNullable().references('id').inTable('landlords').onDelete('CASCADE');
    t.uuid('outbox_event_id'); // set in the same transaction as the key
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['event_type', 'source_id', 'occurrence']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduled_events');
  await knex.schema.dropTableIfExists('webhook_delivery_attempts');
  await knex.schema.dropTableIfExists('webhook_deliveries');
}
