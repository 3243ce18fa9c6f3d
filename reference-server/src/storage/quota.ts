// Storage quota per plan, counted on upload. Usage is what the landlord can see and manage: live documents
// (property and contract), the current image of each live property and chat attachments. Soft-deleted documents
// and replaced images stop counting, although their objects are retained.
import type { Plan } from '../persistence/models';
import { apiError } from '../platform/errors/api-error';
import type { WriteContext } from '../platform/sandbox/unit-of-work';
import type { Scope } from '../persistence/models';

const GB = 1024 ** 3;

/** Bytes per plan (not shown by the spec). Plans without API access get nothing through the API. */
export const STORAGE_QUOTA_BYTES: Readonly<Record<Plan, number>> = {
  Free: 0, Essential: 0, Professional: 0, Portfolio: 5 * GB, Enterprise: 50 * GB,
};

const sumOf = async (query: PromiseLike<unknown>): Promise<number> => Number(((await query) as { n: number | string | null } | undefined)?.n ?? 0);

export async function storageUsedBytes(scope: Scope): Promise<number> {
  const db = scope.db;
  const [propertyDocs, contractDocs, images, attachments] = await Promise.all([
    sumOf(db('property_documents').where({ landlord_id: scope.landlordId }).whereNull('deleted_at').sum({ n: 'size_bytes' }).first()),
    sumOf(db('contract_documents').where({ landlord_id: scope.landlordId }).whereNull('deleted_at').sum({ n: 'size_bytes' }).first()),
    sumOf(db('properties').where({ landlord_id: scope.landlordId }).whereNull('deleted_at').sum({ n: 'image_size_bytes' }).first()),
    sumOf(db('chat_messages').where({ landlord_id: scope.landlordId }).sum({ n: 'attachment_size' }).first()),
  ]);
  return propertyDocs + contractDocs + images + attachments;
}

/**
 * Refuses an upload that would take the landlord over the plan's quota (413 FILE_TOO_LARGE). Locks the landlord
 * row first, so concurrent uploads of one landlord are counted one after the other. `releasedBytes` is what the
 * upload replaces (a property's previous image).
 */
export async function assertWithinQuota(ctx: WriteContext, addedBytes: number, releasedBytes = 0): Promise<void> {
  const landlord = (await ctx.db('landlords').where({ id: ctx.landlordId }).forUpdate().first('plan')) as { plan: Plan | null } | undefined;
  const quota = landlord?.plan ? STORAGE_QUOTA_BYTES[landlord.plan] : 0;
  const used = await storageUsedBytes(ctx);
  if (used - releasedBytes + addedBytes > quota) {
    throw apiError('FILE_TOO_LARGE', `Storage quota exceeded: ${used} of ${quota} bytes used, this upload needs ${addedBytes}`);
  }
}
