// Error responses of the document: one shared `Error` schema `{ error, code }` whose `code` enumerates the
// catalogue, and per operation the statuses it can answer, each narrowing `code` to the codes of that status.
import { ERRORS, type ErrorCode } from '../platform/errors/catalogue';
import { errorBody } from '../platform/http/schemas';
import type { JsonSchema, SchemaRegistry } from './joi-schemas';

export const ERROR_SCHEMA_REF = '#/components/schemas/Error';

/** The Error component: converted from the responder's own Joi schema (label Error), `code` narrowed to the catalogue. */
export function seedErrorSchema(registry: SchemaRegistry): void {
  registry.convert(errorBody, 'json', 'Error'); // registers the labelled schema as components.schemas.Error
  const converted = registry.components.Error;
  if (!converted) throw new Error('the Error schema lost its label');
  const properties = { ...(converted.properties as Record<string, JsonSchema>) };
  properties.error = {
    ...properties.error,
    description: 'Human-readable message; may change. The 404 message names the missing resource kind.',
  };
  properties.code = {
    ...properties.code,
    enum: Object.keys(ERRORS),
    description: 'Stable machine-readable code: match on this.',
  };
  registry.components.Error = {
    ...converted,
    description: 'Every error response. `code` is stable; `error` is for people. 5xx bodies never carry details.',
    properties,
  };
}

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Service unavailable',
};

/** Response headers that come with errors of a given status. */
const ERROR_HEADERS: Readonly<Record<number, readonly string[]>> = {
  410: ['Link'],
  429: ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
  503: ['Retry-After'],
};

const WHEN: Partial<Record<ErrorCode, string>> = {
  UNAUTHORIZED: 'Authorization header missing, not Bearer, or key unknown or malformed',
  REVOKED_KEY: 'the key was revoked; do not retry',
  INSUFFICIENT_SCOPE: 'read_only key on a write route',
  PLAN_UPGRADE_REQUIRED: 'the plan has no API access (Portfolio or Enterprise needed)',
  WRITE_REQUIRES_ENTERPRISE: 'non-GET call on a Portfolio plan',
  HTTPS_REQUIRED: 'plain HTTP in production',
  RATE_LIMIT_EXCEEDED: 'per-minute or per-day limit exceeded; honour Retry-After',
  RATE_LIMIT_UNAVAILABLE: 'the rate-limit store could not be checked (fails closed); honour Retry-After',
  NOT_FOUND: 'the resource does not exist or belongs to another landlord (never 403)',
  VALIDATION_ERROR: 'query, path or body failed validation; the message lists the first 10 issues with field paths',
  BAD_REQUEST: 'malformed JSON body',
  CONFLICT: 'the write conflicts with current data',
  IDEMPOTENCY_IN_PROGRESS: 'a request with the same Idempotency-Key is still running',
  FILE_TOO_LARGE: 'the uploaded file, or the JSON body, exceeds its size limit, or the storage quota',
  UNSUPPORTED_MEDIA_TYPE: 'the Content-Type is not one this operation accepts',
  ENDPOINT_DEPRECATED: 'the route was removed; the message and the Link header name the successor',
  FORBIDDEN: 'generic 403, reserved for cases without a specific code',
  SERVICE_UNAVAILABLE:
    'a dependency (the database) did not answer in time or is unreachable, or the compliance summary is busy; honour Retry-After',
  SERVER_ERROR: 'unexpected internal error; retry once with jitter',
  TENANT_EMAIL_MISSING: 'no tenant email on file and no `email` in the body',
  INVOICE_EMAIL_IN_PROGRESS: 'another invoice send for this rent payment is pending',
  INVOICE_EMAIL_FAILED: 'an earlier invoice send for this rent payment failed; automatic resend is blocked',
  CERTIFICATE_DERIVED_FIELD:
    'a renewal date contradicts the certificate on file (retrying the same body keeps failing)',
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** One error response: `Error` with `code` narrowed, the codes explained, an example per code. */
export function errorResponse(status: number, codes: readonly ErrorCode[]): JsonSchema {
  const unique = [...new Set(codes)];
  const explained = unique.map((code) => `\`${code}\`${WHEN[code] ? `: ${WHEN[code]}` : ''}`).join('; ');
  const headers: Record<string, unknown> = { 'X-Service-Mode': headerRef('X-Service-Mode') };
  for (const name of ERROR_HEADERS[status] ?? []) headers[name] = headerRef(name);
  return {
    description: `${REASONS[status] ?? 'Error'}: ${explained}.`,
    headers,
    content: {
      'application/json': {
        schema: { allOf: [{ $ref: ERROR_SCHEMA_REF }, { properties: { code: { enum: unique } } }] },
        examples: Object.fromEntries(unique.map((code) => [code, { value: { error: ERRORS[code].message, code } }])),
      },
    },
  };
}

/** Shared responses, referenced by name from every operation that can answer them. */
export const SHARED_ERRORS = {
  Unauthorized: [401, ['UNAUTHORIZED', 'REVOKED_KEY']],
  ForbiddenRead: [403, ['PLAN_UPGRADE_REQUIRED', 'HTTPS_REQUIRED', 'FORBIDDEN']],
  ForbiddenWrite: [
    403,
    ['INSUFFICIENT_SCOPE', 'PLAN_UPGRADE_REQUIRED', 'WRITE_REQUIRES_ENTERPRISE', 'HTTPS_REQUIRED', 'FORBIDDEN'],
  ],
  ForbiddenPublic: [403, ['HTTPS_REQUIRED']],
  NotFound: [404, ['NOT_FOUND']],
  Gone: [410, ['ENDPOINT_DEPRECATED']],
  RateLimited: [429, ['RATE_LIMIT_EXCEEDED']],
  ServerError: [500, ['SERVER_ERROR']],
  Unavailable: [503, ['RATE_LIMIT_UNAVAILABLE', 'SERVICE_UNAVAILABLE']],
} as const satisfies Record<string, readonly [number, readonly ErrorCode[]]>;

export type SharedError = keyof typeof SHARED_ERRORS;

export const sharedErrorComponents = (): Record<string, JsonSchema> =>
  Object.fromEntries(
    Object.entries(SHARED_ERRORS).map(([name, [status, codes]]) => [name, errorResponse(status, codes)]),
  );

export const sharedErrorRef = (name: SharedError) => ({ $ref: `#/components/responses/${name}` });
