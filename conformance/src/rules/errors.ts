// The spec's Errors table as data (section "Errors"), row for row and in the spec's order. The checks
// match on `code` (the spec: "Match on `code`; the `error` message is human-readable and may change").

const TABLE = [
  {
    status: 401,
    code: 'UNAUTHORIZED',
    condition: '`Authorization` header missing, not Bearer, or key unknown or malformed',
  },
  { status: 401, code: 'REVOKED_KEY', condition: 'key was revoked; do not retry' },
  { status: 403, code: 'INSUFFICIENT_SCOPE', condition: '`read_only` key on a write route' },
  { status: 403, code: 'PLAN_UPGRADE_REQUIRED', condition: 'plan has no API access' },
  { status: 403, code: 'WRITE_REQUIRES_ENTERPRISE', condition: 'non-GET call on a Portfolio plan' },
  { status: 403, code: 'HTTPS_REQUIRED', condition: 'plain HTTP in production' },
  { status: 403, code: 'FORBIDDEN', condition: 'generic 403, reserved for cases without a specific code' },
  {
    status: 429,
    code: 'RATE_LIMIT_EXCEEDED',
    condition: 'per-minute or per-day limit exceeded; `Retry-After` header (seconds) present',
  },
  {
    status: 503,
    code: 'RATE_LIMIT_UNAVAILABLE',
    condition: 'rate-limit datastore could not be checked, so the request fails closed; `Retry-After` (typically 60 s)',
  },
  {
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    condition: 'generic; reserved, today only RATE_LIMIT_UNAVAILABLE occurs',
  },
  {
    status: 410,
    code: 'ENDPOINT_DEPRECATED',
    condition: 'removed route (for example `PATCH /maintenance/{id}`); message and `Link` header name the successor',
  },
  {
    status: 400,
    code: 'VALIDATION_ERROR',
    condition:
      'query or body failed validation (for example `limit` above 500, invalid email, empty or invalid JSON body on invoice email)',
  },
  { status: 400, code: 'BAD_REQUEST', condition: 'generic 400, rare; malformed JSON outside schema validation' },
  {
    status: 400,
    code: 'TENANT_EMAIL_MISSING',
    condition: 'invoice email with no tenant email on file and no `email` in the body',
  },
  { status: 404, code: 'NOT_FOUND', condition: 'resource missing or owned by another landlord' },
  {
    status: 409,
    code: 'CONFLICT',
    condition:
      'duplicate rent payment for a contract and period; deleting a property that has Active, Pending or Notice Served contracts; other data conflicts',
  },
  {
    status: 409,
    code: 'INVOICE_EMAIL_IN_PROGRESS',
    condition: 'another invoice send for this rent payment is pending',
  },
  {
    status: 409,
    code: 'INVOICE_EMAIL_FAILED',
    condition: 'an earlier public-API invoice send for this rent payment failed; automatic resend is blocked',
  },
  {
    status: 409,
    code: 'CERTIFICATE_DERIVED_FIELD',
    condition: 'renewal date on `PATCH /properties/{id}` contradicts the certificate on file',
  },
  {
    status: 409,
    code: 'IDEMPOTENCY_IN_PROGRESS',
    condition: 'a request with the same `Idempotency-Key` is still running',
  },
  { status: 413, code: 'FILE_TOO_LARGE', condition: 'uploaded document exceeds the storage object size limit' },
  { status: 500, code: 'SERVER_ERROR', condition: 'unexpected internal error' },
] as const;

/** One of the 22 codes of the spec's Errors table. */
export type ErrorCode = (typeof TABLE)[number]['code'];

export interface ErrorCodeRow {
  readonly status: number;
  readonly code: ErrorCode;
  readonly condition: string;
}

export const ERROR_CODES: readonly ErrorCodeRow[] = TABLE;

export const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES.map((row) => row.code));

/** The status the table gives a code; undefined for a code outside the table. */
export function statusOfCode(code: string): number | undefined {
  return ERROR_CODES.find((row) => row.code === code)?.status;
}
