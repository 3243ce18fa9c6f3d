// One Hapi route → one OpenAPI operation: parameters and body from `validate`, success responses from
// `response.schema` / `response.status`, error responses from what the route can answer.
import type { RequestRoute } from '@hapi/hapi';
import Joi from 'joi';
import { isWriteMethod } from '../platform/auth/access';
import { isDocumentedValidator } from '../platform/http/documented-validator';
import { ERRORS, type ErrorCode } from '../platform/errors/catalogue';
import { LANDLORD_LIMITS } from '../platform/limits/policy';
import { REMOVED_ROUTES } from '../platform/transport/deprecated';
import { errorResponse, sharedErrorRef, type SharedError } from './error-responses';
import { describeRules, type JsonSchema, type SchemaRegistry, type SchemaUse } from './joi-schemas';

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    /** Optional hints for the OpenAPI document: codes this route answers beyond those derived from its config. */
    openapi?: { readonly errors?: readonly ErrorCode[] };
  }
}

/**
 * Codes the spec's endpoint tables name for particular operations, which nothing in the route config reveals.
 * Only codes: the operations themselves always come from the route table.
 */
const SPEC_ROUTE_CODES: Readonly<Record<string, readonly ErrorCode[]>> = {
  'PATCH /properties/{id}': ['CERTIFICATE_DERIVED_FIELD'],
  'POST /rent/{id}/invoice/email': ['TENANT_EMAIL_MISSING', 'INVOICE_EMAIL_IN_PROGRESS', 'INVOICE_EMAIL_FAILED'],
};

/** Headers every client sends or that HTTP itself defines: not parameters of an operation. */
const TRANSPORT_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'content-type',
  'content-length',
  'accept',
  'host',
  'user-agent',
  'x-service-mode',
]);

const SUCCESS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
};

export interface BuiltOperation {
  readonly path: string;
  readonly method: string;
  readonly operation: JsonSchema;
  readonly tags: readonly string[];
}

/** A route's Joi schema, or the one a JSON-text response validator documents. */
const joiOf = (value: unknown): Joi.Schema | undefined => {
  if (isDocumentedValidator(value)) return value.documented;
  return Joi.isSchema(value) ? (value as Joi.Schema) : undefined;
};

/** Hapi `{name*}`, `{name?}` and `{name*2}` segments become plain `{name}` templates. */
export const openApiPath = (hapiPath: string, prefix: string): string =>
  (hapiPath.startsWith(prefix) ? hapiPath.slice(prefix.length) : hapiPath).replace(/\{(\w+)(?:\*\d*|\?)?\}/g, '{$1}') ||
  '/';

const pascal = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** Stable from method and path: GET /properties/{id}/handbook → getPropertiesByIdHandbook. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const words = (param ? param[1] : segment)
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(pascal)
        .join('');
      return param ? `By${words}` : words;
    });
  return `${method.toLowerCase()}${parts.join('')}`;
}

/** The route description without its parentheticals, up to the first clause break, as the summary. */
export function summaryOf(description: string): string {
  const plain = description.replace(/\s*\([^()]*\)/g, '');
  const cut = plain.search(/[:;]|\. /);
  const first = (cut > 0 ? plain.slice(0, cut) : plain).trim();
  // A one-word clause ("Removed: use …") keeps what follows it.
  if (/\s/.test(first)) return first;
  const semicolon = plain.indexOf(';');
  return (semicolon > 0 ? plain.slice(0, semicolon) : plain).trim();
}

const titleCaseHeader = (name: string): string => name.split('-').map(pascal).join('-');

function payloadUse(route: RequestRoute): { use: SchemaUse; contentType: string } {
  const payload = route.settings.payload;
  const allow = ([] as string[]).concat(payload?.allow ?? []);
  return payload?.multipart || allow.includes('multipart/form-data')
    ? { use: 'multipart', contentType: 'multipart/form-data' }
    : { use: 'json', contentType: 'application/json' };
}

