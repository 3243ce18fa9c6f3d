// The spec's Errors table, one entry per code: routes throw codes, one extension renders `{ error, code }`.
// A code's status is fixed here: the responder answers every code with this status, never another.
// Codes marked `extension` are not in the spec's table; each is for a status the spec does not list (what Node and
// Hapi raise themselves), documented in docs/api-notes/error-codes.md. A status the spec lists only ever carries one
// of its codes (test/error-catalogue.test.ts holds both to the spec and to that page).

export interface ErrorEntry {
  readonly status: number;
  readonly message: string;
  readonly extension?: true;
}

export const ERRORS = {
  UNAUTHORIZED: { status: 401, message: 'Missing or invalid API key' },
  REVOKED_KEY: { status: 401, message: 'This API key has been revoked; do not retry with it' },
  INSUFFICIENT_SCOPE: { status: 403, message: 'This API key is read_only; write routes need a read_write key' },
  PLAN_UPGRADE_REQUIRED: { status: 403, message: 'API access needs the Portfolio or Enterprise plan' },
  WRITE_REQUIRES_ENTERPRISE: { status: 403, message: 'Write endpoints need the Enterprise plan' },
  HTTPS_REQUIRED: { status: 403, message: 'Plain HTTP is not accepted; use HTTPS' },
  FORBIDDEN: { status: 403, message: 'Forbidden' },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Rate limit exceeded' },
  RATE_LIMIT_UNAVAILABLE: { status: 503, message: 'The rate-limit store could not be checked; retry later' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable; retry later' },
  ENDPOINT_DEPRECATED: { status: 410, message: 'This endpoint has been removed' },
  VALIDATION_ERROR: { status: 400, message: 'Validation failed' },
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  TENANT_EMAIL_MISSING: { status: 400, message: 'The tenant has no email address on file and no email was given' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'Conflict' },
  INVOICE_EMAIL_IN_PROGRESS: { status: 409, message: 'Another invoice email for this rent payment is in progress' },
  INVOICE_EMAIL_FAILED: {
    status: 409,
    message: 'An earlier invoice email for this rent payment failed; automatic resend is blocked',
  },
  CERTIFICATE_DERIVED_FIELD: { status: 409, message: 'The renewal date contradicts the certificate on file' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, message: 'A request with this Idempotency-Key is still running' },
  FILE_TOO_LARGE: { status: 413, message: 'The uploaded file exceeds the size limit' },
  SERVER_ERROR: { status: 500, message: 'An internal server error occurred' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported Content-Type', extension: true },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed', extension: true },
  REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request was not received in full in time; the connection is closed',
    extension: true,
  },
  URI_TOO_LONG: { status: 414, message: 'The request URL is too long', extension: true },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large', extension: true },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERRORS, value);
