// The faults of the checks in email.ts: each must make its check FAIL (a broken deployment per fault).
import { CONCURRENT_SENDS } from '../../../src/checks/invoices/email';
import { codeOf, count, errorResponse, jsonResponse, mapJson, sandboxThatWrites } from '../../support/faults';
import { Rec, path, EMAIL, bodyOf, withBody } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'invoices.emailRefusesInvalidRequests': [
    redTeamFault('invoice-email-no-body-accepted'),
    {
      fault: () => ({
        description: 'an invalid email override is accepted (200)',
        request: (req) =>
          EMAIL.test(path(req)) && bodyOf(req).email === 'not-an-email'
            ? jsonResponse(200, { data: { sent: true, sandbox: false } })
            : undefined,
      }),
    },
    {
      fault: () => ({
        description: 'an empty invoice email body is treated as {}',
        request: (req) => (EMAIL.test(path(req)) && req.body.length === 0 ? withBody(req, {}) : undefined),
      }),
    },
  ],
  'invoices.emailWithoutTenantAddressAnswers400TenantEmailMissing': [
    {
      fault: () =>
        mapJson(
          'TENANT_EMAIL_MISSING answered as VALIDATION_ERROR',
          (_q, r) => codeOf(r) === 'TENANT_EMAIL_MISSING',
          (b) => ({ ...b, code: 'VALIDATION_ERROR' }),
        ),
    },
  ],
  'invoices.emailInSandboxSendsNothing': [{ fault: (t) => sandboxThatWrites(t) }],
  'invoices.emailConcurrentAndRepeatedSendsShareOnePayload': [
    redTeamFault('invoice-repeat-to-another-address-sends-again'),
    redTeamFault('invoice-repeat-new-payload'),
    {
      fault: () =>
        mapJson(
          'every invoice email answer is a fresh payload (its own sentAt)',
          (q, r) => EMAIL.test(path(q)) && r.status === 200,
          (b) => ({
            ...b,
            data: { ...(b.data as Rec), sentAt: new Date(Date.now() + Math.floor(Math.random() * 1e6)).toISOString() },
          }),
        ),
    },
    // The repeat is the request after the check's concurrent ones.
    {
      fault: () => ({
        description: 'a repeated invoice email answers 409 INVOICE_EMAIL_FAILED',
        request: (req, ctx) =>
          EMAIL.test(path(req)) && count(ctx, path(req)) > CONCURRENT_SENDS
            ? errorResponse(409, 'INVOICE_EMAIL_FAILED', 'An earlier send failed')
            : undefined,
      }),
    },
  ],
  'invoices.emailSentExactlyOnceWithThePdf': [
    {
      fault: () => ({
        description: 'the email override is ignored (the invoice goes to the tenant)',
        request: (req) =>
          EMAIL.test(path(req)) && typeof bodyOf(req).email === 'string' ? withBody(req, {}) : undefined,
      }),
    },
  ],
  'invoices.emailIdempotencyKeyReplays': [
    redTeamFault('idempotency-key-of-128-refused'),
    {
      fault: () => ({
        description: 'an Idempotency-Key of 128 characters is refused',
        request: (req) =>
          EMAIL.test(path(req)) && (req.headers['idempotency-key'] ?? '').length >= 100
            ? errorResponse(400, 'VALIDATION_ERROR', 'Invalid request: headers.idempotency-key: too long')
            : undefined,
      }),
    },
    {
      fault: () =>
        mapJson(
          'an Idempotency-Key replay answers a different payload',
          (q, r) => EMAIL.test(path(q)) && q.headers['idempotency-key'] !== undefined && r.status === 200,
          (b, q) => ({
            ...b,
            data: {
              ...(b.data as Rec),
              replayedAt: `${Date.now()}-${q.headers['idempotency-key']?.length}-${Math.random()}`,
            },
          }),
        ),
    },
  ],
};

/** Each run against a fresh reference server with the spec's default per-landlord limits. */
export const freshServerFaults: FaultTable = {
  'invoices.emailLimitedTo10PerMinute': [
    {
      fault: () =>
        mapJson(
          'the invoice email limit is never enforced (429 answered 404)',
          (q, r) => EMAIL.test(path(q)) && r.status === 429,
          () => [{ error: 'Rent payment not found', code: 'NOT_FOUND' }, 404],
        ),
    },
    {
      fault: () => ({
        description: 'the invoice email limit is counted only after the payment is found (unknown ids never count)',
        request: (req) =>
          EMAIL.test(path(req)) ? errorResponse(404, 'NOT_FOUND', 'Rent payment not found') : undefined,
      }),
    },
  ],
};
