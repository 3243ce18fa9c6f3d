// The OpenAPI 3.1 document of the public API, built from the server's route table: every route tagged 'api'
// under the public prefix is described, whatever plugin added it; dashboard, media and internal routes are not.
import type { RequestRoute } from '@hapi/hapi';
import { LIMIT_DEFAULT, LIMIT_MAX } from '../platform/http/pagination';
import { seedErrorSchema, sharedErrorComponents } from './error-responses';
import { SchemaRegistry, type ConversionWarning, type JsonSchema } from './joi-schemas';
import { buildOperation, openApiPath, operationIdOf, type BuiltOperation } from './operation';

export const API_VERSION = '1.0.0';
export const API_TITLE = 'Property Portfolio Public API';

export interface DocumentOptions {
  /** The public path prefix, `/api/public/v1`. */
  readonly prefix: string;
  /** Absolute base of the deployment (config PUBLIC_URL); without it the server entry is the bare prefix. */
  readonly publicUrl?: string;
}

export interface BuiltDocument {
  readonly document: JsonSchema;
  /** Schemas that could not be converted, label clashes, routes without a response schema. */
  readonly warnings: readonly ConversionWarning[];
}

const METHOD_ORDER = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

/** Routes the document describes: tagged 'api' and under the public prefix. */
export const isPublicApiRoute = (route: RequestRoute, prefix: string): boolean =>
  route.path.startsWith(`${prefix}/`) && (route.settings.tags ?? []).includes('api') && route.method !== '*';

const INTRO = [
  "JSON-over-HTTP access to one landlord's portfolio. Every request carries an API key (`Authorization: Bearer <key>`, or `x-api-key: <key>`); the key identifies the landlord and all data belongs to them.",
  '',
  '**Envelope.** Success: `{ data, meta? }`; `meta { page, limit, total }` on lists (`hasNextPage` on contract lists). Errors: `{ error, code }` (see the `Error` schema): match on `code`.',
  '',
  `**Lists.** \`page\` starts at 1 (default 1); \`limit\` is 1 to ${LIMIT_MAX} (default ${LIMIT_DEFAULT}). Unknown query or body keys answer 400 VALIDATION_ERROR.`,
  '',
  '**Formats.** Ids are UUIDs, dates `YYYY-MM-DD` (format `date`, calendar-checked), timestamps ISO 8601 (format `date-time`).',
  '',
  '**Keys and plans.** `svc_live_` keys work on real data; `svc_sandbox_` keys read real data and never write (write answers are mocks with `sandbox: true`). Reads need the Portfolio or Enterprise plan; writes need Enterprise and a `read_write` key. Every response carries `X-Service-Mode`.',
  '',
  '**Rate limits** per key, sliding 60-second and 24-hour windows: Portfolio 100 reads / 30 writes a minute, 10000 / 3000 a day; Enterprise 500 / 100 a minute, 50000 / 10000 a day. Responses carry `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset`; 429 and 503 carry `Retry-After`.',
  '',
  'Where the specification leaves a detail "not shown", the operation descriptions and schemas here record the reference server\'s choice.',
].join('\n');

function bareOperation(route: RequestRoute, prefix: string): BuiltOperation {
  const path = openApiPath(route.path, prefix);
  const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  return {
    path,
    method: route.method,
    tags: [],
    operation: {
      operationId: operationIdOf(route.method, path),
      description: 'This operation could not be described.',
      ...(parameters.length > 0 ? { parameters } : {}),
      responses: { default: { description: 'See the API notes.' } },
    },
  };
}

export function buildOpenApiDocument(routes: readonly RequestRoute[], options: DocumentOptions): BuiltDocument {
  const registry = new SchemaRegistry();
  seedErrorSchema(registry);

  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tagNames: string[] = [];
  const selected = routes.filter((route) => isPublicApiRoute(route, options.prefix));
  // Deterministic whatever the registration order: by path, then method.
  selected.sort(
    (a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  for (const route of selected) {
    let built: ReturnType<typeof buildOperation>;
    try {
      built = buildOperation(route, options.prefix, registry);
    } catch (err) {
      // One odd route must not take the whole document down: it is listed bare, and the warning names it.
      registry.warnings.push({
        where: `${route.method.toUpperCase()} ${route.path}`,
        message: `operation not described (${(err as Error).message})`,
      });
      built = bareOperation(route, options.prefix);
    }
    (paths[built.path] ??= {})[built.method] = built.operation;
    for (const tag of built.tags) if (!tagNames.includes(tag)) tagNames.push(tag);
  }
  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => [
        p,
        Object.fromEntries(
          Object.entries(paths[p]).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
        ),
      ]),
  );

  const document: JsonSchema = {
    openapi: '3.1.0',
    info: { title: API_TITLE, version: API_VERSION, description: INTRO },
    servers: [
      {
        url: `${(options.publicUrl ?? '').replace(/\/+$/, '')}${options.prefix}`,
        description: 'API version 1 (all paths are relative to this prefix)',
      },
    ],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags: tagNames.sort().map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      schemas: Object.fromEntries(
        Object.keys(registry.components)
          .sort()
          .map((name) => [name, registry.components[name]]),
      ),
      responses: sharedErrorComponents(),
      parameters: {
        ServiceMode: {
          name: 'X-Service-Mode',
          in: 'header',
          required: false,
          description:
            '`sandbox` runs the write in sandbox mode even with a live key: nothing is written and the answer is a mock with `sandbox: true`.',
          schema: { type: 'string', enum: ['live', 'sandbox'] },
        },
      },
      headers: {
        'X-Service-Mode': {
          description: '`live` or `sandbox`: the mode the request ran in.',
          schema: { type: 'string', enum: ['live', 'sandbox'] },
        },
        'X-Request-Id': { description: 'Identifies the request in the server logs.', schema: { type: 'string' } },
        'X-RateLimit-Limit': {
          description: 'Size of the rate-limit window with the least room left.',
          schema: { type: 'integer' },
        },
        'X-RateLimit-Remaining': {
          description: 'Requests left in that window.',
          schema: { type: 'integer', minimum: 0 },
        },
        'X-RateLimit-Reset': {
          description: 'Unix seconds when a slot frees in that window.',
          schema: { type: 'integer' },
        },
        'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
        Link: {
          description: 'The successor of a removed route: `<url>; rel="successor-version"`.',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'API key (svc_live_… or svc_sandbox_…)',
          description: 'Recommended: `Authorization: Bearer <API_KEY>`.',
        },
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'Alternative: the key in the `x-api-key` header.',
        },
      },
    },
  };
  return { document, warnings: registry.warnings };
}
