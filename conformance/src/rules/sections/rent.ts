// "Endpoints > Rent". RENT-POST-1..5 and RENT-EMAIL-1..9 are the spec's numbered rules, word for word;
// facts from the table rows that the numbered rules do not cover are numbered after them.
import type { Rule } from '../../model';
import { inSection, quoting } from '../define';

const r = inSection('Endpoints > Rent');

export const RENT_GET_RULES: readonly Rule[] = [
  r.blackBox('RENT-GET-1', '`GET /rent` answers 200 `{ data: [RentPayment], meta }`.'),
  r.blackBox('RENT-GET-2', '`GET /rent` query `status` (`Paid`, `Pending`, `Overdue`) filters by status.'),
  r.blackBox('RENT-GET-3', '`GET /rent` query `contractId` (uuid) filters by contract.'),
  r.blackBox('RENT-GET-4', '`GET /rent` answers 400 on an invalid query.'),
];

export const RENT_POST_RULES: readonly Rule[] = [
  r.blackBox(
    'RENT-POST-1',
    'Requires Enterprise and a `read_write` key. In sandbox mode (sandbox key or `X-Service-Mode: sandbox`) nothing is written.',
    'Only this rule names `X-Service-Mode: sandbox` as a request header; checks send it with a live key on `POST /rent` only.',
  ),
  r.blackBox(
    'RENT-POST-2',
    '`propertyId`, `tenantId` and `contractId` must all refer to the same contract of the authenticated landlord.',
  ),
  r.blackBox('RENT-POST-3', '`period` is normalized by collapsing extra whitespace.'),
  r.blackBox('RENT-POST-4', 'A second record for the same `(contractId, period)` returns `409 CONFLICT`.'),
  r.blackBox(
    'RENT-POST-5',
    'When `status` is `Paid` and `amountReceived` is omitted it defaults to `amount`; when `datePaid` is omitted it defaults to today (UTC).',
  ),
  // From the table row.
  r.blackBox(
    'RENT-POST-6',
    '`POST /rent` (JSON; creates a manual payment record) answers 201 `{ data: RentPayment }`.',
  ),
  r.blackBox('RENT-POST-7', '`POST /rent` answers 400 on an invalid body.'),
  r.notShown('RENT-POST-8', 'Rent POST and PATCH body field names beyond those named above: not shown.'),
];

export const RENT_PATCH_RULES: readonly Rule[] = [
  r.blackBox(
    'RENT-PATCH-1',
    '`PATCH /rent/{id}` takes JSON with at least one field: status, `amountReceived`, `datePaid`, period window, due date; it answers 200 `{ data: RentPayment }`.',
  ),
  r.blackBox('RENT-PATCH-2', '`PATCH /rent/{id}` with no field answers 400.'),
  r.blackBox(
    'RENT-PATCH-3',
    '`PATCH /rent/{id}`: `amount` and contract, property, tenant identifiers cannot change.',
    'Whether such a field is rejected (400) or ignored is not said; checks assert only that the values are unchanged.',
  ),
  r.blackBox('RENT-PATCH-4', '`PATCH /rent/{id}` answers 404 for an unknown id and 409 on a conflict.'),
  r.blackBox('RENT-PATCH-5', 'Rules for `PATCH /rent/{id}`: Enterprise `read_write` only.'),
  r.blackBox(
    'RENT-PATCH-6',
    'Rules for `PATCH /rent/{id}`: sandbox returns a synthetic rent payment without updating anything.',
  ),
];

