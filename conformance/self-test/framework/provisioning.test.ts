// The provisioning contract from the suite's side: the client's operation table is the document's, a request
// outside the contract is refused before it leaves, the example command adapter (examples/provisioning-adapter)
// round-trips every kind of answer, a real check runs through it end to end, and a wrong token stops the run
// (exit 2) with a reason that names the fix. Fake deployments on 127.0.0.1 (node:http), no sleeps.

import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { keyRevokedInDashboardAnswers401RevokedKey } from '../../src/checks/auth/credentials';
import { main } from '../../src/cli';
import { TransportError } from '../../src/http/client';
import { CONTRACT_ID, OPERATIONS } from '../../src/provisioning/contract';
import { createProvisioningClient } from '../../src/provisioning/client';
import { probeProvisioning } from '../../src/runner/probe';
import { CannotRunError } from '../../src/runner/outcomes';
import { parseTarget, type ProvisioningConfig } from '../../src/targets';
import { runOne } from '../support/run';
import {
  captureIo,
  json,
  LIVE_KEY,
  startFakeApi,
  tempDir,
  targetFile,
  type FakeApi,
  type SeenRequest,
} from './helpers';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const DOC = JSON.parse(readFileSync(join(REPO_ROOT, 'docs', 'provisioning', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const ADAPTER = join(REPO_ROOT, 'examples', 'provisioning-adapter', 'adapter.mjs');
const TOKEN = 'provisioning-token-0123456789';
const PREFIX = '/provisioning/v1';

/**
 * A deployment with a public API (GET /properties, PATCH /properties/{id}) and the contract's key operations
 * under /provisioning/v1: keys it issues work until revoked, then answer 401 REVOKED_KEY.
 */
function fakeDeployment(): (req: SeenRequest, res: Parameters<Parameters<typeof startFakeApi>[0]>[1]) => void {
  const keys = new Map<string, { id: string; revoked: boolean }>();
  const landlords = new Set<string>();
  return (req, res) => {
    const path = req.url.split('?')[0];
    if (path.startsWith(PREFIX)) {
      if (req.headers.authorization !== `Bearer ${TOKEN}`)
        return json(res, 401, { error: 'bad token', code: 'UNAUTHORIZED' });
      const rest = path.slice(PREFIX.length);
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && rest === '/landlords') {
        const id = randomUUID();
        landlords.add(id);
        return json(res, 201, { data: { id, ...(JSON.parse(req.body) as object) } });
      }
      if ((m = /^\/landlords\/([^/]+)\/keys$/.exec(rest)) && req.method === 'POST' && landlords.has(m[1])) {
        const record = { id: randomUUID(), revoked: false };
        const key = `svc_live_${randomUUID().replace(/-/g, '')}`;
        keys.set(key, record);
        return json(res, 201, { data: { id: record.id, key } });
      }
      if ((m = /^\/keys\/([^/]+)\/revoke$/.exec(rest)) && req.method === 'POST') {
        for (const record of keys.values()) if (record.id === m[1]) record.revoked = true;
        return json(res, 200, { data: { id: m[1] } });
      }
      if ((m = /^\/landlords\/([^/]+)$/.exec(rest))) {
        if (!landlords.has(m[1])) return json(res, 404, { error: 'Landlord not found', code: 'NOT_FOUND' });
        if (req.method === 'DELETE') {
          landlords.delete(m[1]);
          return json(res, 200, { data: { deleted: true, id: m[1] } });
        }
        return json(res, 200, { data: { id: m[1] } });
      }
      if (rest === '/mail/m1/attachment/invoice.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(Buffer.from([0x25, 0x50, 0x44, 0x46, 0xff, 0x00]));
      }
      return json(res, 404, { error: 'Route not found', code: 'NOT_FOUND' });
    }
    const auth =
      String(req.headers.authorization ?? '').replace(/^Bearer /, '') || String(req.headers['x-api-key'] ?? '');
    const record = keys.get(auth);
    if (auth === LIVE_KEY || (record && !record.revoked))
      return json(
        res,
        req.method === 'GET' ? 200 : 404,
        req.method === 'GET' ? { data: [], meta: {} } : { error: 'no', code: 'NOT_FOUND' },
      );
    if (record?.revoked) return json(res, 401, { error: 'revoked', code: 'REVOKED_KEY' });
    return json(res, 401, { error: 'unknown', code: 'UNAUTHORIZED' });
  };
}

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi(fakeDeployment());
});
afterAll(async () => {
  await api.close();
});

