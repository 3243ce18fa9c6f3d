// Secrets the server makes itself when the configuration gives none, kept in the database so that every process on
// it uses the same one, and a restart too: the key of signed document download links (URL_SIGNING_SECRET unset).
// Drawn at random per process, a link signed by one process was refused by the others behind a balancer, and by
// the same process after a restart.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('server_secrets', (t) => {
    t.text('name').primary();
    t.text('secret').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('server_secrets');
}
