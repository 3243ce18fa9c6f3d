// "Events": the statements at the top, envelope, request headers, verification, delivery 1-6, one rule
// per catalogue row, the changeover rule and the gaps.
import type { Rule } from '../../model';
import { inSection, quoting, should } from '../define';
import { EVENT_TYPES } from '../event-types';

const top = inSection('Events');
const env = inSection('Events > Envelope');
const req = inSection('Events > Request');
const delivery = inSection('Events > Delivery');
const catalog = inSection('Events > Event catalog');

const TEST_DELIVERY = 'Test deliveries are triggered from the dashboard, so this also needs dashboard access.';
const RECEIVER_SIDE =
  "A rule for receivers: checked against a receiver by `npm run receiver-test`, and by the mock receiver when it verifies the target's deliveries.";

/**
 * The statements at the top of "Events". Numbered after the spec's delivery rules 1-6 (EVT-DELIVERY keeps the
 * spec's numbering), but listed first in RULES because that is where the spec states them.
 */
export const EVT_TOP_RULES: readonly Rule[] = [
  top.needs(
    'needs-dashboard',
    'EVT-DELIVERY-7',
    'Outbound webhooks only. There are 43 event types.',
    'Checked by subscribing to every type; the catalogue is EVT-CAT-<type>.',
  ),
  top.needs('needs-dashboard', 'EVT-DELIVERY-8', 'One registered endpoint can subscribe to at most 32 of them.'),
  top.needs(
    'needs-dashboard',
    'EVT-DELIVERY-9',
    'Subscriptions are created and managed in the developer dashboard, not through this API.',
  ),
  top.needs('needs-dashboard', 'EVT-DELIVERY-10', 'The dashboard can send a test delivery.'),
];

export const EVT_ENV_RULES: readonly Rule[] = [
  env.needs('needs-webhook', 'EVT-ENV-1', 'Envelope `id` is a string `evt_<uuid>`.'),
  env.needs('needs-webhook', 'EVT-ENV-2', 'Envelope `id` is stable per event; use it as the idempotency key.'),
  env.needs('needs-webhook', 'EVT-ENV-3', 'Envelope `event` is a string: the event type.'),
  env.needs('needs-webhook', 'EVT-ENV-4', 'Envelope `created_at` is a timestamp.'),
  env.needs('needs-webhook', 'EVT-ENV-5', 'Envelope `landlord_id` is a string.'),
  env.needs('needs-webhook', 'EVT-ENV-6', 'Envelope `data` is an object: event-specific fields.'),
  env.needs(
    'needs-webhook',
    'EVT-ENV-7',
    'Envelope `_test` is a boolean: `true` at top level and inside `data` on test deliveries only.',
    TEST_DELIVERY,
  ),
  env.needs('needs-webhook', 'EVT-ENV-8', 'Real deliveries omit `_test`.'),
];

/** The catalogue's preamble about `data` values; listed just before the catalogue rows in RULES. */
export const EVT_DATA_RULE: Rule = catalog.needs(
  'needs-webhook',
  'EVT-ENV-9',
  'In the `data` fields, ids are strings, dates are `YYYY-MM-DD`, timestamps are ISO 8601, amounts are numbers.',
);

export const EVT_REQ_RULES: readonly Rule[] = [
  quoting(
    req.needs('needs-webhook', 'EVT-REQ-1', 'Deliveries use method POST.'),
    'Method POST, `Content-Type: application/json`.',
  ),
  req.needs('needs-webhook', 'EVT-REQ-2', 'Deliveries carry `Content-Type: application/json`.'),
  req.needs('needs-webhook', 'EVT-REQ-3', '`X-Service-Signature-256` is `sha256=` followed by 64 hex characters.'),
  req.needs(
    'needs-webhook',
    'EVT-REQ-4',
    '`X-Service-Signature-256` is the HMAC-SHA256 of the raw request body keyed with the signing secret, hex-encoded.',
    "Needs the subscription's signing secret as well.",
  ),
  req.needs('needs-webhook', 'EVT-REQ-5', '`X-Service-Event` is the same as `event`.'),
  req.needs('needs-webhook', 'EVT-REQ-6', '`X-Service-Delivery` is the UUID in `id` without the `evt_` prefix.'),
];

