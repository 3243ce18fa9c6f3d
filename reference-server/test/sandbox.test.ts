// Sandbox mode: reads are real; writes answer a mock carrying sandbox: true and write nothing.
import { KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const data = <T>(res: { payload: string }): T => (JSON.parse(res.payload) as { data: T }).data;
const counts = async () => ({
  properties: Number(
    ((await t.deps.knex('properties').whereNull('deleted_at').count('* as n').first()) as { n: number }).n,
  ),
  events: Number(((await t.deps.knex('outbox_events').count('* as n').first()) as { n: number }).n),
});
const newProperty = {
  shortName: 'Sandbox House',
  addressLine1: '9 Sandbox Row',
  city: 'Bath',
  postcode: 'BA1 2AB',
  propertyType: 'House',
};

describe.each([
  ['a sandbox key', KEYS.enterpriseSandbox, {}],
  ['a live key with X-Service-Mode: sandbox', KEYS.enterpriseLive, { 'x-service-mode': 'sandbox' }],
])('writes with %s', (_name, key, headers) => {
  it('reads real data', async () => {
    const live = data<unknown[]>(await t.api('GET', '/properties?limit=5', KEYS.enterpriseLive));
    const sandbox = await t.api('GET', '/properties?limit=5', key, undefined, headers);
    expect(sandbox.headers['x-service-mode']).toBe('sandbox');
    expect(data<unknown[]>(sandbox)).toEqual(live);
  });

  it('POST, PATCH and DELETE answer mocks with sandbox: true and change nothing', async () => {
    const before = await counts();
    const created = await t.api('POST', '/properties', key, { ...newProperty, status: 'Maintenance' }, headers);
    expect(created.statusCode).toBe(201);
    expect(data<Record<string, unknown>>(created)).toMatchObject({
      sandbox: true,
      shortName: 'Sandbox House',
      status: 'Maintenance',
    });
    expect(
      (await t.api('GET', `/properties/${data<{ id: string }>(created).id}`, KEYS.enterpriseLive)).statusCode,
    ).toBe(404);

    // The last Vacant properties of the fixtures have no contract at all (a Pending one would block DELETE).
    const target = data<Array<{ id: string; status: string }>>(
      await t.api('GET', '/properties?status=Vacant&limit=100', KEYS.enterpriseLive),
    ).at(-1)!;
    const patched = await t.api('PATCH', `/properties/${target.id}`, key, { status: 'Maintenance' }, headers);
    expect(data<Record<string, unknown>>(patched)).toMatchObject({
      id: target.id,
      status: 'Maintenance',
      sandbox: true,
    });
    expect(data<{ status: string }>(await t.api('GET', `/properties/${target.id}`, KEYS.enterpriseLive)).status).toBe(
      'Vacant',
    );

    const deleted = await t.api('DELETE', `/properties/${target.id}`, key, undefined, headers);
    expect(data(deleted)).toEqual({ deleted: true, id: target.id, sandbox: true });
    expect((await t.api('GET', `/properties/${target.id}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('still validates, 404s and conflicts as a live write would', async () => {
    expect((await t.api('POST', '/properties', key, { shortName: 'x' }, headers)).statusCode).toBe(400);
    expect(
      (await t.api('DELETE', '/properties/00000000-0000-4000-8000-000000000000', key, undefined, headers)).statusCode,
    ).toBe(404);
    const occupied = data<Array<{ id: string }>>(
      await t.api('GET', '/properties?status=Occupied&limit=1', KEYS.enterpriseLive),
    )[0];
    expect((await t.api('DELETE', `/properties/${occupied.id}`, key, undefined, headers)).statusCode).toBe(409);
  });
});

it('live writes do write (the control for the cases above)', async () => {
  const before = await counts();
  const created = await t.api('POST', '/properties', KEYS.enterpriseLive, newProperty);
  expect(created.statusCode).toBe(201);
  expect(data<Record<string, unknown>>(created).sandbox).toBeUndefined();
  expect((await counts()).properties).toBe(before.properties + 1);
});
