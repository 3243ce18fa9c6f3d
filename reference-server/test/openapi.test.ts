// The OpenAPI document: valid OpenAPI 3.1, complete against the route table, and true to the server: real
// answers of every GET endpoint (and error answers of every operation) validate against it with ajv.
import { execFileSync } from 'node:child_process';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import Joi from 'joi';
import { isoDate } from '../src/platform/http/schemas';
import { filePart } from '../src/storage/upload';
import { isPublicApiRoute } from '../src/openapi/document';
import { SchemaRegistry } from '../src/openapi/joi-schemas';
import { openApiDocumentOf } from '../src/openapi/route';
import { openApiPath } from '../src/openapi/operation';
import { API, KEYS, startTestServer, type TestServer } from './helpers/server';

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: Array<Json>;
  responses: Record<string, Json>;
  security?: unknown[];
}
interface Doc {
  openapi: string;
  info: Json;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, Json>>;
}

let t: TestServer;
let doc: Doc;
let ajv: Ajv2020;
const validators = new Map<string, ValidateFunction>();
const DOC_ID = 'https://reference.invalid/openapi.json';

beforeAll(async () => {
  t = await startTestServer();
  const res = await t.inject({ method: 'GET', url: `${API}/openapi.json` });
  expect(res.statusCode).toBe(200);
  doc = JSON.parse(res.payload) as Doc;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The whole document under one id: response schemas are reached by JSON pointer, `#/components/...` resolves.
  ajv.addSchema({ ...doc, $id: DOC_ID });
});
afterAll(async () => {
  await t.stop();
});

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The response object an operation declares for a status, following a `$ref` into components.responses. */
function declared(op: Operation, status: number): { response: Json; base: string } | undefined {
  const response = op.responses[String(status)];
  if (!response) return undefined;
  if (typeof response.$ref === 'string') {
    const name = response.$ref.split('/').pop()!;
    return { response: doc.components.responses[name], base: `#/${pointer('components', 'responses', name)}` };
  }
  return { response, base: '' };
}