export function buildOperation(route: RequestRoute, prefix: string, registry: SchemaRegistry): BuiltOperation {
  const method = route.method.toUpperCase();
  const path = openApiPath(route.path, prefix);
  const operationId = operationIdOf(method, path);
  const where = `${method} ${path}`;
  const settings = route.settings;
  const validate = settings.validate ?? {};
  const isPublic = (settings.auth as unknown) === false;
  const removed = REMOVED_ROUTES.find((r) => r.method === method && r.path === path);
  const deprecated = removed !== undefined || (settings.tags ?? []).includes('Deprecated');
  const write = isWriteMethod(method);
  const notes: string[] = [];

  // Parameters: path (in template order), query, headers.
  const parameters: JsonSchema[] = [];
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const paramsSchema = joiOf(validate.params);
  const params = paramsSchema ? registry.convertObjectKeys(paramsSchema, 'json', `${where} params`) : undefined;
  for (const name of pathNames) {
    parameters.push({ name, in: 'path', required: true, schema: params?.properties[name] ?? { type: 'string' } });
  }
  const querySchema = joiOf(validate.query);
  if (querySchema) {
    const query = registry.convertObjectKeys(querySchema, 'json', `${where} query`);
    for (const [name, schema] of Object.entries(query.properties)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: query.required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
    if (query.rules.length > 0) notes.push(`Query rules: ${query.rules.join(' ')}`);
  }
  const headerSchema = joiOf(validate.headers);
  if (headerSchema) {
    const headers = registry.convertObjectKeys(headerSchema, 'json', `${where} headers`);
    for (const [name, schema] of Object.entries(headers.properties)) {
      if (TRANSPORT_HEADERS.has(name.toLowerCase())) continue;
      const { description, ...rest } = schema;
      parameters.push({
        name: titleCaseHeader(name),
        in: 'header',
        required: headers.required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  if (write && !isPublic && !deprecated) parameters.push({ $ref: '#/components/parameters/ServiceMode' });

  // Request body.
  let requestBody: JsonSchema | undefined;
  const payloadSchema = joiOf(validate.payload);
  const payloadKind = payloadUse(route);
  if (payloadSchema) {
    const schema = registry.convert(payloadSchema, payloadKind.use, `${where} body`);
    const rules = describeRules(payloadSchema);
    requestBody = {
      required: (payloadSchema.describe().flags as { presence?: string } | undefined)?.presence === 'required',
      content: { [payloadKind.contentType]: { schema } },
      ...(rules.length > 0 ? { description: rules.join(' ') } : {}),
    };
  }

  // Success responses.
  const responses: Record<string, unknown> = {};
  const successHeaders: Record<string, unknown> = {
    'X-Service-Mode': { $ref: '#/components/headers/X-Service-Mode' },
    'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
    ...(isPublic
      ? {}
      : {
          'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
          'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
          'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
        }),
  };
  const responseSettings = settings.response;
  const byStatus = (responseSettings?.status ?? {}) as Record<string, unknown>;
  for (const [status, schema] of Object.entries(byStatus)) {
    const joi = joiOf(schema);
    if (!joi || Number(status) >= 400) continue;
    responses[status] = jsonResponse(
      Number(status),
      registry.convert(joi, 'json', `${where} ${status}`),
      successHeaders,
    );
  }
  const defaultSchema = joiOf(responseSettings?.schema);
  if (defaultSchema && Object.keys(responses).length === 0) {
    responses['200'] = jsonResponse(200, registry.convert(defaultSchema, 'json', `${where} 200`), successHeaders);
  }
  if (Object.keys(responses).length === 0 && !deprecated) {
    if (method === 'GET') {
      const pdf = /\/pdf$/.test(path);
      responses['200'] = {
        description: pdf ? 'The PDF document.' : 'The stored bytes, served with their own Content-Type.',
        headers: successHeaders,
        content: {
          [pdf ? 'application/pdf' : '*/*']: {
            schema: { type: 'string', contentMediaType: pdf ? 'application/pdf' : 'application/octet-stream' },
          },
        },
      };
    } else {
      responses['200'] = { description: 'OK', headers: successHeaders };
      registry.warnings.push({ where, message: 'no response schema: success body not described' });
    }
  }

  // Error responses.
  const extra = [...(SPEC_ROUTE_CODES[`${method} ${path}`] ?? []), ...(settings.plugins?.openapi?.errors ?? [])];
  const extraFor = (status: number) => extra.filter((code) => ERRORS[code].status === status);
  const hasValidation = [validate.params, validate.query, validate.payload, validate.headers].some(
    (v) => joiOf(v) !== undefined,
  );
  if (hasValidation || extraFor(400).length > 0) {
    const codes: ErrorCode[] = ['VALIDATION_ERROR'];
    if (payloadSchema && payloadKind.use === 'json' && settings.plugins?.errors?.invalidJson !== 'VALIDATION_ERROR')
      codes.push('BAD_REQUEST');
    if (payloadKind.use === 'multipart' && payloadSchema) codes.push('BAD_REQUEST');
    responses['400'] = errorResponse(400, [...codes, ...extraFor(400)]);
  }
  const shared = (status: number, name: SharedError) => {
    responses[String(status)] = sharedErrorRef(name);
  };
  if (!isPublic) {
    shared(401, 'Unauthorized');
    shared(403, write ? 'ForbiddenWrite' : 'ForbiddenRead');
  } else {
    shared(403, 'ForbiddenPublic');
  }
  if (pathNames.length > 0 && !deprecated) shared(404, 'NotFound');
  const conflicts: ErrorCode[] = [];
  if (write && !isPublic && !deprecated) conflicts.push('CONFLICT');
  const headerKeys: unknown = headerSchema?.describe().keys;
  if (typeof headerKeys === 'object' && headerKeys !== null && Object.keys(headerKeys).includes('idempotency-key')) {
    conflicts.push('IDEMPOTENCY_IN_PROGRESS');
    notes.push(
      'Idempotency: with an `Idempotency-Key` header (at most 128 characters) an identical success response is replayed for 24 hours; a matching request still running answers 409 IDEMPOTENCY_IN_PROGRESS.',
    );
  }
  conflicts.push(...extraFor(409));
  if (conflicts.length > 0) responses['409'] = errorResponse(409, conflicts);
  if (deprecated) shared(410, 'Gone');
  if (payloadSchema) {
    responses['413'] = errorResponse(413, ['FILE_TOO_LARGE', ...extraFor(413)]);
    responses['415'] = errorResponse(415, ['UNSUPPORTED_MEDIA_TYPE']);
  }
  if (!isPublic) shared(429, 'RateLimited');
  shared(500, 'ServerError');
  if (!isPublic) shared(503, 'Unavailable');

  // Words: the route's own description (where its author recorded the spec's "not shown" choices), then rules.
  const description = typeof settings.description === 'string' ? settings.description : '';
  const routeNotes = ([] as string[]).concat(settings.notes ?? []);
  const landlordLimit = settings.plugins?.limits?.landlord;
  if (landlordLimit)
    notes.push(
      `Per-landlord limit \`${landlordLimit}\`: ${LANDLORD_LIMITS[landlordLimit].limit} requests per minute, checked before any other work (429 RATE_LIMIT_EXCEEDED).`,
    );
  if (write && !isPublic && !deprecated)
    notes.push(
      'Sandbox (a `svc_sandbox_` key or `X-Service-Mode: sandbox`): nothing is written, no event or email is produced, and the answer is a mock carrying `sandbox: true`.',
    );
  if (deprecated && removed)
    notes.push(
      `Removed: answers 410 ENDPOINT_DEPRECATED naming ${removed.successorMethod} ${removed.successor} in the message and the Link header.`,
    );

  const fullDescription = [description, ...routeNotes, ...notes].filter(Boolean).join('\n\n');
  const tags = (settings.tags ?? []).filter((tag) => tag !== 'api');
  const operation: JsonSchema = {
    operationId,
    ...(tags.length > 0 ? { tags } : {}),
    ...(description ? { summary: summaryOf(description) } : {}),
    ...(fullDescription && fullDescription !== summaryOf(description) ? { description: fullDescription } : {}),
    ...(deprecated ? { deprecated: true } : {}),
    ...(isPublic ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: sortResponses(responses),
  };
  return { path, method: method.toLowerCase(), operation, tags };
}

function jsonResponse(status: number, schema: JsonSchema, headers: Record<string, unknown>): JsonSchema {
  return { description: SUCCESS_TEXT[status] ?? 'Success', headers, content: { 'application/json': { schema } } };
}

const sortResponses = (responses: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
