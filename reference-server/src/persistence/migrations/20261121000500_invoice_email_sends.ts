// The invoice-email dedup record: at most one successful invoice email per rent payment through the public API.
// One row per rent payment (unique), claimed with an atomic insert; the row's id is the claim token of the one
// request allowed to send. States: pending (sending; lease_expires_at bounds it), failed, sent (response holds
// the stored success payload replayed to later requests).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoice_email_sends', (t) => {
    t.uuid('id').primary();
    t.uuid('landlord_id').notNullable().references('id').inTable('landlords').onDelete('CASCADE').index();
    t.uuid('rent_payment_id').notNullable().unique().references('id').inTable('rent_payments').onDelete('CASCADE');
    t.string('state', 10).notNullable();
    t.string('recipient', 320).notNullable();
    t.string('document_type', 10).notNullable(); // invoice | receipt
    t.timestamp('claimed_at', { useTz: true }).notNullable();
    // A pending row past its lease belongs to a process that died mid-send: it is resolved to failed, never re-sent.
    t.timestamp('lease_expires_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true });
    t.string('message_id', 998);
    t.string('error', 500);
    t.jsonb('response');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.raw(
    `alter table invoice_email_sends add constraint invoice_email_sends_state_check check (state in ('pending', 'failed', 'sent'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invoice_email_sends');
}
