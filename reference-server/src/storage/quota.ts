// Storage quota per plan, counted on upload. Usage is what the landlord can see and manage: live documents
// (property and contract), the current image of each live property and chat attachments. Soft-deleted documents
// and replaced images stop counting, although their objects are retained.
import type { Knex } from 'knex';
import { ChatMessage, ContractDocument, Property, PropertyDocument, type Plan } from '../persistence/models';
import { apiError } from '../platform/errors/api-error';
import type { WriteContext } from '../platform/sandbox/unit-of-work';
import type { Scope } from '../persistence/models';

const GB = 1024 ** 3;

/** Bytes per plan (not shown by the spec). Plans without API access get nothing through the API. */
export const STORAGE_QUOTA_BYTES: Readonly<Record<Plan, number>> = {
  Free: 0,
  Essential: 0,
  Professional: 0,
  Portfolio: 5 * GB,
  Enterprise: 50 * GB,
};

/** One round trip (a transaction's connection runs one query at a time), each sum from a landlord-scoped query. */
export async function storageUsedBytes(scope: Scope): Promise<number> {
  const sum = (query: { toKnexQuery(): Knex.QueryBuilder }, column: string): Knex.QueryBuilder =>
    query.toKnexQuery().clearSelect().sum(column);
  const row = (await (scope.db as Knex)
    .select({
      propertyDocs: sum(PropertyDocument.scoped(scope), 'size_bytes'),
      contractDocs: sum(ContractDocument.scoped(scope), 'size_bytes'),
      images: sum(Property.scoped(scope), 'image_size_bytes'),
      attachments: sum(ChatMessage.scoped(scope), 'attachment_size'),
    })
    .first()) as Record<'propertyDocs' | 'contractDocs' | 'images' | 'attachments', number | string | null>;
  return (
    Number(row.propertyDocs ?? 0) +
    Number(row.contractDocs ?? 0) +
    Number(row.images ?? 0) +
    Number(row.attachments ?? 0)
  );
}

/**
 * Refuses an upload that would take the landlord over the plan's quota (413 FILE_TOO_LARGE). Locks the landlord
 * row first, so concurrent uploads of one landlord are counted one after the other. `releasedBytes` is what the
 * upload replaces (a property's previous image).
 */
export async function assertWithinQuota(ctx: WriteContext, addedBytes: number, releasedBytes = 0): Promise<void> {
  const landlord = await ctx
    .db('landlords')
    .where({ id: ctx.landlordId })
    .forUpdate()
    .first<{ plan: Plan | null } | undefined>('plan');
  const quota = landlord?.plan ? STORAGE_QUOTA_BYTES[landlord.plan] : 0;
  const used = await storageUsedBytes(ctx);
  if (used - releasedBytes + addedBytes > quota) {
    throw apiError(
      'FILE_TOO_LARGE',
      `Storage quota exceeded: ${used} of ${quota} bytes used, this upload needs ${addedBytes}`,
    );
  }
}
