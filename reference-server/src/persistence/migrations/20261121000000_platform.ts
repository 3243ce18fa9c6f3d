// Platform and core portfolio tables. Every landlord-owned table carries landlord_id (tenant scoping)
// and, where the spec asks for soft delete, deleted_at.
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
  await knex.schema.createTable('landlords', (t) => {
    t.uuid('id').primary();
    t.string('name', 200).notNullable();
    t.string('email', 320).notNullable();
    t.string('phone', 50);
    t.string('address', 500);
    // Essential | Professional | Portfolio | Enterprise | Free; null = no subscription
    t.string('plan', 20);
    t.string('subscription_status', 20).notNullable().defaultTo('active');
    t.string('timezone', 64).notNullable().defaultTo('Europe/London');
    t.integer('property_limit');
    t.date('next_billing_date');
    timestamps(t, knex);
  });

  await knex.schema.createTable('api_keys', (t) => {
    owned(t);
    t.string('name', 200).notNullable();
    // sha256 of the whole key; the clear key is shown once and never stored or logged.
    t.string('key_hash', 64).notNullable().unique();
    t.string('last4', 4).notNullable();
    t.string('mode', 10).notNullable(); // live | sandbox
    t.string('scope', 12).notNullable(); // read_only | read_write
    t.jsonb('rate_limits'); // per-key overrides of the plan's limits
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    timestamps(t, knex);
  });

  await knex.schema.createTable('team_members', (t) => {
    owned(t);
    t.string('name', 200).notNullable();
    t.string('email', 320).notNullable();
    t.string('role', 40).notNullable();
    t.string('status', 20).notNullable();
    t.boolean('is_owner').notNullable().defaultTo(false);
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });

  await knex.schema.createTable('properties', (t) => {
    owned(t);
    t.string('short_name', 200).notNullable();
    t.string('address_line1', 300).notNullable();
    t.string('address_line2', 300);
    t.string('city', 120).notNullable();
    t.string('postcode', 20).notNullable();
    t.string('property_type', 40).notNullable();
    t.integer('bedrooms').notNullable().defaultTo(0);
    t.integer('bathrooms').notNullable().defaultTo(0);
    t.boolean('maintenance').notNullable().defaultTo(false);
    t.boolean('licence_required').notNullable().defaultTo(false);
    t.string('image_key', 300);
    t.date('gsc_renewal');
    t.date('eicr_renewal');
    t.date('epc_renewal');
    t.date('landlord_licence_renewal');
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });

  // Certificates held for a property; their expiry dates imply the renewal fields.
  await knex.schema.createTable('certificates', (t) => {
    owned(t);
    t.uuid('property_id').notNullable().references('id').inTable('properties').index();
    t.string('type', 20).notNullable(); // GSC | EICR | EPC | LANDLORD_LICENCE
    t.date('issued_date').notNullable();
    t.date('expiry_date').notNullable();
    t.string('epc_rating', 2); // band letter A..G
    t.integer('epc_score');
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });

  await knex.schema.createTable('tenants', (t) => {
    owned(t);
    t.uuid('property_id').references('id').inTable('properties');
    t.string('first_name', 120).notNullable();
    t.string('last_name', 120).notNullable();
    t.string('email', 320);
    t.string('phone', 50);
    t.string('status', 20).notNullable().defaultTo('INVITED'); // INVITED | ACTIVE
    t.boolean('has_account').notNullable().defaultTo(false);
    t.date('right_to_rent_expiry');
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });

  await knex.schema.createTable('contracts', (t) => {
    owned(t);
    t.uuid('property_id').notNullable().references('id').inTable('properties').index();
    t.uuid('main_tenant_id').notNullable().references('id').inTable('tenants').index();
    t.specificType('additional_tenant_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.string('tenancy_reference', 120).notNullable();
    t.date('start_date').notNullable();
    t.date('end_date');
    t.decimal('rent_amount', 12, 2).notNullable();
    t.string('rent_frequency', 20).notNullable().defaultTo('monthly');
    t.decimal('deposit_amount', 12, 2);
    t.boolean('notice_served').notNullable().defaultTo(false);
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });

  await knex.schema.createTable('rent_payments', (t) => {
    owned(t);
    t.uuid('contract_id').notNullable().references('id').inTable('contracts').index();
    t.uuid('property_id').notNullable().references('id').inTable('properties');
    t.uuid('tenant_id').notNullable().references('id').inTable('tenants');
    t.string('period', 100).notNullable();
    t.decimal('amount', 12, 2).notNullable();
    t.string('status', 10).notNullable(); // Pending | Paid | Overdue
    t.decimal('amount_received', 12, 2);
    t.date('date_paid');
    t.date('due_date').notNullable();
    t.date('period_start');
    t.date('period_end');
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });
  // Concurrent creates of the same (contract, period) cannot both succeed: the database decides.
  await knex.raw(
    'create unique index rent_payments_contract_period_unique on rent_payments (contract_id, period) where deleted_at is null',
  );

  for (const table of ['property_documents', 'contract_documents'] as const) {
    await knex.schema.createTable(table, (t) => {
      owned(t);
      if (table === 'contract_documents')
        t.uuid('contract_id').notNullable().references('id').inTable('contracts').index();
      t.uuid('property_id').notNullable().references('id').inTable('properties').index();
      t.string('name', 500).notNullable();
      t.string('type', 60).notNullable();
      t.date('expiry_date');
      t.string('storage_key', 300).notNullable();
      t.string('content_type', 120).notNullable();
      t.bigInteger('size_bytes').notNullable();
      timestamps(t, knex);
      t.timestamp('deleted_at', { useTz: true });
    });
  }

  await knex.schema.createTable('handbooks', (t) => {
    owned(t);
    t.uuid('property_id').notNullable().unique().references('id').inTable('properties');
    t.jsonb('knowledge'); // null: nothing recorded yet
    timestamps(t, knex);
  });

  await knex.schema.createTable('meters', (t) => {
    owned(t);
    t.uuid('property_id').notNullable().references('id').inTable('properties').index();
    t.string('utility_type', 20).notNullable(); // electricity | gas | water | heat_network | oil
    t.string('location_description', 300);
    t.string('unit', 10).notNullable(); // kWh | m3 | ft3 | litres
    t.string('mpan', 40);
    t.string('mprn', 40);
    t.string('serial_number', 60);
    t.string('tariff_structure', 40);
    t.string('payment_mode', 40);
    t.date('removed_date');
    timestamps(t, knex);
  });

  await knex.schema.createTable('meter_readings', (t) => {
    owned(t);
    t.uuid('meter_id').notNullable().references('id').inTable('meters').index();
    t.date('reading_date').notNullable();
    t.string('reason', 20).notNullable(); // check_in | check_out | changeover | routine
    t.string('status', 20).notNullable().defaultTo('actual');
    t.jsonb('registers').notNullable(); // [{ register, value }]
    timestamps(t, knex);
  });

  await knex.schema.createTable('suppliers', (t) => {
    owned(t);
    t.uuid('property_id').notNullable().references('id').inTable('properties').index();
    t.string('utility_type', 20).notNullable();
    t.string('supplier_name', 200).notNullable();
    t.string('account_number', 60); // never included in API responses
    timestamps(t, knex);
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('landlord_id').notNullable().references('id').inTable('landlords').onDelete('CASCADE');
    t.string('scope', 100).notNullable(); // route the key was used on
    t.string('key', 128).notNullable();
    t.string('fingerprint', 64).notNullable(); // sha256 of method, path and body
    t.string('state', 12).notNullable(); // in_progress | completed
    t.integer('response_status');
    t.jsonb('response_body');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['landlord_id', 'scope', 'key']);
  });

  await knex.schema.createTable('webhook_subscriptions', (t) => {
    owned(t);
    t.string('url', 2000).notNullable();
    t.specificType('events', 'text[]').notNullable();
    t.string('secret', 200).notNullable(); // needed in clear to sign deliveries; shown to the user once
    t.string('description', 300);
    t.boolean('active').notNullable().defaultTo(true);
    timestamps(t, knex);
    t.timestamp('deleted_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'webhook_subscriptions',
    'idempotency_keys',
    'suppliers',
    'meter_readings',
    'meters',
    'handbooks',
    'contract_documents',
    'property_documents',
    'rent_payments',
    'contracts',
    'tenants',
    'certificates',
    'properties',
    'team_members',
    'api_keys',
    'landlords',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
