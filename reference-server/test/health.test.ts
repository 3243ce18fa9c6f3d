// GET /healthz (the container's HEALTHCHECK): no key needed; 200 while the database answers, 503 in the error
// envelope when it does not.
import knex from 'knex';
import { buildServer } from '../src/server/build';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ strictResponses: true });
});
afterAll(async () => {
  await t.stop();
});

describe('GET /healthz', () => {
  it('answers 200 { status: ok } without a key', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz' });
    expect([res.statusCode, JSON.parse(res.payload)]).toEqual([200, { status: 'ok' }]);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database does not answer', async () => {
    // A real PostgreSQL client aimed at a port nothing listens on.
    const unreachable = knex({
      client: 'pg',
      connection: 'postgres://health:none@127.0.0.1:1/none',
      acquireConnectionTimeout: 2000,
    });
    const server = await buildServer({ ...t.deps, knex: unreachable });
    try {
      const res = await server.inject({ method: 'GET', url: '/healthz' });
      expect([res.statusCode, JSON.parse(res.payload)]).toEqual([
        503,
        { error: expect.any(String), code: 'SERVICE_UNAVAILABLE' },
      ]);
    } finally {
      await unreachable.destroy();
    }
  });

  it('is not another route without a key: the public API still answers 401', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/public/v1/properties' });
    expect(res.statusCode).toBe(401);
  });
});