function validatorFor(path: string, method: string, status: number): ValidateFunction | undefined {
  const op = doc.paths[path][method];
  const found = declared(op, status);
  if (!found) return undefined;
  const content = found.response.content as Record<string, unknown> | undefined;
  if (!content?.['application/json']) return undefined;
  const base = found.base || `#/${pointer('paths', path, method, 'responses', String(status))}`;
  const ref = `${DOC_ID}${base}/${pointer('content', 'application/json', 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

interface Answer {
  statusCode: number;
  payload: string;
  headers: Record<string, unknown>;
}

/** The status is declared by the operation and a JSON body validates against the declared schema. */
function expectConforms(path: string, method: string, url: string, res: Answer): void {
  const op = doc.paths[path][method];
  const where = `${method.toUpperCase()} ${url} → ${res.statusCode}`;
  if (!declared(op, res.statusCode))
    throw new Error(
      `${where}: status not declared (declared: ${Object.keys(op.responses).join(', ')}); body ${res.payload.slice(0, 300)}`,
    );
  const validate = validatorFor(path, method, res.statusCode);
  if (!validate) return;
  const body = JSON.parse(res.payload) as unknown;
  if (!validate(body))
    throw new Error(
      `${where}: body does not match the document: ${ajv.errorsText(validate.errors)}\n${res.payload.slice(0, 500)}`,
    );
  expect(res.headers['x-service-mode']).toMatch(/^(live|sandbox)$/);
}

/**
 * @seriousme/openapi-schema-validator is ESM only, and this jest setup compiles import() to require(): it runs in a
 * child node process instead, fed the document on stdin.
 */
function validateOpenApi(document: unknown): { valid: boolean; version: string; errors?: unknown } {
  const script = [
    "import { Validator } from '@seriousme/openapi-schema-validator';",
    "let input = ''; process.stdin.setEncoding('utf8'); for await (const chunk of process.stdin) input += chunk;",
    'const validator = new Validator();',
    'const result = await validator.validate(JSON.parse(input));',
    'process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));',
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(document),
    cwd: __dirname,
    encoding: 'utf8',
  });
  return JSON.parse(out) as { valid: boolean; version: string; errors?: unknown };
}

const operations = (): Array<[string, string, Operation]> =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]): [string, string, Operation] => [path, method, op]),
  );

const getPaths = (): string[] => Object.keys(doc.paths).filter((p) => doc.paths[p].get);

const idsCache = new Map<string, string[]>();
/** Ids listed by a list endpoint (its `data[].id`), cached. */
async function idsFrom(listPath: string): Promise<string[]> {
  if (!idsCache.has(listPath)) {
    const res = await t.api('GET', `${listPath}?limit=100`, KEYS.enterpriseLive);
    if (res.statusCode !== 200)
      throw new Error(`no list endpoint GET ${listPath} to take sample ids from (answered ${res.statusCode})`);
    idsCache.set(
      listPath,
      (JSON.parse(res.payload) as { data: Array<{ id: string }> }).data.map((item) => item.id),
    );
  }
  return idsCache.get(listPath)!;
}

/**
 * Concrete paths for a templated one, each `{param}` taken from the list endpoint just above it
 * (`/properties/{id}/documents/{docId}` → an id from GET /properties, then a docId from GET /properties/<id>/documents).
 * Earlier parameters use the first id; the last one offers every candidate.
 */
async function candidatePaths(path: string): Promise<string[]> {
  const match = /\{\w+\}/.exec(path);
  if (!match) return [path];
  const ids = await idsFrom(path.slice(0, match.index - 1));
  const rest = path.slice(match.index + match[0].length);
  if (!/\{\w+\}/.test(rest)) return ids.map((id) => path.slice(0, match.index) + id + rest);
  return ids.length > 0 ? candidatePaths(path.slice(0, match.index) + ids[0] + rest) : [];
}

/** Any id of a list endpoint, for the write samples. */
const candidateIds = (listPath: string) => idsFrom(listPath);

/** Query variations for a GET: none, then each enum value and `true` for each boolean parameter. */
function queryVariations(op: Operation): string[] {
  const out = [''];
  for (const param of op.parameters ?? []) {
    if (param.in !== 'query') continue;
    const schema = param.schema as { enum?: Array<string | number | boolean | null>; type?: unknown };
    for (const value of schema.enum ?? [])
      if (value !== null) out.push(`?${String(param.name)}=${encodeURIComponent(String(value))}`);
    if (schema.type === 'boolean') out.push(`?${String(param.name)}=true`);
  }
  return out;
}

describe('the document', () => {
  it('is served publicly at {base_url}/openapi.json, is valid OpenAPI 3.1 and names version 1.0.0 and the prefix', async () => {
    const result = validateOpenApi(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers[0].url).toMatch(/^https?:\/\/.+\/api\/public\/v1$/);
  });

  it('describes every public route of the server, and nothing else', () => {
    const documented = operations()
      .map(([path, method]) => `${method.toUpperCase()} ${path}`)
      .sort();
    const routes = t.server
      .table()
      .filter((route) => isPublicApiRoute(route, API))
      .map((route) => `${route.method.toUpperCase()} ${openApiPath(route.path, API)}`)
      .sort();
    expect(routes.length).toBeGreaterThan(40);
    expect(documented).toEqual(routes);
    expect(documented.some((op) => /dashboard|media|openapi/.test(op))).toBe(false);
  });

  it('converts every schema without warnings and caches the document after the first build', () => {
    const first = openApiDocumentOf(t.server, API);
    expect(first.warnings).toEqual([]);
    expect(openApiDocumentOf(t.server, API)).toBe(first);
  });

  it('has stable unique operation ids, tags without "api", and the shared error responses on every operation', () => {
    const ids = operations().map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getPropertiesByIdHandbook');
    for (const [path, method, op] of operations()) {
      expect((op as unknown as { tags?: string[] }).tags ?? []).not.toContain('api');
      const statuses = Object.keys(op.responses);
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      for (const s of isPublic ? ['403', '500'] : ['401', '403', '429', '500', '503'])
        expect([path, method, statuses.includes(s)]).toEqual([path, method, true]);
      if (path.includes('{'))
        expect([path, method, statuses.includes('404') || statuses.includes('410')]).toEqual([path, method, true]);
    }
  });

  it('names the properties schemas by their Joi labels, and Error enumerates the catalogue codes', () => {
    const schemas = doc.components.schemas;
    for (const name of ['Property', 'PropertyList', 'PropertyResponse', 'ComplianceItem', 'Error', 'Deleted'])
      expect(Object.keys(schemas)).toContain(name);
    const error = schemas.Error as { required: string[]; properties: { code: { enum: string[] } } };
    expect(error.required.sort()).toEqual(['code', 'error']);
    expect(error.properties.code.enum).toEqual(
      expect.arrayContaining([
        'UNAUTHORIZED',
        'NOT_FOUND',
        'VALIDATION_ERROR',
        'RATE_LIMIT_EXCEEDED',
        'CERTIFICATE_DERIVED_FIELD',
      ]),
    );
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKeyHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }),
    });
  });

  it('describes upload routes as multipart/form-data with a binary file part, and 409/410/413 where they can happen', () => {
    const upload = doc.paths['/properties/{id}/documents'].post;
    const body = (
      upload as unknown as {
        requestBody: { content: Record<string, { schema: { properties: Record<string, Json> } }> };
      }
    ).requestBody;
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
    expect(body.content['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(JSON.stringify(upload.responses['413'])).toContain('FILE_TOO_LARGE');
    expect(JSON.stringify(doc.paths['/properties/{id}'].patch.responses['409'])).toContain('CERTIFICATE_DERIVED_FIELD');
    expect(JSON.stringify(doc.paths['/rent/{id}/invoice/email'].post.responses['409'])).toContain(
      'IDEMPOTENCY_IN_PROGRESS',
    );
    const removed = doc.paths['/maintenance/{id}'].patch as unknown as { deprecated: boolean; responses: Json };
    expect(removed.deprecated).toBe(true);
    expect(Object.keys(removed.responses)).toContain('410');
  });
});

describe('the Joi conversion', () => {
  const Item = Joi.object({ n: Joi.number().min(0).integer().required() }).label('Item');

  it('names labelled schemas once, references them (nullable ones through anyOf) and keeps presence at the use site', () => {
    const registry = new SchemaRegistry();
    const schema = registry.convert(
      Joi.object({ a: Item.required(), b: Item.allow(null), list: Joi.array().items(Item) }).label('Holder'),
      'json',
      'test',
    );
    expect(schema).toEqual({ $ref: '#/components/schemas/Holder' });
    expect(registry.components.Holder).toMatchObject({
      required: ['a'],
      properties: {
        a: { $ref: '#/components/schemas/Item' },
        b: { anyOf: [{ $ref: '#/components/schemas/Item' }, { type: 'null' }] },
        list: { items: { $ref: '#/components/schemas/Item' } },
      },
    });
    // integer is detected whatever the rule order.
    expect(registry.components.Item).toMatchObject({
      properties: { n: { type: 'integer', minimum: 0 } },
      required: ['n'],
      additionalProperties: false,
    });
    expect(registry.warnings).toEqual([]);
  });

  it('gives a second shape under a used label its own name, with a warning', () => {
    const registry = new SchemaRegistry();
    registry.convert(Item, 'json', 'first');
    const other = registry.convert(Joi.object({ m: Joi.string() }).label('Item'), 'json', 'second');
    expect(other).toEqual({ $ref: '#/components/schemas/Item2' });
    expect(registry.warnings).toEqual([expect.objectContaining({ where: 'second' })]);
  });

  it('converts calendar dates, key patterns, key counts, conditional keys and multipart files', () => {
    const registry = new SchemaRegistry();
    const body = registry.convert(
      Joi.object({
        day: isoDate,
        name: Joi.string(),
        blank: Joi.string().allow(''),
        bands: Joi.object().pattern(Joi.string().valid('A', 'B'), Joi.number().integer()),
        file: filePart,
      }).min(1),
      'multipart',
      'test',
    );
    expect(body).toMatchObject({
      minProperties: 1,
      properties: {
        day: { type: 'string', format: 'date' },
        name: { type: 'string', minLength: 1 },
        blank: { type: 'string' },
        bands: { type: 'object', propertyNames: { enum: ['A', 'B'] }, additionalProperties: { type: 'integer' } },
        file: { type: 'string', format: 'binary' },
      },
    });
    expect((body.properties as Record<string, Json>).blank.minLength).toBeUndefined();
    const query = registry.convertObjectKeys(
      Joi.object({
        flag: Joi.boolean(),
        extra: Joi.when('flag', { is: true, then: Joi.number(), otherwise: Joi.forbidden() }),
      }).and('flag', 'extra'),
      'json',
      'query',
    );
    expect(query.properties.extra).toEqual({ type: 'number', description: 'Only with flag=true; refused otherwise.' });
    expect(query.rules).toEqual(['`flag`, `extra` must be sent together.']);
  });
});

describe('the server answers as the document says', () => {
  it('on every GET endpoint, with real data and query variations (200 bodies validate with ajv)', async () => {
    const ok = new Set<string>();
    for (const path of getPaths()) {
      const op = doc.paths[path].get;
      const variations = queryVariations(op);
      const concretes = await candidatePaths(path);
      expect([path, concretes.length > 0]).toEqual([path, true]);
      for (const concrete of concretes) {
        const res = await t.api('GET', concrete, KEYS.enterpriseLive);
        expectConforms(path, 'get', concrete, res);
        if (res.statusCode !== 200) continue;
        ok.add(path);
        const json = validatorFor(path, 'get', 200);
        if (!json) expect(String(res.headers['content-type'])).not.toMatch(/json/); // binary answers (PDF, attachments)
        for (const query of variations.slice(1))
          expectConforms(path, 'get', concrete + query, await t.api('GET', concrete + query, KEYS.enterpriseLive));
        for (const key of [KEYS.enterpriseSandbox, KEYS.portfolioLive, KEYS.otherLandlord])
          expectConforms(path, 'get', concrete, await t.api('GET', concrete, key));
        break;
      }
    }
    expect([...ok].sort()).toEqual(getPaths().sort());
  });

  it('error answers of every operation validate against Error and the declared status', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [path, method] of operations()) {
      const concrete = path.replace(/\{(\w+)\}/g, missing);
      const verb = method.toUpperCase();
      const body = ['POST', 'PATCH', 'PUT'].includes(verb) ? {} : undefined;
      const answers = [
        await t.api(verb, concrete, null, body),
        await t.api(verb, concrete, KEYS.professional, body),
        await t.api(verb, concrete, verb === 'GET' ? KEYS.enterpriseLive : KEYS.enterpriseReadOnly, body),
        await t.api(verb, concrete, KEYS.enterpriseLive, body),
        await t.api(verb, path.replace(/\{(\w+)\}/g, 'not-a-uuid'), KEYS.enterpriseLive, body),
      ];
      for (const res of answers) {
        expectConforms(path, method, concrete, res);
        if (res.statusCode >= 400) {
          const error =
            validatorFor(path, method, res.statusCode) ?? ajv.compile({ $ref: `${DOC_ID}#/components/schemas/Error` });
          expect([verb, path, res.statusCode, error(JSON.parse(res.payload))]).toEqual([
            verb,
            path,
            res.statusCode,
            true,
          ]);
        }
      }
    }
  });

  it('is not vacuous: a body that strays from the server shape fails validation', async () => {
    const res = await t.api('GET', '/properties?limit=1', KEYS.enterpriseLive);
    const body = JSON.parse(res.payload) as { data: Array<Record<string, unknown>>; meta: Record<string, unknown> };
    const validate = validatorFor('/properties', 'get', 200)!;
    expect(validate(body)).toBe(true);
    const { id: _id, ...withoutId } = body.data[0];
    expect(validate({ ...body, data: [withoutId] })).toBe(false);
    expect(validate({ ...body, data: [{ ...body.data[0], extra: 1 }] })).toBe(false);
    expect(validate({ ...body, data: [{ ...body.data[0], status: 'Let' }] })).toBe(false);
    expect(validate({ ...body, data: [{ ...body.data[0], gscRenewal: '2026-02-30' }] })).toBe(false);
    expect(validate({ data: body.data })).toBe(false);
  });

  it('sandbox writes answer mocks that match the document (sample: POST /properties, PATCH /properties/{id})', async () => {
    const create = await t.api('POST', '/properties', KEYS.enterpriseSandbox, {
      shortName: 'Doc Test',
      addressLine1: '1 Spec Street',
      city: 'Bristol',
      postcode: 'BS1 1AA',
      propertyType: 'Flat',
    });
    expect(create.statusCode).toBe(201);
    expectConforms('/properties', 'post', '/properties', create);
    const [id] = await candidateIds('/properties');
    const patch = await t.api('PATCH', `/properties/${id}`, KEYS.enterpriseSandbox, { status: 'Maintenance' });
    expect(patch.statusCode).toBe(200);
    expectConforms('/properties/{id}', 'patch', `/properties/${id}`, patch);
  });

  it('random queries on list endpoints: any answer has a declared status and a body matching it', async () => {
    const lists = getPaths().filter((p) => !p.includes('{'));
    const value = fc.oneof(
      fc.integer({ min: -5, max: 100_000 }).map(String),
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        'true',
        'false',
        'Active',
        'Paid',
        '2026-02-30',
        '2026-01-01',
        '00000000-0000-4000-8000-000000000000',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.dictionary(
          fc.constantFrom('page', 'limit', 'status', 'search', 'from', 'to', 'type', 'propertyId', 'junk'),
          value,
          { maxKeys: 3 },
        ),
        async (path, query) => {
          const qs = new URLSearchParams(query).toString();
          const url = `${path}${qs ? `?${qs}` : ''}`;
          // The rateLimit key (same landlord) keeps these reads out of enterpriseLive's per-minute window.
          const res = await t.api('GET', url, KEYS.rateLimit);
          expect(res.statusCode).toBeLessThan(500);
          expectConforms(path, 'get', url, res);
        },
      ),
      { numRuns: 60 },
    );
  });
});
