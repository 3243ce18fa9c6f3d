// Deleting a landlord from the dashboard (DELETE /dashboard/api/landlords/{id}): the landlord and every row it
// owns go in one transaction, then the stored objects its rows pointed at.
//
// Every landlord_id column references landlords ON DELETE CASCADE (the dashboard test holds every table to it),
// so deleting the landlord row deletes the rest in the same statement. The links between owned tables
// (certificate → property, contract → tenant, …) are NO ACTION; PostgreSQL checks those at the end of the
// statement, after every cascade has run, so the order of the cascades does not matter.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { CredentialAnnouncer } from '../platform/auth/credential-changes';
import { notFound } from '../platform/errors/api-error';
import type { ObjectStorage } from '../storage';

export interface DeletionDeps {
  readonly knex: Knex;
  readonly storage: ObjectStorage;
  readonly logger: Logger;
  /** Told once the deletion is committed: the landlord's keys stop working on every process at once. */
  readonly changes: CredentialAnnouncer;
}

/** Storage keys of the landlord's documents, chat attachments and current property images (soft-deleted rows too). */
async function objectKeysOf(trx: Knex.Transaction, landlordId: string): Promise<string[]> {
  const rows = (await trx
    .select('storage_key as key')
    .from('property_documents')
    .where('landlord_id', landlordId)
    .unionAll((q) => void q.select('storage_key as key').from('contract_documents').where('landlord_id', landlordId))
    .unionAll(
      (q) =>
        void q
          .select('attachment_key as key')
          .from('chat_messages')
          .where('landlord_id', landlordId)
          .whereNotNull('attachment_key'),
    )
    .unionAll(
      (q) =>
        void q.select('image_key as key').from('properties').where('landlord_id', landlordId).whereNotNull('image_key'),
    )) as Array<{ key: string }>;
  return [...new Set(rows.map((r) => r.key))];
}

/** Deletes the landlord and everything it owns; 404 NOT_FOUND when there is no such landlord. */
export async function deleteLandlord(deps: DeletionDeps, landlordId: string): Promise<void> {
  const { knex, storage, logger, changes } = deps;
  let objectKeys: string[] = [];
  await knex.transaction(async (trx) => {
    if (!(await trx('landlords').where({ id: landlordId }).first('id'))) throw notFound('Landlord');
    objectKeys = await objectKeysOf(trx, landlordId);
    // The outbox first, explicitly: this waits for a dispatcher holding some of its rows to commit. Left to the
    // cascade, that dispatcher's new deliveries would wait on the deleted landlord row while the cascade waits
    // on the dispatcher: a deadlock.
    await trx('outbox_events').where('landlord_id', landlordId).delete();
    // Zero when a concurrent deletion got there first: that one answers 200, this one 404.
    if ((await trx('landlords').where({ id: landlordId }).delete()) === 0) throw notFound('Landlord');
  });
  await changes.committed(landlordId);
  // The rows are gone whatever happens to the bytes: an object that cannot be removed is logged, not an error.
  let objects = 0;
  for (const key of objectKeys) {
    try {
      await storage.delete(key);
      objects += 1;
    } catch (err) {
      logger.warn({ err, landlordId, key }, 'stored object of a deleted landlord not removed');
    }
  }
  logger.info({ landlordId, objects }, 'landlord deleted from the dashboard');
}
