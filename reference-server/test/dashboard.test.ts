// The developer dashboard: guarded by ADMIN_TOKEN; keys shown once, stored hashed, revocable.
import { createHash } from 'node:crypto';
import { ADMIN_TOKEN, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ seed: false }); });
afterAll(async () => { await t.stop(); });

const admin = (method: string, url: string, payload?: object, token = ADMIN_TOKEN) =>
  t.inject({ method, url: `/dashboard/api${url}`, payload, headers: { authorization: `Bearer ${token}` } });
const data = <T>(res: { payload: string }): T => (JSON.parse(res.payload) as { data: T }).data;

it('refuses calls without the admin token', async () => {
  for (const token of ['', 'wrong-token-0000000']) {
    const res = await admin('GET', '/landlords', undefined, token);
    expect([res.statusCode, JSON.parse(res.payload).code]).toEqual([401, 'UNAUTHORIZED']);
  }
});

it('provisions a landlord and a key that works, shows the key once and stores only its hash', async () => {
  const landlord = data<{ id: string }>(await admin('POST', '/landlords', { name: 'Acme Lets', email: 'a@acme.example', plan: 'Enterprise' }));
  const issued = await admin('POST', `/landlords/${landlord.id}/keys`, { name: 'ci', mode: 'live', scope: 'read_write' });
  expect(issued.statusCode).toBe(201);
  const { key, id } = data<{ key: string; id: string }>(issued);
  expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32,}$/);
  const listed = await admin('GET', `/landlords/${landlord.id}/keys`);
  expect(listed.payload).not.toContain(key);
  const row = (await t.deps.knex('api_keys').where({ id }).first()) as Record<string, unknown>;
  expect(JSON.stringify(row)).not.toContain(key);
  expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));

  expect((await t.api('GET', '/properties', key)).statusCode).toBe(200);
  expect(data<{ revokedAt: string | null }>(await admin('POST', `/keys/${id}/revoke`)).revokedAt).not.toBeNull();
  const revoked = await t.api('GET', '/properties', key);
  expect([revoked.statusCode, JSON.parse(revoked.payload).code]).toEqual([401, 'REVOKED_KEY']);
});

it('changes a plan and the API follows at once', async () => {
  const landlord = data<{ id: string }>(await admin('POST', '/landlords', { name: 'Downgrade', email: 'd@x.example', plan: 'Enterprise' }));
  const { key } = data<{ key: string }>(await admin('POST', `/landlords/${landlord.id}/keys`, { name: 'k', mode: 'sandbox', scope: 'read_only' }));
  expect(key.startsWith('svc_sandbox_')).toBe(true);
  expect((await t.api('GET', '/properties', key)).statusCode).toBe(200);
  await admin('PATCH', `/landlords/${landlord.id}`, { plan: 'Professional' });
  expect(JSON.parse((await t.api('GET', '/properties', key)).payload).code).toBe('PLAN_UPGRADE_REQUIRED');
});

it('creates webhook subscriptions of at most 32 of the 43 event types, secret shown once', async () => {
  const landlord = data<{ id: string }>(await admin('POST', '/landlords', { name: 'Hooks', email: 'h@x.example', plan: 'Enterprise' }));
  const types = data<string[]>(await admin('GET', '/event-types'));
  expect(types).toHaveLength(43);
  const tooMany = await admin('POST', `/landlords/${landlord.id}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: types.slice(0, 33) });
  expect([tooMany.statusCode, JSON.parse(tooMany.payload).code]).toEqual([400, 'VALIDATION_ERROR']);
  const unknown = await admin('POST', `/landlords/${landlord.id}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['rent.exploded'] });
  expect(unknown.statusCode).toBe(400);
  const created = await admin('POST', `/landlords/${landlord.id}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: types.slice(0, 32) });
  expect(created.statusCode).toBe(201);
  const { secret } = data<{ secret: string }>(created);
  expect(secret).toMatch(/^whsec_/);
  expect((await admin('GET', `/landlords/${landlord.id}/webhooks`)).payload).not.toContain(secret);
});