const viaCommand = (token = TOKEN): ProvisioningConfig => ({
  command: [process.execPath, ADAPTER, `${api.origin}${PREFIX}`],
  token,
});
const viaHttp = (token = TOKEN): ProvisioningConfig => ({ url: `${api.origin}${PREFIX}`, token });

it("the client's operations are exactly the document's (id, method, path)", () => {
  const documented = Object.entries(DOC.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => typeof op === 'object' && op !== null && 'operationId' in op)
      .map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
  );
  expect(OPERATIONS.map((op) => `${op.id} ${op.method} ${op.path}`).sort()).toEqual(documented.sort());
});

it('refuses a request outside the contract before anything is sent, in both modes', async () => {
  const before = api.seen.length;
  for (const config of [viaHttp(), viaCommand()]) {
    const client = createProvisioningClient(config);
    await expect(client.request({ path: '/landlords' })).rejects.toThrow(
      `not an operation of the provisioning contract ${CONTRACT_ID}: GET /landlords`,
    );
    await expect(client.request({ url: 'http://elsewhere.example/mail' })).rejects.toThrow('only calls the contract');
  }
  expect(api.seen.length).toBe(before);
});

it('the example command adapter round-trips JSON, error and binary answers, with the token', async () => {
  const client = createProvisioningClient(viaCommand());
  const created = await client.request({
    method: 'POST',
    path: '/landlords',
    json: { name: 'n', email: 'e@x.example', plan: 'Enterprise' },
  });
  expect(created.status).toBe(201);
  expect(created.json).toMatchObject({ data: { id: expect.any(String), plan: 'Enterprise' } });
  expect(created.exchange.request.url).toMatch(/^command:createLandlord \/landlords$/);
  const seen = api.seen[api.seen.length - 1];
  expect([seen.method, seen.url, seen.headers.authorization, JSON.parse(seen.body)]).toEqual([
    'POST',
    `${PREFIX}/landlords`,
    `Bearer ${TOKEN}`,
    { name: 'n', email: 'e@x.example', plan: 'Enterprise' },
  ]);

  const missing = await client.request({ path: `/landlords/${randomUUID()}` });
  expect([missing.status, missing.json]).toEqual([404, { error: 'Landlord not found', code: 'NOT_FOUND' }]);

  const pdf = await client.request({ path: '/mail/m1/attachment/invoice.pdf' });
  expect([pdf.status, pdf.headers['content-type'], [...pdf.bytes]]).toEqual([
    200,
    'application/pdf',
    [0x25, 0x50, 0x44, 0x46, 0xff, 0x00],
  ]);
});

