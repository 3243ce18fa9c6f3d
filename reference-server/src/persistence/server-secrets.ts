// The secrets kept in the database (migration 20261130000000): the first process to ask draws one, every process
// (and every later start) gets the same.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

export type SecretName = 'url_signing';

/** The secret kept under `name`: drawn now (32 random bytes, base64url) when none is kept yet. */
export async function keptSecret(knex: Knex, name: SecretName): Promise<string> {
  // Several processes starting together: one insert wins, the others' do nothing, and all read the winner's.
  await knex('server_secrets')
    .insert({ name, secret: randomBytes(32).toString('base64url') })
    .onConflict('name')
    .ignore();
  const row = await knex('server_secrets').where({ name }).first<{ secret: string } | undefined>('secret');
  if (!row) throw new Error(`server secret ${name} was not kept`);
  return row.secret;
}
