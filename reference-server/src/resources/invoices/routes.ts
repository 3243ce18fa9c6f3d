// The invoice routes of the rent group: the PDF download and the exactly-once invoice email. Both carry their
// per-landlord limit as a route option, so the limiter refuses them in onPostAuth, before validation, any
// database query or PDF work.
import type { Request } from '@hapi/hapi';
import Joi from 'joi';
import { depsOf, isSandbox, readScope, todayFor } from '../../platform/app-context';
import { requireApiCredentials } from '../../platform/auth/credentials';
import { route, type IdParams, type TypedRoute } from '../../platform/http/routes';
import { dataEnvelope, idParams, uuid } from '../../platform/http/schemas';
import { fingerprintOf, IDEMPOTENCY_KEY_MAX } from '../../platform/idempotency/store';
import type { InvoicePdfService } from './pdf/service';
import { sendInvoiceEmail, type InvoiceEmailResult } from './email/service';

const emailBody = Joi.object({
  // Any syntactically valid address; top-level domains are not checked against a list (internal domains exist).
  email: Joi.string()
    .trim()
    .max(320)
    .email({ tlds: { allow: false } }),
})
  .required()
  .messages({
    'any.required': 'Request body is required: a JSON object, at least an empty one',
    'object.base': 'Request body must be a JSON object, at least an empty one',
  });

const emailHeaders = Joi.object({ 'idempotency-key': Joi.string().min(1).max(IDEMPOTENCY_KEY_MAX) }).unknown(true);

export const invoiceEmailResultSchema = Joi.object({
  sent: Joi.boolean().required(),
  sandbox: Joi.boolean().required(),
  rentPaymentId: uuid.required(),
  email: Joi.string().required(),
  documentType: Joi.string().valid('invoice', 'receipt').required(),
  reference: Joi.string().required(),
  sentAt: Joi.string().isoDate().allow(null).required(),
  messageId: Joi.string().allow(null).required(),
  attachment: Joi.object({
    filename: Joi.string().required(),
    contentType: Joi.string().valid('application/pdf').required(),
    sizeBytes: Joi.number().integer().min(1).required(),
  }).required(),
}).label('InvoiceEmailResult');

const IDEMPOTENCY_SCOPE = 'POST /rent/{id}/invoice/email';

interface EmailRefs {
  Params: IdParams;
  Payload: { email?: string };
  Headers: { 'idempotency-key'?: string };
}

export function invoiceRoutes(pdfs: InvoicePdfService): TypedRoute[] {
  return [
    route<{ Params: IdParams }>({
      method: 'GET',
      path: '/rent/{id}/invoice/pdf',
      options: {
        tags: ['api', 'Rent'],
        description:
          'Invoice (or receipt, once Paid) PDF of a rent payment; 20 per minute per landlord; cached 15 minutes',
        notes: [
          "The document shows landlord, tenant, property address, period and window, due date, amount, amount received, balance, status, date paid, the reference INV-<first 8 hex digits of the id> and an issue date (the landlord-local date of the payment's last change, so equal states give identical bytes).",
          'Bytes are cached 15 minutes by rent id, updated_at, template version, derived status and live/sandbox. Sandbox (key or X-Service-Mode) renders the same payment with a SANDBOX watermark.',
        ],
        plugins: { limits: { landlord: 'public_api.rent_invoice_pdf' } },
        validate: { params: idParams },
        // No response schema: Hapi validates only object payloads (it refuses a Buffer); the bytes are checked by tests.
        handler: async (request, h) => {
          const pdf = await pdfs.forPayment(
            readScope(request),
            request.params.id,
            todayFor(request),
            isSandbox(request),
          );
          return h
            .response(pdf.bytes)
            .type('application/pdf')
            .header('content-disposition', `inline; filename="${pdf.filename}"`)
            .header('cache-control', 'private, no-cache');
        },
      },
    }),
    route<EmailRefs>({
      method: 'POST',
      path: '/rent/{id}/invoice/email',
      options: {
        tags: ['api', 'Rent'],
        description:
          'Email the invoice (or receipt) PDF to the tenant or `email`; at most one successful send per rent payment',
        notes: [
          'Result: `sent`, `sandbox`, `rentPaymentId`, `email` (the recipient), `documentType` (`invoice` | `receipt`), `reference`, `sentAt`, `messageId` (null in sandbox), `attachment` { `filename`, `contentType`, `sizeBytes` }.',
          'Dedup record per payment: while a send is pending, 409 INVOICE_EMAIL_IN_PROGRESS; after a failed send (this request included), 409 INVOICE_EMAIL_FAILED; after a success, 200 with the stored result and no email. A pending record whose process died is resolved to failed after a 2-minute lease, never re-sent.',
          'Sandbox: renders and validates the PDF, sends nothing, queues nothing, stores no dedup or idempotency record.',
        ],
        plugins: { limits: { landlord: 'public_api.rent_invoice_email' }, errors: { invalidJson: 'VALIDATION_ERROR' } },
        validate: { params: idParams, headers: emailHeaders, payload: emailBody },
        response: { schema: dataEnvelope(invoiceEmailResultSchema, 'InvoiceEmailResponse') },
        handler: async (request, h) => {
          const run = async () => ({ status: 200, body: { data: await send(request, pdfs) } });
          const key = request.headers['idempotency-key'];
          // Sandbox writes nothing, not even an idempotency record: the key is validated and otherwise ignored.
          if (!key || isSandbox(request)) {
            const { body } = await run();
            return body;
          }
          const claim = {
            landlordId: requireApiCredentials(request).landlordId,
            scope: IDEMPOTENCY_SCOPE,
            key,
            fingerprint: fingerprintOf(request.params.id, request.payload ?? {}),
          };
          const outcome = await depsOf(request).idempotency.run(claim, run);
          const response = h.response(outcome.body as object).code(outcome.status);
          if (outcome.replayed) response.header('idempotent-replayed', 'true');
          return response;
        },
      },
    }),
  ];
}

function send(request: Request<EmailRefs>, pdfs: InvoicePdfService): Promise<InvoiceEmailResult> {
  const deps = depsOf(request);
  return sendInvoiceEmail(
    { knex: deps.knex, clock: deps.clock, logger: deps.logger, mailer: deps.mailer, pdfs },
    {
      scope: readScope(request),
      today: todayFor(request),
      sandbox: isSandbox(request),
      rentPaymentId: request.params.id,
      email: request.payload.email,
    },
  );
}
