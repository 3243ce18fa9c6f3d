// Tables of the resources the spec names but does not detail: contacts, mortgages (and their linked
// properties), chat conversations and messages, maintenance issues (and their notes), inspections.
// Every table is landlord-owned (landlord_id) and, where the API deletes, soft-deleted (deleted_at).
import type { Knex } from 'knex';

const timestamps = (t: Knex.CreateTableBuilder, knex: Knex): void => {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
};

const owned = (t: Knex.CreateTableBuilder): void => {
  t.uuid('id').primary();
  t.uuid('landlord_id').notNullable().references('id').inTable('landlords').onDelete('CASCADE').index();
};

export async function up(knex: Knex): Promise<void> {
  // Business contacts: contractors, agents, services.
  await knex.schema.createTable('contacts', (t) => {
    owned(t);
    t.string('name', 200).notNullable();
    t.string('company', 200);
    t.string('email', 320);
    t.string('mobile', 50);
    t.string('phone', 50);
    t.specificType('categories', 'text[]').notNullable().defaultTo('{}');
    t.text('notes');
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });

  await knex.schema.createTable('mortgages', (t) => {
    owned(t);
    t.string('lender', 200).notNullable();
    t.string('reference', 120).notNullable();
    t.decimal('balance', 14, 2).notNullable();
    t.decimal('interest_rate', 6, 3).notNullable(); // percent per year, e.g. 4.250
    t.decimal('monthly_payment', 12, 2).notNullable();
    t.string('rate_type', 20); // Fixed | Variable | Tracker | Discount
    t.date('product_end_date');
    t.date('term_end_date');
    t.string('status', 20).notNullable(); // Active | Pending | Redeemed
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });

  // A mortgage secures one or more properties of the same landlord (a portfolio loan secures several).
  await knex.schema.createTable('mortgage_properties', (t) => {
    owned(t);
    t.uuid('mortgage_id').notNullable().references('id').inTable('mortgages').onDelete('CASCADE');
    t.uuid('property_id').notNullable().references('id').inTable('properties').index();
    t.integer('position').notNullable().defaultTo(0); // keeps the order the client gave
    t.unique(['mortgage_id', 'property_id']);
  });

  // One conversation per (property, tenant): the landlord's side is the account owner.
  await knex.schema.createTable('chat_conversations', (t) => {
    owned(t);
    t.uuid('property_id').notNullable().references('id').inTable('properties').index();
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants');
    timestamps(t, knex);
    t.unique(['property_id', 'tenant_id']);
  });

  await knex.schema.createTable('chat_messages', (t) => {
    owned(t);
    t.uuid('conversation_id').notNullable().references('id').inTable('chat_conversations');
    t.uuid('property_id').notNullable().references('id').inTable('properties');
    t.string('sender_type', 10).notNullable(); // landlord | tenant
    t.string('sender_name', 200).notNullable();
    t.text('text'); // null when the message is an attachment alone
    t.string('attachment_name', 255);
    t.string('attachment_type', 120);
    t.bigInteger('attachment_size');
    t.string('attachment_key', 300); // object key when the bytes live in the storage service
    t.binary('attachment_data'); // the bytes themselves when they do not
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['conversation_id', 'sent_at']);
    t.index(['property_id', 'sent_at']);
  });

  await knex.schema.createTable('maintenance_issues', (t) => {
    owned(t);
    t.uuid('property_id').notNullable().references('id').inTable('properties').index();
    t.string('title', 200).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.string('priority', 10).notNullable(); // Low | Medium | High | Urgent
    t.string('status', 12).notNullable(); // Open | In_Progress | Resolved | Closed
    t.string('category', 40);
    t.uuid('assigned_contact_id').references('id').inTable('contacts').index();
    t.date('due_date');
    t.timestamp('resolved_at', { useTz: true });
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });

  await knex.schema.createTable('maintenance_issue_notes', (t) => {
    owned(t);
    t.uuid('issue_id').notNullable().references('id').inTable('maintenance_issues').index();
    t.text('text').notNullable();
    t.string('author_name', 200).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('inspections', (t) => {
    owned(t);
    t.uuid('property_id').notNullable().references('id').inTable('properties').index();
    t.date('inspection_date').notNullable();
    t.string('inspection_type', 20).notNullable(); // routine | check_in | check_out | interim | safety
    t.string('status', 20).notNullable(); // scheduled | in_progress | completed | cancelled
    t.string('inspector_name', 200);
    t.text('summary');
    t.text('landlord_actions').notNullable().defaultTo('');
    t.timestamp('completed_at', { useTz: true });
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
    t.index(['landlord_id', 'inspection_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'inspections',
    'maintenance_issue_notes',
    'maintenance_issues',
    'chat_messages',
    'chat_conversations',
    'mortgage_properties',
    'mortgages',
    'contacts',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
