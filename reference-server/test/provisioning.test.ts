// The provisioning contract (docs/provisioning/openapi.json): a valid OpenAPI document, served operation for
// operation under /provisioning/v1 (and nothing else of the dashboard there), behind ADMIN_TOKEN, and working
// end to end: a landlord, a key that the public API takes, its revocation, a subscription, its deletion; the
// optional recordCertificate takes the document's body (recorded-certificates.test.ts: what it does).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CERTIFICATE_KINDS } from '../src/dashboard/certificates';
import { recordCertificateInput } from '../src/dashboard/inputs';
import { PROVISIONING_OPERATIONS, PROVISIONING_PREFIX } from '../src/dashboard/provisioning';
import { EPC_RATINGS } from '../src/persistence/models';
import { provisioningCall } from './helpers/provisioning';
import { API, startTestServer, type TestServer } from './helpers/server';

interface JsonSchema {
  required?: string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
}
interface Doc {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema> };
}
const DOC_PATH = resolve(__dirname, '..', '..', 'docs', 'provisioning', 'openapi.json');
const doc = JSON.parse(readFileSync(DOC_PATH, 'utf8')) as Doc;
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** `/landlords/{landlordId}` and `/landlords/{id}` name the same operation. */
const shape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
const documented = Object.entries(doc.paths)
  .flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => HTTP_METHODS.has(m))
      .map((m) => shape(m, path)),
  )
  .sort();

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.deps.webhooks.discardQueue();
  await t.stop();
});

const call = (method: string, url: string, payload?: object, token?: string) =>
  provisioningCall(t, method, url, payload, token);
const data = <T>(res: { payload: string }): T => (JSON.parse(res.payload) as { data: T }).data;

/** @seriousme/openapi-schema-validator is ESM only (see openapi.test.ts): it runs in a child node process. */
function validateOpenApi(path: string): { valid: boolean; version: string; errors?: unknown } {
  const script = [
    "import { Validator } from '@seriousme/openapi-schema-validator';",
    'const validator = new Validator();',
    'const result = await validator.validate(process.argv[1]);',
    'process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));',
  ].join('\n');
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script, path], { cwd: __dirname, encoding: 'utf8' }),
  ) as { valid: boolean; version: string; errors?: unknown };
}

it('the document is valid OpenAPI 3.1', () => {
  expect(validateOpenApi(DOC_PATH)).toEqual({ valid: true, version: '3.1' });
});

it('serves exactly the documented operations under /provisioning/v1, and no other dashboard route', () => {
  expect(PROVISIONING_OPERATIONS.map((op) => shape(op.method, op.path)).sort()).toEqual(documented);
  const served = t.server
    .table()
    .filter((route) => route.path.startsWith(`${PROVISIONING_PREFIX}/`))
    .map((route) => shape(route.method, route.path.slice(PROVISIONING_PREFIX.length)));
  expect(served.sort()).toEqual(documented);
});

it('takes the admin token and nothing else: 401 UNAUTHORIZED in the envelope', async () => {
  for (const token of ['', 'wrong-token-0000000']) {
    const res = await call('GET', `/landlords/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, undefined, token);
    expect([res.statusCode, JSON.parse(res.payload)]).toEqual([
      401,
      { error: expect.any(String), code: 'UNAUTHORIZED' },
    ]);
  }
  // The probe the suite sends first: an unknown landlord is 404 with the right token.
  expect((await call('GET', `/landlords/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).statusCode).toBe(404);
});

it('provisions end to end: landlord, key the public API takes, revocation, subscription, deletion', async () => {
  const created = await call('POST', '/landlords', {
    name: 'Contract Lets',
    email: 'c@contract.example',
    plan: 'Enterprise',
  });
  expect(created.statusCode).toBe(201);
  const landlord = data<{ id: string; plan: string }>(created);
  expect(landlord.plan).toBe('Enterprise');
  const issued = await call('POST', `/landlords/${landlord.id}/keys`, {
    name: 'ci',
    mode: 'live',
    scope: 'read_write',
  });
  expect(issued.statusCode).toBe(201);
  const key = data<{ id: string; key: string }>(issued);
  const read = () =>
    t.inject({ method: 'GET', url: `${API}/properties`, headers: { authorization: `Bearer ${key.key}` } });
  expect((await read()).statusCode).toBe(200);
  expect((await call('POST', `/keys/${key.id}/revoke`)).statusCode).toBe(200);
  expect((JSON.parse((await read()).payload) as { code: string }).code).toBe('REVOKED_KEY');

  const sub = await call('POST', `/landlords/${landlord.id}/webhooks`, {
    url: 'https://hooks.example/in',
    events: ['property.created'],
  });
  expect(sub.statusCode).toBe(201);
  const { id: subId, secret } = data<{ id: string; secret: string }>(sub);
  expect(secret).toEqual(expect.any(String));
  expect((await call('GET', `/landlords/${landlord.id}/webhooks`)).payload).not.toContain(secret);
  expect((await call('DELETE', `/webhooks/${subId}`)).statusCode).toBe(200);
  expect((await call('DELETE', `/landlords/${landlord.id}`)).statusCode).toBe(200);
  expect((await call('GET', `/landlords/${landlord.id}`)).statusCode).toBe(404);
});

it("recordCertificate's body is the document's: its fields, the required ones, the kinds and the EPC ratings", () => {
  const documented = doc.components.schemas.CertificateInput;
  const keys = recordCertificateInput.describe().keys as Record<string, { flags?: { presence?: string } }>;
  expect(Object.keys(keys).sort()).toEqual(Object.keys(documented.properties ?? {}).sort());
  expect(
    Object.entries(keys)
      .filter(([, key]) => key.flags?.presence === 'required')
      .map(([name]) => name)
      .sort(),
  ).toEqual([...(documented.required ?? [])].sort());
  expect(Object.keys(CERTIFICATE_KINDS).sort()).toEqual(
    [...(doc.components.schemas.CertificateKind.enum ?? [])].sort(),
  );
  expect(EPC_RATINGS).toEqual(documented.properties?.epcRating.enum);
});
