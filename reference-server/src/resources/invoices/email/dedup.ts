// The invoice-email dedup record: one row per rent payment, claimed by an atomic insert (ON CONFLICT DO NOTHING),
// so however many requests or processes race, exactly one gets to send. Its moves:
//   (none) --claim--> pending --send ok--> sent      (response holds the payload every later request gets)
//                     pending --send failed--> failed (automatic resend blocked: 409 INVOICE_EMAIL_FAILED)
//                     pending --lease expired--> failed (the claimer died mid-send; whether SMTP accepted the
//                                                        message is unknown, so it is never re-sent)
// A claimer always settles its row well within the lease (sends time out first), so an expired pending row means
// its process is gone. A late success after the row was failed still records `sent`: the row tells the truth.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { InvoiceEmailSend, type Scope } from '../../../persistence/models';
import { apiError } from '../../../platform/errors/api-error';
import type { DocumentType } from '../document';

/** How long a send may take before the mailer gives up: well below the lease. */
export const SEND_TIMEOUT_MS = 45_000;
/** A pending record older than this belongs to a dead process. */
export const INVOICE_EMAIL_LEASE_MS = 2 * 60_000;

export interface ClaimRequest {
  readonly rentPaymentId: string;
  readonly recipient: string;
  readonly documentType: DocumentType;
  readonly now: Date;
}

export type ClaimResult =
  { readonly claimed: true; readonly id: string } | { readonly claimed: false; readonly record: InvoiceEmailSend };

const TABLE = 'invoice_email_sends';

export const findRecord = async (scope: Scope, rentPaymentId: string): Promise<InvoiceEmailSend | undefined> =>
  InvoiceEmailSend.scoped(scope).where('rent_payment_id', rentPaymentId).first();

export async function claim(scope: Scope, request: ClaimRequest): Promise<ClaimResult> {
  const id = randomUUID();
  const inserted = await scope
    .db(TABLE)
    .insert({
      id,
      landlord_id: scope.landlordId,
      rent_payment_id: request.rentPaymentId,
      state: 'pending',
      recipient: request.recipient,
      document_type: request.documentType,
      claimed_at: request.now,
      lease_expires_at: new Date(request.now.getTime() + INVOICE_EMAIL_LEASE_MS),
      created_at: request.now,
      updated_at: request.now,
    })
    .onConflict('rent_payment_id')
    .ignore()
    .returning<Array<{ id: string }>>('id');
  if (inserted.length > 0) return { claimed: true, id };
  const record = await findRecord(scope, request.rentPaymentId);
  if (!record) throw apiError('INVOICE_EMAIL_IN_PROGRESS'); // deleted between insert and read: treat as busy
  return { claimed: false, record };
}

const storedPayload = (record: InvoiceEmailSend): unknown =>
  typeof record.response === 'string' ? JSON.parse(record.response) : record.response;

/**
 * What an existing record means for a new request: the stored success payload, or 409. A pending record past its
 * lease is resolved to failed here (a conditional update, so concurrent resolvers agree) and reported as failed.
 */
export async function settle(scope: Scope, record: InvoiceEmailSend, now: Date): Promise<unknown> {
  if (record.state === 'sent') return storedPayload(record);
  if (record.state === 'pending') {
    if (new Date(record.lease_expires_at).getTime() > now.getTime()) throw apiError('INVOICE_EMAIL_IN_PROGRESS');
    await scope
      .db(TABLE)
      .where({ id: record.id, landlord_id: scope.landlordId, state: 'pending' })
      .where('lease_expires_at', '<=', now)
      .update({
        state: 'failed',
        error: 'abandoned: the sending process stopped before finishing (lease expired)',
        finished_at: now,
        updated_at: now,
      });
    const current = await findRecord(scope, record.rent_payment_id);
    if (current && current.state === 'sent') return storedPayload(current);
  }
  throw apiError('INVOICE_EMAIL_FAILED');
}

/** Records the success of claim `id` (whatever its state: a late success after a lease expiry is still a send). */
export async function markSent(
  db: Knex | Knex.Transaction,
  landlordId: string,
  id: string,
  payload: { messageId: string | null },
  now: Date,
): Promise<void> {
  await db(TABLE)
    .where({ id, landlord_id: landlordId })
    .update({
      state: 'sent',
      response: JSON.stringify(payload),
      message_id: payload.messageId,
      error: null,
      finished_at: now,
      updated_at: now,
    });
}

export async function markFailed(scope: Scope, id: string, error: string, now: Date): Promise<void> {
  await scope
    .db(TABLE)
    .where({ id, landlord_id: scope.landlordId, state: 'pending' })
    .update({ state: 'failed', error: error.slice(0, 500), finished_at: now, updated_at: now });
}

/** For operators (dashboard): clears a failed record so the next request may send again. Never used automatically. */
export async function clearFailed(scope: Scope, rentPaymentId: string): Promise<boolean> {
  const removed = (await scope
    .db(TABLE)
    .where({ landlord_id: scope.landlordId, rent_payment_id: rentPaymentId, state: 'failed' })
    .delete()
    .returning('id')) as unknown[];
  return removed.length > 0;
}
