// GET /team: the account owner and current members, never removed ones; landlord-scoped.
import fc from 'fast-check';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

interface Member {
  id: string;
  name: string;
  email: string;
  role: string;
  status: string;
  isOwner: boolean;
}
const json = (res: { payload: string }) =>
  JSON.parse(res.payload) as { data: Member[]; meta?: unknown; error?: string; code?: string };
const landlordOf = async (email: string): Promise<string> =>
  (await t.deps.knex('landlords').where({ email }).first<{ id: string }>('id')).id;

describe('GET /team', () => {
  it('lists the owner first, then current members with name, email, role, status', async () => {
    const res = await t.api('GET', '/team', KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.meta).toBeUndefined();
    expect(body.data[0]).toMatchObject({
      name: 'Helen Harbour',
      email: 'owner@harbour-lettings.example',
      role: 'Owner',
      status: 'active',
      isOwner: true,
    });
    expect(body.data.map((m) => m.email)).toEqual([
      'owner@harbour-lettings.example',
      'marcus@harbour-lettings.example',
      'priya@harbour-lettings.example',
      'tom@harbour-lettings.example',
    ]);
    expect(body.data.find((m) => m.email.startsWith('tom'))?.status).toBe('invited');
  });

  it('leaves out removed members (soft-deleted, or status removed)', async () => {
    const landlordId = await landlordOf('owner@harbour-lettings.example');
    const at = new Date();
    await t.deps.knex('team_members').insert([
      {
        id: '5a9c1f0e-1111-4a00-8000-000000000001',
        landlord_id: landlordId,
        name: 'Gone Deleted',
        email: 'gone1@harbour.example',
        role: 'Manager',
        status: 'active',
        is_owner: false,
        created_at: at,
        updated_at: at,
        deleted_at: at,
      },
      {
        id: '5a9c1f0e-1111-4a00-8000-000000000002',
        landlord_id: landlordId,
        name: 'Gone Removed',
        email: 'gone2@harbour.example',
        role: 'Manager',
        status: 'removed',
        is_owner: false,
        created_at: at,
        updated_at: at,
      },
    ]);
    const emails = json(await t.api('GET', '/team', KEYS.enterpriseLive)).data.map((m) => m.email);
    expect(emails).not.toContain('gone1@harbour.example');
    expect(emails).not.toContain('gone2@harbour.example');
    expect(emails).toHaveLength(4);
  });

  it('shows each landlord only its own team', async () => {
    const other = json(await t.api('GET', '/team', KEYS.otherLandlord)).data;
    expect(other.map((m) => m.email)).toEqual(['admin@northgate-homes.example', 'sam@northgate-homes.example']);
  });

  it('is readable on the Portfolio plan and in sandbox mode', async () => {
    expect((await t.api('GET', '/team', KEYS.portfolioLive)).statusCode).toBe(200);
    const sandbox = await t.api('GET', '/team', KEYS.enterpriseSandbox);
    expect(sandbox.statusCode).toBe(200);
    expect(sandbox.headers['x-service-mode']).toBe('sandbox');
  });

  it('names the account itself as owner when no member row marks one', async () => {
    const landlordId = await landlordOf('hello@seaview.example');
    await t.deps
      .knex('team_members')
      .where({ landlord_id: landlordId, is_owner: true })
      .update({ deleted_at: new Date() });
    const data = json(await t.api('GET', '/team', KEYS.portfolioLive)).data;
    expect(data).toEqual([
      {
        id: landlordId,
        name: 'Seaview Portfolio',
        email: 'hello@seaview.example',
        role: 'Owner',
        status: 'active',
        isOwner: true,
      },
    ]);
  });

  it('refuses query parameters with 400 VALIDATION_ERROR, and random queries never give a 5xx', async () => {
    const res = await t.api('GET', '/team?page=1', KEYS.enterpriseLive);
    expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 }), { maxKeys: 3 }),
        async (params) => {
          const query = new URLSearchParams(params).toString();
          const r = await t.api('GET', `/team${query ? `?${query}` : ''}`, KEYS.enterpriseLive);
          expect(r.statusCode).toBeLessThan(500);
          if (r.statusCode === 400) expect(json(r)).toEqual({ error: expect.any(String), code: 'VALIDATION_ERROR' });
        },
      ),
      { numRuns: 40 },
    );
  });
});
