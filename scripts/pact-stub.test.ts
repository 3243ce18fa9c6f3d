// The offline stub documented in docs/api-notes/openapi-and-pact.md (scripts/pact-stub.ts) serves the committed
// contract: the suite's own client gets the recorded answers for any key of the right shape and any id.
import { createHttpClient } from '../conformance/src/http';
import { startPactStub } from './pact-stub';

process.env.PACT_DO_NOT_TRACK = 'true';

describe('the Pact stub of fixtures/pacts/', () => {
  const stub = startPactStub({ port: 0 });
  const client = createHttpClient({ baseUrl: `${stub.url}/api/public/v1` });
  afterAll(() => stub.stop());

  it('answers the read endpoints with the contract examples, whatever the key and the UUID', async () => {
    const key = 'svc_live_myOwnDevelopmentKey42';
    const list = await client.request({ path: '/properties', query: { page: 1, limit: 2 }, key });
    expect(list.status).toBe(200);
    expect(list.headers['x-service-mode']).toBe('live');
    expect((list.json as { meta: { page: number } }).meta.page).toBe(1);
    const one = await client.request({ path: '/properties/11111111-2222-4333-8444-555555555555/handbook', key });
    expect(one.status).toBe(200);
    expect((one.json as { data: { meters: unknown[] } }).data.meters.length).toBeGreaterThan(0);
    const summary = await client.request({ path: '/compliance/summary', key });
    expect((summary.json as { data: { portfolio: { worstSeverity: string } } }).data.portfolio.worstSeverity).toBe(
      'expired',
    );
  });

  it('answers the recorded error shapes', async () => {
    const missing = await client.request({
      path: '/properties/00000000-0000-4000-8000-000000000000',
      key: 'svc_live_myOwnDevelopmentKey42',
    });
    expect([missing.status, missing.json]).toEqual([404, { error: 'Property not found', code: 'NOT_FOUND' }]);
    const unknown = await client.request({
      path: '/properties',
      query: { limit: 1 },
      key: 'svc_live_unknownPactKey0000000000000000000',
    });
    expect([unknown.status, (unknown.json as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
  });
});
