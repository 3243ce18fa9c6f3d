// Authentication rules 1-8 over the platform (properties as the sample resource).
import { KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const body = (res: { payload: string }) => JSON.parse(res.payload) as { error: string; code: string };

describe('authentication', () => {
  it('accepts Authorization: Bearer and x-api-key (rule 1)', async () => {
    expect((await t.api('GET', '/properties', KEYS.enterpriseLive)).statusCode).toBe(200);
    const viaHeader = await t.inject({
      method: 'GET',
      url: '/api/public/v1/properties',
      headers: { 'x-api-key': KEYS.enterpriseLive },
    });
    expect(viaHeader.statusCode).toBe(200);
  });

  it.each([
    ['missing', {}],
    ['non-Bearer', { authorization: `Basic ${KEYS.enterpriseLive}` }],
    ['malformed', { authorization: 'Bearer not-a-key' }],
    ['unknown', { authorization: 'Bearer svc_live_unknownKey00000000000000000000' }],
    [
      'wrong prefix for its mode',
      { authorization: `Bearer ${KEYS.enterpriseLive.replace('svc_live_', 'svc_sandbox_')}` },
    ],
  ])('answers 401 UNAUTHORIZED for a %s key (rule 6)', async (_name, headers) => {
    const res = await t.inject({ method: 'GET', url: '/api/public/v1/properties', headers });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' });
  });

  it('answers 401 REVOKED_KEY for a revoked key (rule 6)', async () => {
    const res = await t.api('GET', '/properties', KEYS.revoked);
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('REVOKED_KEY');
  });

  it.each([['professional'], ['essential'], ['free'], ['noSubscription']] as const)(
    'answers 403 PLAN_UPGRADE_REQUIRED for %s (rule 5)',
    async (role) => {
      const res = await t.api('GET', '/properties', KEYS[role]);
      expect(res.statusCode).toBe(403);
      expect(body(res).code).toBe('PLAN_UPGRADE_REQUIRED');
    },
  );

  it('answers 403 WRITE_REQUIRES_ENTERPRISE for a write on the Portfolio plan, and lets it read (rule 5)', async () => {
    expect((await t.api('GET', '/properties', KEYS.portfolioLive)).statusCode).toBe(200);
    const res = await t.api('POST', '/properties', KEYS.portfolioLive, {});
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe('WRITE_REQUIRES_ENTERPRISE');
  });

  it('answers 403 INSUFFICIENT_SCOPE for a read_only key on a write route (rule 4)', async () => {
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      const path = method === 'POST' ? '/properties' : '/properties/00000000-0000-4000-8000-000000000000';
      const res = await t.api(
        method,
        path,
        KEYS.enterpriseReadOnly,
        method === 'DELETE' ? undefined : { status: 'Maintenance' },
      );
      expect([res.statusCode, body(res).code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    }
  });

  it('sets X-Service-Mode on every response, errors and unknown routes included (rule 3)', async () => {
    const cases: Array<[string, string | null, string]> = [
      ['/properties', KEYS.enterpriseLive, 'live'],
      ['/properties', KEYS.enterpriseSandbox, 'sandbox'],
      ['/properties', null, 'live'],
      ['/no-such-route', KEYS.enterpriseSandbox, 'sandbox'],
      ['/properties?limit=9999', KEYS.enterpriseSandbox, 'sandbox'],
    ];
    for (const [path, key, mode] of cases) expect((await t.api('GET', path, key)).headers['x-service-mode']).toBe(mode);
  });

  it("answers 404 NOT_FOUND, never 403, for another landlord's resource (rule 8)", async () => {
    const list = JSON.parse((await t.api('GET', '/properties?limit=1', KEYS.otherLandlord)).payload) as {
      data: Array<{ id: string }>;
    };
    const foreignId = list.data[0].id;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { status: 'Maintenance' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.api(method, `/properties/${foreignId}`, KEYS.enterpriseLive, payload);
      expect([res.statusCode, body(res).code]).toEqual([404, 'NOT_FOUND']);
      expect(body(res).error).toMatch(/Property/);
    }
  });

  it('never logs or returns a key in clear in error bodies', async () => {
    const res = await t.api('GET', '/properties', KEYS.revoked);
    expect(res.payload).not.toContain(KEYS.revoked);
  });
});

describe('HTTPS in production (rule 7)', () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer({ env: { REQUIRE_HTTPS: '1', TRUSTED_PROXIES: '10.0.0.0/8' }, seed: false });
  });
  afterAll(async () => {
    await prod.stop();
  });

  it('refuses plain HTTP with 403 HTTPS_REQUIRED, even with a forged X-Forwarded-Proto from an untrusted peer', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await prod.inject({
        method: 'GET',
        url: '/api/public/v1/properties',
        headers,
        remoteAddress: '203.0.113.9',
      });
      expect([res.statusCode, body(res).code]).toEqual([403, 'HTTPS_REQUIRED']);
      expect(res.headers['x-service-mode']).toBe('live');
    }
  });

  it('answers the health check over plain HTTP (load balancers probe the instance itself), and nothing else', async () => {
    const health = await prod.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.9' });
    expect([health.statusCode, JSON.parse(health.payload)]).toEqual([200, { status: 'ok' }]);
    for (const url of ['/healthz/x', '/api/public/v1/healthz', '/dashboard/api/keys']) {
      const res = await prod.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect([url, res.statusCode, body(res).code]).toEqual([url, 403, 'HTTPS_REQUIRED']);
    }
  });

  it('believes X-Forwarded-Proto: https from a trusted proxy', async () => {
    const res = await prod.inject({
      method: 'GET',
      url: '/api/public/v1/properties',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.1.2.3',
    });
    expect([res.statusCode, body(res).code]).toEqual([401, 'UNAUTHORIZED']);
  });
});