export const EVT_VERIFY_RULES: readonly Rule[] = [
  req.needs(
    'needs-webhook',
    'EVT-VERIFY-1',
    'Verification: compute the HMAC over the raw body (before any re-parsing).',
    RECEIVER_SIDE,
  ),
  req.needs(
    'needs-webhook',
    'EVT-VERIFY-2',
    'Verification: compare with the header value (hex case-insensitive).',
    RECEIVER_SIDE,
  ),
  quoting(
    req.notObservable(
      'EVT-VERIFY-3',
      'Verification: compare using a timing-safe comparison.',
      'Timing safety cannot be established by black-box requests.',
    ),
    'compare with the header value (hex case-insensitive) using a timing-safe comparison',
  ),
  req.needs(
    'needs-webhook',
    'EVT-VERIFY-4',
    'Verification: reject a header that is not 64 hex characters after the prefix.',
    RECEIVER_SIDE,
  ),
];

const RETRY_TIMING = 'Retry timing is checked only in the full profile.';

export const EVT_DELIVERY_RULES: readonly Rule[] = [
  delivery.needs('needs-webhook', 'EVT-DELIVERY-1', 'Timeout per call: 10 seconds. Any 2xx response is success.'),
  delivery.needs(
    'needs-webhook',
    'EVT-DELIVERY-2',
    'On non-2xx, timeout or network error: up to 2 retries, about 15 minutes and about 60 minutes after, with jitter. After the third attempt the delivery is permanently failed.',
    RETRY_TIMING,
  ),
  delivery.needs(
    'needs-webhook',
    'EVT-DELIVERY-3',
    'Retries reuse the same `id`. Several subscriptions to the same event each get an independent delivery with the same `id`.',
    'The several-subscriptions part also needs the dashboard to create a second subscription.',
  ),
  delivery.needs(
    'needs-dashboard',
    'EVT-DELIVERY-4',
    'Delivery history with response code and latency is visible in the dashboard, with manual retry of failed deliveries.',
  ),
  should(
    delivery.needs(
      'needs-webhook',
      'EVT-DELIVERY-5',
      'Receivers should answer 2xx quickly, verify the signature first (reject unverifiable bodies with 401), de-duplicate on `id` (keep seen ids at least 24 hours) and treat `_test: true` as a test.',
      RECEIVER_SIDE,
    ),
  ),
  delivery.needs(
    'needs-webhook',
    'EVT-DELIVERY-6',
    '`rent.invoice_sent` is written to an outbox with status `pending` after a successful live `POST /rent/{id}/invoice/email` and delivered asynchronously; sandbox sends none.',
    'The outbox row is internal; the receiver sees the asynchronous delivery.',
  ),
];

/** One rule per catalogue row; ids carry the event type so `--only 'EVT-CAT-rent.*'` works. */
export const EVT_CAT_RULES: readonly Rule[] = EVENT_TYPES.map((row) =>
  catalog.needs(
    'needs-webhook',
    `EVT-CAT-${row.type}`,
    `fired when ${row.firedWhen}; data fields: ${row.dataFields}`,
    "Which REST writes emit it is not shown (EVT-GAP-1): seen when a check's own write emits it, or through a dashboard test delivery.",
  ),
);

export const EVT_CHANGEOVER_RULE: Rule = catalog.needs(
  'needs-webhook',
  'EVT-CAT-CHANGEOVER',
  'A reading on a changeover date carries two contract links: one `check_out` and one `check_in` (`meter_reading.recorded`).',
  'Meter readings cannot be recorded through the REST API; seen only if the deployment emits one during the run.',
);

export const EVT_GAP_RULES: readonly Rule[] = [
  catalog.notShown(
    'EVT-GAP-1',
    'Which REST write operations emit which events, other than the invoice email: not shown.',
  ),
  catalog.notShown('EVT-GAP-2', 'Ordering guarantees between events: not shown.'),
  catalog.notShown('EVT-GAP-3', 'Lead times (number of days) for `contract.expiring` and `rent.due_soon`: not shown.'),
];
