// "Errors": the general statements (ERR-n) and one rule per row of the errors table (ERR-<CODE>), built
// from ERROR_CODES so the table is written once. The class map is a Record over ErrorCode, so a row
// added to the table without a class here fails to compile.
import type { Rule } from '../../model';
import { inSection, may, should, type SectionRules } from '../define';
import { ERROR_CODES, type ErrorCode, type ErrorCodeRow } from '../errors';

const e = inSection('Errors');

export const ERR_GENERAL_RULES: readonly Rule[] = [
  e.blackBox('ERR-1', 'Every error response uses `{ error: string, code: string }`.'),
  may(
    e.notObservable(
      'ERR-2',
      'Match on `code`; the `error` message is human-readable and may change.',
      'Guidance to clients: a message may change between releases, which one run cannot see.',
    ),
  ),
  e.blackBox('ERR-3', 'The 404 message names the missing resource kind.'),
  e.blackBox('ERR-4', '`VALIDATION_ERROR` messages list the first 10 issues with field paths.'),
  e.blackBox(
    'ERR-5',
    '5xx responses omit stack traces.',
    'No documented request provokes a 5xx, so only 5xx answers the suite happens to receive are inspected.',
  ),
  should(
    e.notObservable(
      'ERR-6',
      'Client guidance that holds: treat 5xx as transient and retry once with jitter.',
      'Guidance to clients, not a behaviour of the deployment.',
    ),
  ),
  should(
    e.notObservable(
      'ERR-7',
      'Client guidance that holds: honor `Retry-After` on 429 and 503.',
      'Guidance to clients; that 429 and 503 carry `Retry-After` is ERR-RATE_LIMIT_EXCEEDED and ERR-RATE_LIMIT_UNAVAILABLE.',
    ),
  ),
  should(e.blackBox('ERR-8', "Client guidance that holds: a 404 can mean another landlord's resource (see AUTH-8).")),
];

type RowRule = (s: SectionRules, id: string, text: string) => Rule;

const blackBox: RowRule = (s, id, text) => s.blackBox(id, text);
const partly =
  (reason: string): RowRule =>
  (s, id, text) =>
    s.blackBox(id, text, reason);
const hidden =
  (reason: string): RowRule =>
  (s, id, text) =>
    s.notObservable(id, text, reason);

const RACE = 'Depends on two requests overlapping in time; a run where they do not overlap skips rather than fails.';

/** How each row can be verified from outside. */
const ROW_CLASS: Record<ErrorCode, RowRule> = {
  UNAUTHORIZED: partly(
    'An `x-api-key` header (AUTH-1) is also a valid credential, so a missing `Authorization` header alone is not a 401.',
  ),
  REVOKED_KEY: blackBox,
  INSUFFICIENT_SCOPE: blackBox,
  PLAN_UPGRADE_REQUIRED: blackBox,
  WRITE_REQUIRES_ENTERPRISE: blackBox,
  HTTPS_REQUIRED: partly(
    'Checked only when the target declares production mode: `HTTPS_REQUIRED` is observable only against a production deployment reached over plain HTTP.',
  ),
  FORBIDDEN: hidden(
    'Reserved: no documented condition produces it; checks only require that every 403 carries a catalogued code.',
  ),
  RATE_LIMIT_EXCEEDED: blackBox,
  RATE_LIMIT_UNAVAILABLE: hidden("Needs the target's rate-limit datastore to fail, which API keys cannot cause."),
  SERVICE_UNAVAILABLE: hidden(
    'Reserved: no documented condition produces it (today only RATE_LIMIT_UNAVAILABLE occurs, ERR-RATE_LIMIT_UNAVAILABLE), so no request can provoke it.',
  ),
  ENDPOINT_DEPRECATED: blackBox,
  VALIDATION_ERROR: blackBox,
  BAD_REQUEST: partly(
    'Which malformed bodies get `BAD_REQUEST` rather than `VALIDATION_ERROR` is not pinned down (the invoice email answers `VALIDATION_ERROR` for invalid JSON); checks accept either for malformed JSON elsewhere.',
  ),
  TENANT_EMAIL_MISSING: partly(
    "Needs a rent payment whose tenant has no email in the target's data; skipped when none is found.",
  ),
  NOT_FOUND: blackBox,
  CONFLICT: blackBox,
  INVOICE_EMAIL_IN_PROGRESS: partly(RACE),
  INVOICE_EMAIL_FAILED: (s, id, text) =>
    s.needs('needs-mail', id, text, "Also needs a way to make the target's mail transport fail."),
  CERTIFICATE_DERIVED_FIELD: partly(
    "Needs a property with a certificate on file in the target's data; skipped when none is found.",
  ),
  IDEMPOTENCY_IN_PROGRESS: partly(RACE),
  FILE_TOO_LARGE: partly(
    'The storage object size limit is not shown (LIMIT-19): checks can only require that a 413, when it comes, carries `FILE_TOO_LARGE`.',
  ),
  SERVER_ERROR: hidden('No documented request provokes an unexpected internal error.'),
};

function rowText(row: ErrorCodeRow): string {
  return `Status ${row.status} with code \`${row.code}\`: ${row.condition}.`;
}

export const ERR_CODE_RULES: readonly Rule[] = ERROR_CODES.map((row) =>
  ROW_CLASS[row.code](e, `ERR-${row.code}`, rowText(row)),
);