it('a command that fails is a transport error carrying its stderr, not an answer', async () => {
  const client = createProvisioningClient({ command: [process.execPath, ADAPTER, 'not-a-url'] });
  const error = await client.request({ method: 'POST', path: '/landlords', json: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TransportError);
  expect((error as Error).message).toMatch(/exited with status 1; stderr: provisioning-adapter: usage/);
});

it.each([
  ['the HTTP contract', viaHttp],
  ['the example command adapter', viaCommand],
])('a real check provisions, uses and revokes a key through %s', async (_, config) => {
  const { target } = parseTarget(targetFile(api.baseUrl), 'provisioning.test');
  const from = api.seen.length;
  const result = await runOne(keyRevokedInDashboardAnswers401RevokedKey, { ...target, provisioning: config() });
  expect([result.status, result.message]).toEqual([
    'passed',
    'a fresh key answered 200, then 401 REVOKED_KEY on reads and writes once revoked',
  ]);
  // The contract operations it went through, the run's landlord deleted at the end.
  const calls = api.seen
    .slice(from)
    .filter((r) => r.url.startsWith(PREFIX))
    .map((r) => `${r.method} ${r.url.slice(PREFIX.length).replace(/[0-9a-f-]{36}/g, '{id}')}`);
  expect(calls).toEqual([
    'POST /landlords',
    'POST /landlords/{id}/keys',
    'POST /keys/{id}/revoke',
    'POST /keys/{id}/revoke',
    'DELETE /landlords/{id}',
  ]);
});

it('a wrong token stops the run: exit 2 naming provisioning.token, for both modes', async () => {
  const { target } = parseTarget(targetFile(api.baseUrl), 't');
  for (const config of [viaHttp('wrong-token'), viaCommand('wrong-token')]) {
    await expect(probeProvisioning({ ...target, provisioning: config })).rejects.toThrow(CannotRunError);
    await expect(probeProvisioning({ ...target, provisioning: config })).rejects.toThrow(
      /provisioning refused the token: .* answered 401; check provisioning.token/,
    );
  }
  await expect(probeProvisioning({ ...target, provisioning: viaCommand() })).resolves.toBeUndefined();

  const dir = tempDir();
  const file = join(dir, 'wrong-token.json');
  writeFileSync(
    file,
    JSON.stringify(targetFile(api.baseUrl, { provisioning: { url: `${api.origin}${PREFIX}`, token: 'wrong-token' } })),
  );
  const io = captureIo();
  const code = await main(['--target', file, '--report', `json:${join(dir, 'r.json')}`], io, {
    checks: [keyRevokedInDashboardAnswers401RevokedKey],
  });
  expect(code).toBe(2);
  expect(io.err()).toMatch(
    /^conformance: provisioning refused the token: GET \/landlords\/[0-9a-f-]+ at http:\/\/127\.0\.0\.1:\d+\/provisioning\/v1 answered 401; check provisioning\.token \(for the reference server: its ADMIN_TOKEN\)\n$/,
  );
});

it('reads a provisioning section in each form and maps the old dashboard section onto it', () => {
  const base = targetFile(api.baseUrl);
  expect(
    parseTarget({ ...base, provisioning: { url: 'http://h/provisioning/v1/', token: 't', mail: true } }, 't').target,
  ).toMatchObject({ provisioning: { url: 'http://h/provisioning/v1', token: 't' }, mail: { kind: 'provisioning' } });
  expect(
    parseTarget({ ...base, provisioning: { command: ['node', 'a.mjs'], token: 't' } }, 't').target.provisioning,
  ).toEqual({ command: ['node', 'a.mjs'], token: 't' });
  expect(
    parseTarget({ ...base, dashboard: { url: 'http://h/dashboard/api', token: 't' } }, 't').target.provisioning,
  ).toEqual({ url: 'http://h/dashboard/api', token: 't' });
  expect(() =>
    parseTarget(
      { ...base, provisioning: { url: 'http://h', token: 't' }, dashboard: { url: 'http://h', token: 't' } },
      't',
    ),
  ).toThrow('give only provisioning');
  expect(() => parseTarget({ ...base, provisioning: { command: [] } }, 't')).toThrow(
    'provisioning.command must be a non-empty array',
  );
  expect(() => parseTarget({ ...base, provisioning: { url: 'http://h' } }, 't')).toThrow(
    'provisioning.token is required with provisioning.url',
  );
  expect(() => parseTarget({ ...base, mail: { kind: 'provisioning' } }, 't')).toThrow('needs a provisioning section');
});
