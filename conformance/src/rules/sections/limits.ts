// "Limits": the rate-limit statements and table (LIMIT-RATE-n, per-plan rows built from RATE_LIMITS)
// and every row of "Other limits" (LIMIT-n), then the quota statements under that table.
import type { Rule } from '../../model';
import { inSection, quoting } from '../define';
import { NO_API_ACCESS_PLANS, RATE_LIMITS, type ApiPlan, type RateLimit } from '../limits';

const rate = inSection('Limits > Rate limits');
const other = inSection('Limits > Other limits');

const DAILY =
  'Exhausting a daily budget takes thousands of requests and locks the key for up to 24 hours, so the quick profile checks only the headers.';
const PORTFOLIO_WRITES =
  'Portfolio keys cannot write (403 `WRITE_REQUIRES_ENTERPRISE`, AUTH-5) and the spec does not say whether refused writes count, so this budget cannot be observed.';

const GENERAL: readonly Rule[] = [
  quoting(
    rate.blackBox('LIMIT-RATE-1', 'Rate limits are enforced per API key.'),
    'Enforced per API key on sliding windows of 60 seconds and 24 hours.',
  ),
  quoting(
    rate.blackBox(
      'LIMIT-RATE-2',
      'Rate limits are enforced on a sliding window of 60 seconds.',
      'Telling a sliding window from a fixed one needs a minute of traffic; checked in the full profile only.',
    ),
    'Enforced per API key on sliding windows of 60 seconds and 24 hours.',
  ),
  quoting(
    rate.blackBox('LIMIT-RATE-3', 'Rate limits are enforced on a sliding window of 24 hours.', DAILY),
    'Enforced per API key on sliding windows of 60 seconds and 24 hours.',
  ),
  rate.blackBox(
    'LIMIT-RATE-4',
    'Every response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` (Unix seconds).',
    'Endpoints narrows this to GET, rent and invoice responses (ENDPOINTS-3), and a 401 has no key to count against; checks hold deployments to the narrower set.',
  ),
  rate.blackBox('LIMIT-RATE-5', 'Exceeding a limit returns `429 RATE_LIMIT_EXCEEDED` with `Retry-After`.'),
];

// Fixed first numbers, not computed from the lists above: published ids must not shift when a rule is
// added (a clash then shows up as a duplicate id in the catalogue test).
const NO_ACCESS_FIRST = 6;
const PER_PLAN_FIRST = 8;

const NO_ACCESS: readonly Rule[] = NO_API_ACCESS_PLANS.map((plan, i) =>
  quoting(
    rate.blackBox(
      `LIMIT-RATE-${NO_ACCESS_FIRST + i}`,
      `${plan} plan: no API access (reads and writes, per minute and per day).`,
      plan === 'Professional' ? undefined : `Checked only when the target file has an ${plan}-plan key.`,
    ),
    `| ${plan} | no API access | no API access | no API access | no API access |`,
  ),
);

const COLUMNS: readonly {
  readonly key: keyof RateLimit;
  readonly label: string;
  readonly daily: boolean;
  readonly write: boolean;
}[] = [
  { key: 'readsPerMinute', label: 'reads per minute', daily: false, write: false },
  { key: 'writesPerMinute', label: 'writes per minute', daily: false, write: true },
  { key: 'readsPerDay', label: 'reads per day', daily: true, write: false },
  { key: 'writesPerDay', label: 'writes per day', daily: true, write: true },
];
const PLANS: readonly ApiPlan[] = ['Portfolio', 'Enterprise'];

const PER_PLAN: readonly Rule[] = PLANS.flatMap((plan, p) =>
  COLUMNS.map((col, c) => {
    const id = `LIMIT-RATE-${PER_PLAN_FIRST + p * COLUMNS.length + c}`;
    const text = `${plan} plan: ${RATE_LIMITS[plan][col.key]} ${col.label}.`;
    if (plan === 'Portfolio' && col.write) return rate.notObservable(id, text, PORTFOLIO_WRITES);
    return col.daily ? rate.blackBox(id, text, DAILY) : rate.blackBox(id, text);
  }),
);

export const LIMIT_RATE_RULES: readonly Rule[] = [...GENERAL, ...NO_ACCESS, ...PER_PLAN];

const QUOTA =
  "Storage usage and quota are not exposed with known field names (the subscription summary's fields are not shown).";

export const LIMIT_RULES: readonly Rule[] = [
  other.blackBox('LIMIT-1', 'Invoice PDF download: 20 requests per minute per landlord.'),
  other.blackBox('LIMIT-2', 'Invoice email: 10 requests per minute per landlord.'),
  other.blackBox('LIMIT-3', '`limit` query parameter: maximum 500.'),
  other.blackBox('LIMIT-4', '`search`: 1 to 200 characters.'),
  other.blackBox('LIMIT-5', 'Property image: 10 MB.'),
  other.notObservable(
    'LIMIT-6',
    'Chat attachment: 10 MB.',
    'The `POST /chat/messages` payload is not shown, so the suite cannot build an upload a deployment must accept.',
  ),
  other.blackBox('LIMIT-7', 'Document `name`: 1 to 500 characters.'),
  other.blackBox('LIMIT-8', '`expiringWithinDays`: 0 to 3650.'),
  other.blackBox('LIMIT-9', 'Calendar range with both `from` and `to`: at most 400 days.'),
  other.blackBox('LIMIT-10', 'Calendar `type` parameter: at most 500 characters.'),
  other.blackBox('LIMIT-11', '`Idempotency-Key`: at most 128 characters.'),
  other.blackBox(
    'LIMIT-12',
    '`Idempotency-Key`: replay window 24 hours.',
    'The end of the window is not observable within a run; replay inside it is checked.',
  ),
  other.blackBox(
    'LIMIT-13',
    'Document `downloadUrl`: valid 1 hour.',
    'Expiry after an hour is only observable by waiting; the quick profile checks that the URL downloads.',
  ),
  other.notObservable(
    'LIMIT-14',
    'Invoice PDF cache: 15 minutes.',
    'A cache hit cannot be told apart from a fresh rendering.',
  ),
  other.needs('needs-webhook', 'LIMIT-15', 'Webhook call timeout: 10 seconds.'),
  other.needs('needs-webhook', 'LIMIT-16', 'Webhook attempts: 3 in total.'),
  other.needs('needs-dashboard', 'LIMIT-17', 'Event types per webhook endpoint: 32.'),
  other.notObservable('LIMIT-18', "Uploads count against the landlord's storage quota.", QUOTA),
  other.notShown('LIMIT-19', 'Maximum size of a document upload (bucket object limit): not shown.'),
  other.notShown('LIMIT-20', 'Storage quota amounts per plan: not shown.'),
];
