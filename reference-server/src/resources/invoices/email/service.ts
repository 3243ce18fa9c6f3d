// POST /rent/{id}/invoice/email (rules 1-9): at most one successful send per rent payment, whatever the
// concurrency. Order of work: the rate limit ran before this (onPostAuth); load the payment (404); an existing
// dedup record answers at once (stored payload or 409); load the rest of the document and resolve the
// recipient (400 TENANT_EMAIL_MISSING);
// render the PDF (cached); claim the record atomically; send; record success and the rent.invoice_sent outbox
// event in one transaction. Sandbox stops after rendering and validating the PDF: no record, no mail, no event.
import type { EventData } from '../../../webhooks/catalogue/fields';
import type { Logger } from 'pino';
import type { Knex } from 'knex';
import type { Mailer } from '../../../platform/mail/mailer';
import type { Scope } from '../../../persistence/models';
import type { Clock } from '../../../platform/clock';
import { apiError } from '../../../platform/errors/api-error';
import { runWrite } from '../../../platform/sandbox/unit-of-work';
import { buildEventData } from '../../../webhooks/catalogue/build';
import { recordEvent } from '../../../webhooks/outbox/record';
import { completeDocument, loadPayment, type DocumentType, type InvoiceDocument } from '../document';
import { assertValidPdf } from '../pdf/render';
import type { InvoicePdfService } from '../pdf/service';
import { claim, findRecord, markFailed, markSent, SEND_TIMEOUT_MS, settle } from './dedup';
import { invoiceMessage } from './message';

export interface InvoiceEmailResult {
  sent: boolean;
  sandbox: boolean;
  rentPaymentId: string;
  email: string;
  documentType: DocumentType;
  reference: string;
  sentAt: string | null;
  messageId: string | null;
  attachment: { filename: string; contentType: 'application/pdf'; sizeBytes: number };
}

export interface InvoiceEmailDeps {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly mailer: Mailer;
  readonly pdfs: InvoicePdfService;
}

export interface InvoiceEmailRequest {
  readonly scope: Scope;
  readonly today: string;
  readonly sandbox: boolean;
  readonly rentPaymentId: string;
  readonly email?: string;
}

class SendTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout(`mail send timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** rent.invoice_sent `data`, exactly the catalogue's fields. */
export const invoiceSentData = (doc: InvoiceDocument, email: string): EventData<'rent.invoice_sent'> =>
  buildEventData('rent.invoice_sent', {
    rent_payment_id: doc.rentPaymentId,
    contract_id: doc.contractId,
    property_id: doc.propertyId,
    tenant_id: doc.tenantId,
    tenant_email: email,
    document_type: doc.documentType,
    period: doc.period,
    amount: doc.amount,
    due_date: doc.dueDate,
    sent_via: 'email',
  });

function recipientOf(doc: InvoiceDocument, override: string | undefined): string {
  const email = override ?? doc.tenant?.email ?? null;
  if (!email) throw apiError('TENANT_EMAIL_MISSING');
  return email;
}

export async function sendInvoiceEmail(
  deps: InvoiceEmailDeps,
  request: InvoiceEmailRequest,
): Promise<InvoiceEmailResult> {
  const { scope } = request;
  const payment = await loadPayment(scope, request.rentPaymentId, request.today, request.sandbox);

  if (request.sandbox) {
    const doc = await completeDocument(scope, payment);
    const email = recipientOf(doc, request.email);
    const pdf = await deps.pdfs.forDocument(doc);
    assertValidPdf(pdf.bytes);
    invoiceMessage(doc, email, pdf); // builds (validates) the message; nothing is sent
    return result(doc, email, pdf, { sent: false, sandbox: true, sentAt: null, messageId: null });
  }

  // An existing record answers before anything else is loaded (the common case under concurrency).
  const existing = await findRecord(scope, payment.rent.id);
  if (existing) return (await settle(scope, existing, deps.clock.now())) as InvoiceEmailResult;

  const doc = await completeDocument(scope, payment);
  const email = recipientOf(doc, request.email);
  const pdf = await deps.pdfs.forDocument(doc);
  const claimed = await claim(scope, {
    rentPaymentId: doc.rentPaymentId,
    recipient: email,
    documentType: doc.documentType,
    now: deps.clock.now(),
  });
  if (!claimed.claimed) return (await settle(scope, claimed.record, deps.clock.now())) as InvoiceEmailResult;

  const sending = deps.mailer.send(invoiceMessage(doc, email, pdf));
  let messageId: string;
  try {
    ({ messageId } = await withTimeout(sending, SEND_TIMEOUT_MS));
  } catch (err) {
    await markFailed(scope, claimed.id, err instanceof Error ? err.message : String(err), deps.clock.now());
    deps.logger.warn({ rentPaymentId: doc.rentPaymentId, err }, 'invoice email send failed; resend blocked');
    if (err instanceof SendTimeout) {
      // The mailer may still deliver: if it does, the record must say so (and the event must go out).
      sending
        .then(
          ({ messageId: late }) => succeed(deps, scope, claimed.id, doc, email, pdf, late),
          () => undefined,
        )
        .catch((lateErr: unknown) =>
          deps.logger.error({ err: lateErr }, 'recording a late invoice email success failed'),
        );
    }
    throw apiError('INVOICE_EMAIL_FAILED', 'Sending the invoice email failed; automatic resend is blocked');
  }
  return succeed(deps, scope, claimed.id, doc, email, pdf, messageId);
}

/** Stores the success payload and queues rent.invoice_sent (status pending) in one transaction. */
async function succeed(
  deps: InvoiceEmailDeps,
  scope: Scope,
  claimId: string,
  doc: InvoiceDocument,
  email: string,
  pdf: { bytes: Buffer; filename: string },
  messageId: string,
): Promise<InvoiceEmailResult> {
  const now = deps.clock.now();
  const payload = result(doc, email, pdf, { sent: true, sandbox: false, sentAt: now.toISOString(), messageId });
  await runWrite(deps, scope.landlordId, false, async (ctx) => {
    await markSent(ctx.db, ctx.landlordId, claimId, payload, now);
    await recordEvent(ctx, 'rent.invoice_sent', invoiceSentData(doc, email));
  });
  return payload;
}

function result(
  doc: InvoiceDocument,
  email: string,
  pdf: { bytes: Buffer; filename: string },
  outcome: Pick<InvoiceEmailResult, 'sent' | 'sandbox' | 'sentAt' | 'messageId'>,
): InvoiceEmailResult {
  return {
    sent: outcome.sent,
    sandbox: outcome.sandbox,
    rentPaymentId: doc.rentPaymentId,
    email,
    documentType: doc.documentType,
    reference: doc.reference,
    sentAt: outcome.sentAt,
    messageId: outcome.messageId,
    attachment: { filename: pdf.filename, contentType: 'application/pdf', sizeBytes: pdf.bytes.length },
  };
}