export const RENT_PDF_RULES: readonly Rule[] = [
  r.blackBox('RENT-PDF-1', '`GET /rent/{id}/invoice/pdf` answers 200 with `application/pdf` bytes.'),
  r.blackBox('RENT-PDF-2', '`GET /rent/{id}/invoice/pdf` answers 404 for an unknown id.'),
  quoting(
    r.notObservable(
      'RENT-PDF-3',
      'It returns the same invoice or receipt PDF as the landlord dashboard.',
      'The landlord dashboard is not part of the public API; the suite has no copy to compare with.',
    ),
    'Rules for `GET /rent/{id}/invoice/pdf`: returns the same invoice or receipt PDF as the landlord dashboard',
  ),
  r.blackBox('RENT-PDF-4', 'It requires `read_only` or `read_write` scope.'),
  r.blackBox('RENT-PDF-5', 'Per-landlord limit 20 requests per minute (`public_api.rent_invoice_pdf`).'),
  quoting(
    r.notObservable(
      'RENT-PDF-6',
      'The per-landlord limit is enforced before generation.',
      'Ordering inside the deployment is not visible from outside.',
    ),
    'per-landlord limit 20 requests per minute (`public_api.rent_invoice_pdf`), enforced before generation',
  ),
  r.blackBox(
    'RENT-PDF-7',
    'Bytes may be served from a cache keyed by rent id, `updated_at` and template version with a 15-minute lifetime.',
    'Caching itself is a permission and a cache hit cannot be told apart from a fresh rendering; what is observed is the key: after a PATCH of the payment (a new updated_at) the bytes of before are not served again (invoices.pdfFollowsRentPatch). The template version and the lifetime are not visible.',
  ),
  r.blackBox('RENT-PDF-8', 'Sandbox keys run the real pipeline on deterministic sandbox data.'),
];

export const RENT_EMAIL_RULES: readonly Rule[] = [
  r.needs(
    'needs-mail',
    'RENT-EMAIL-1',
    'Generates the invoice PDF and emails it to the tenant, or to `email` when given. Requires Enterprise `read_write`.',
    'The plan and scope part is black-box and also covered by AUTH-4 and AUTH-5.',
  ),
  r.blackBox(
    'RENT-EMAIL-2',
    'At most one successful `invoice_email_sent` per rent payment through this API. Concurrent or duplicate requests return `200` with the stored success payload and send no second email.',
    '"No second email" needs the target\'s mail capture (STATE-34). For concurrent requests STATE-31 prescribes 409 `INVOICE_EMAIL_IN_PROGRESS` instead; checks accept either.',
  ),
  r.blackBox(
    'RENT-EMAIL-3',
    'With `Idempotency-Key`, identical success responses are replayed for 24 hours. A matching request still running returns `409 IDEMPOTENCY_IN_PROGRESS`.',
    'The end of the 24-hour window is not observable within a run; the in-progress case depends on two requests overlapping.',
  ),
  r.blackBox(
    'RENT-EMAIL-4',
    'No tenant email on file and no `email` override returns `400 TENANT_EMAIL_MISSING`.',
    "Needs a rent payment whose tenant has no email in the target's data; skipped when none is found.",
  ),
  r.blackBox(
    'RENT-EMAIL-5',
    'An empty body or invalid JSON returns `400 VALIDATION_ERROR`; an invalid `email` also returns `400 VALIDATION_ERROR`.',
  ),
  r.needs(
    'needs-webhook',
    'RENT-EMAIL-6',
    'After a successful live send, a `rent.invoice_sent` event is queued with status `pending` and delivered later by a background job, never inside this request.',
    'The outbox row is internal; the receiver sees the delivery arrive after the response.',
  ),
  r.blackBox(
    'RENT-EMAIL-7',
    'Per-landlord limit 10 requests per minute (`public_api.rent_invoice_email`), enforced before any database or PDF work.',
    '"Before any database or PDF work" is not visible from outside; the limit itself is checked.',
  ),
  r.blackBox(
    'RENT-EMAIL-8',
    'Sandbox mode generates and validates the PDF but sends no email and queues no webhook; the response has `sent: false` and `sandbox: true`.',
    '"Sends no email" and "queues no webhook" need the target\'s mail capture and a webhook receiver.',
  ),
  r.notShown('RENT-EMAIL-9', 'Response fields of the invoice email result beyond `sent` and `sandbox`: not shown.'),
  // From the table row.
  r.blackBox(
    'RENT-EMAIL-10',
    '`POST /rent/{id}/invoice/email` (JSON body, at least `{}`; optional `email` override) answers 200 with a body holding `sent` (boolean) and `sandbox` (boolean).',
  ),
  r.blackBox(
    'RENT-EMAIL-11',
    '`POST /rent/{id}/invoice/email`: optional header `Idempotency-Key` (string, max 128 chars).',
  ),
  r.blackBox('RENT-EMAIL-12', '`POST /rent/{id}/invoice/email` answers 404 for an unknown rent payment.'),
];
