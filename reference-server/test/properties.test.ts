// Property writes record their domain events (property.created / updated / deleted) with exactly the spec
// catalogue's data fields, in the write's transaction: nothing in sandbox, nothing on a refused write.
import { fixtureId } from '@ppapi/spec';
import { ManualClock } from '../src/platform/clock';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const NOW = new Date('2026-11-21T10:00:00.000Z');
let t: TestServer;
const HARBOUR = fixtureId('landlord:harbour');
const CREATED_FIELDS = ['address', 'city', 'postcode', 'property_id', 'rent_amount', 'short_name', 'status'];

beforeAll(async () => {
  t = await startTestServer({ clock: new ManualClock(NOW) });
});
afterAll(async () => {
  await t.stop();
});

const json = <T>(res: { payload: string }) => JSON.parse(res.payload) as T;
const newProperty = {
  shortName: '9 Quay Street',
  addressLine1: '9 Quay Street',
  addressLine2: 'Flat 3',
  city: 'Bristol',
  postcode: 'BS1 4AA',
  propertyType: 'Flat',
};
interface Outbox {
  event_type: string;
  landlord_id: string;
  status: string;
  data: Record<string, unknown>;
}
const eventsFor = async (propertyId: string): Promise<Outbox[]> =>
  (await t.deps
    .knex('outbox_events')
    .whereRaw(`data->>'property_id' = ?`, [propertyId])
    .orderBy('created_at')
    .orderBy('id')) as Outbox[];
const outboxCount = async () =>
  Number(((await t.deps.knex('outbox_events').count('* as n').first()) as { n: string }).n);

describe('property events', () => {
  it('POST records property.created with the catalogue fields, pending, for the landlord', async () => {
    const created = json<{ data: { id: string } }>(
      await t.api('POST', '/properties', KEYS.enterpriseLive, { ...newProperty, status: 'Maintenance' }),
    ).data;
    const [event] = await eventsFor(created.id);
    expect(event).toMatchObject({ event_type: 'property.created', landlord_id: HARBOUR, status: 'pending' });
    expect(Object.keys(event.data).sort()).toEqual(CREATED_FIELDS);
    expect(event.data).toEqual({
      property_id: created.id,
      address: '9 Quay Street, Flat 3, Bristol, BS1 4AA',
      short_name: '9 Quay Street',
      status: 'Maintenance',
      rent_amount: 0,
      city: 'Bristol',
      postcode: 'BS1 4AA',
    });
  });

  it('PATCH records property.updated with the state after the change', async () => {
    const id = fixtureId('property:harbour:31');
    const res = await t.api('PATCH', `/properties/${id}`, KEYS.enterpriseLive, { city: 'Bath', status: 'Maintenance' });
    expect(res.statusCode).toBe(200);
    const last = (await eventsFor(id)).pop()!;
    expect(last.event_type).toBe('property.updated');
    expect(Object.keys(last.data).sort()).toEqual(CREATED_FIELDS);
    expect(last.data).toMatchObject({ property_id: id, city: 'Bath', status: 'Maintenance', rent_amount: 0 });
  });

  it('property.updated carries the derived status and rent of an occupied property', async () => {
    const id = fixtureId('property:harbour:1');
    const view = json<{ data: { rentAmount: number; status: string } }>(
      await t.api('PATCH', `/properties/${id}`, KEYS.enterpriseLive, { bedrooms: 3 }),
    ).data;
    const last = (await eventsFor(id)).pop()!;
    expect([last.data.status, last.data.rent_amount]).toEqual([view.status, view.rentAmount]);
    expect(last.data.status).toBe('Occupied');
  });

  it('DELETE records property.deleted with status Deleted and deleted_at', async () => {
    const id = fixtureId('property:harbour:33');
    expect((await t.api('DELETE', `/properties/${id}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    const last = (await eventsFor(id)).pop()!;
    expect(last.event_type).toBe('property.deleted');
    expect(Object.keys(last.data).sort()).toEqual(['address', 'deleted_at', 'property_id', 'short_name', 'status']);
    expect(last.data).toMatchObject({ property_id: id, status: 'Deleted', deleted_at: NOW.toISOString() });
  });

  it('records nothing for sandbox writes, refused writes (409, 404, 400) and reads', async () => {
    const before = await outboxCount();
    const vacant = fixtureId('property:harbour:34');
    expect((await t.api('POST', '/properties', KEYS.enterpriseSandbox, newProperty)).statusCode).toBe(201);
    expect(
      (await t.api('PATCH', `/properties/${vacant}`, KEYS.enterpriseSandbox, { status: 'Maintenance' })).statusCode,
    ).toBe(200);
    expect((await t.api('DELETE', `/properties/${vacant}`, KEYS.enterpriseSandbox)).statusCode).toBe(200);
    expect(
      (await t.api('DELETE', `/properties/${fixtureId('property:harbour:1')}`, KEYS.enterpriseLive)).statusCode,
    ).toBe(409);
    expect(
      (await t.api('PATCH', `/properties/${fixtureId('property:northgate:1')}`, KEYS.enterpriseLive, { city: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await t.api('POST', '/properties', KEYS.enterpriseLive, { shortName: 'x' })).statusCode).toBe(400);
    expect((await t.api('GET', `/properties/${vacant}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    expect(await outboxCount()).toBe(before);
  });

  it("images uploaded later show on the property as a public URL (the Property's image field)", async () => {
    const id = fixtureId('property:harbour:35');
    expect(
      json<{ data: Record<string, unknown> }>(await t.api('GET', `/properties/${id}`, KEYS.enterpriseLive)).data.image,
    ).toBeUndefined();
    await t.deps
      .knex('properties')
      .where({ id })
      .update({ image_key: 'images/00000000-0000-4000-8000-000000000001.png' });
    // Written behind the API's back: move the data version as the API's own writes do (else the cached read lives out its TTL).
    await t.deps.dataVersions.bump(HARBOUR);
    const image = json<{ data: { image: string } }>(await t.api('GET', `/properties/${id}`, KEYS.enterpriseLive)).data
      .image;
    expect(image).toMatch(/^http:\/\/[^/]+\/media\/images\/00000000-0000-4000-8000-000000000001\.png$/);
    const listed = json<{ data: Array<{ id: string; image?: string }> }>(
      await t.api('GET', '/properties?limit=500', KEYS.enterpriseLive),
    ).data.find((p) => p.id === id);
    expect(listed!.image).toBe(image);
  });
});

describe('address line 2', () => {
  it('an empty second line is accepted and answered as sent', async () => {
    const res = await t.api('POST', '/properties', KEYS.enterpriseLive, { ...newProperty, addressLine2: '' });
    expect(res.statusCode).toBe(201);
    const { id } = json<{ data: { id: string } }>(res).data;
    const read = await t.api('GET', `/properties/${id}`, KEYS.enterpriseLive);
    expect([read.statusCode, json<{ data: { addressLine2: string; address: string } }>(read).data]).toMatchObject([
      200,
      { addressLine2: '', address: '9 Quay Street, Bristol, BS1 4AA' },
    ]);
    expect((await t.api('DELETE', `/properties/${id}`, KEYS.enterpriseLive)).statusCode).toBe(200);
  });
});
