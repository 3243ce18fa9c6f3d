// The read cache must never show an answer from before a write: every committed live write moves the landlord's
// data version, on every process sharing the store; answers also move with "today", and are sent byte for byte
// as the uncached answer would be.
import { fixtureId } from '@ppapi/spec';
import { ManualClock } from '../src/platform/clock';
import { ResponseCache } from '../src/platform/read-cache/response-cache';
import { KEYS, startTestServer, twoProcesses, type TestServer } from './helpers/server';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const HARBOUR = fixtureId('landlord:harbour'); // the enterpriseLive key's landlord
const json = <T>(res: { payload: string }) => JSON.parse(res.payload) as T;
interface PropertyItem {
  id: string;
  shortName: string;
  status: string;
  tenantName: string;
  city: string;
}
type List = { data: PropertyItem[]; meta: { total: number } };

describe('ResponseCache', () => {
  it('evicts the least recently used entry beyond its size', () => {
    const cache = new ResponseCache(2, 60_000, new ManualClock(NOW));
    cache.set('a', { n: 1 });
    cache.set('b', { n: 2 });
    expect(cache.get('a')?.value).toEqual({ n: 1 }); // a is now the most recent
    cache.set('c', { n: 3 });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.payload.toString()).toBe('{"n":1}');
    expect(cache.size).toBe(2);
  });

  it('forgets entries after their TTL', () => {
    const clock = new ManualClock(NOW);
    const cache = new ResponseCache(10, 1000, clock);
    cache.set('a', { n: 1 });
    clock.advance(999);
    expect(cache.get('a')).toBeDefined();
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('bounds the serialized bytes it holds, and keeps no answer bigger than an eighth of them', () => {
    const cache = new ResponseCache(100, 60_000, new ManualClock(NOW), 800);
    const of = (n: number) => ({ s: 'x'.repeat(n - 8) }); // serializes to n bytes
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) cache.set(key, of(100));
    expect([cache.size, cache.heldBytes]).toEqual([8, 800]);
    cache.set('i', of(100));
    expect([cache.get('a'), cache.size, cache.heldBytes]).toEqual([undefined, 8, 800]);
    expect(cache.set('big', of(101)).payload.length).toBe(101);
    expect([cache.get('big'), cache.heldBytes]).toEqual([undefined, 800]);
    cache.set('i', of(50)); // replacing an entry releases its bytes
    expect(cache.heldBytes).toBe(750);
  });

  it('keeps nothing when turned off, yet still serializes the answer it is given', () => {
    const cache = new ResponseCache(0, 1000, new ManualClock(NOW));
    expect(cache.enabled).toBe(false);
    expect(cache.set('a', { n: 1 }).payload.toString()).toBe('{"n":1}');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('cached property reads', () => {
  const clock = new ManualClock(NOW);
  let t: TestServer;
  // A TTL longer than the midnight step below, so only the date in the key can make that read miss.
  beforeAll(async () => {
    t = await startTestServer({ clock, env: { READ_CACHE_TTL_MS: '3600000' } });
  });
  afterAll(async () => {
    await t.stop();
  });

  const list = async (query = 'limit=50', key: string = KEYS.enterpriseLive) =>
    t.api('GET', `/properties?${query}`, key);

  it('answers a repeated read from the cache with the same bytes, type and headers', async () => {
    const first = await list();
    const second = await list();
    expect(second.statusCode).toBe(200);
    expect(second.payload).toBe(first.payload);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['x-service-mode']).toBe('live');
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    expect(t.deps.responseCache.size).toBeGreaterThan(0);
  });

  it('a sandbox key reads the same cached data but keeps its own service mode', async () => {
    const live = await list();
    const sandbox = await list('limit=50', KEYS.enterpriseSandbox);
    expect(sandbox.payload).toBe(live.payload);
    expect(sandbox.headers['x-service-mode']).toBe('sandbox');
  });

  it('shows a live write at once, on the list and on the detail', async () => {
    const before = json<List>(await list()).data[0];
    expect(
      json<{ data: PropertyItem }>(await t.api('GET', `/properties/${before.id}`, KEYS.enterpriseLive)).data.city,
    ).toBe(before.city);
    const patched = await t.api('PATCH', `/properties/${before.id}`, KEYS.enterpriseLive, {
      city: `${before.city} Cached`,
    });
    expect(patched.statusCode).toBe(200);
    expect(json<List>(await list()).data[0].city).toBe(`${before.city} Cached`);
    expect(
      json<{ data: PropertyItem }>(await t.api('GET', `/properties/${before.id}`, KEYS.enterpriseLive)).data.city,
    ).toBe(`${before.city} Cached`);
  });

  it('a write to another resource (a contract) moves the property view too', async () => {
    const created = json<{ data: PropertyItem }>(
      await t.api('POST', '/properties', KEYS.enterpriseLive, {
        shortName: 'Cache Row 1',
        addressLine1: '1 Cache Row',
        city: 'Bath',
        postcode: 'BA1 1AA',
        propertyType: 'Flat',
      }),
    ).data;
    const search = `search=${encodeURIComponent('1 Cache Row')}`;
    expect(json<List>(await list(search)).data.map((p) => p.status)).toEqual(['Vacant']);
    const tenant = json<{ data: Array<{ id: string; firstName: string; lastName: string }> }>(
      await t.api('GET', '/tenants?limit=1', KEYS.enterpriseLive),
    ).data[0];
    // Five minutes to midnight (the landlord is on London time, UTC in November), on a contract's last day.
    clock.set(new Date('2026-11-21T23:55:00.000Z'));
    const contract = await t.api('POST', '/contracts', KEYS.enterpriseLive, {
      propertyId: created.id,
      mainTenantId: tenant.id,
      tenancyReference: 'CACHE-1',
      startDate: '2026-11-20',
      endDate: '2026-11-21',
      rentAmount: 900,
    });
    expect(contract.statusCode).toBe(201);
    const occupied = json<List>(await list(search)).data[0];
    expect([occupied.status, occupied.tenantName]).toEqual(['Occupied', `${tenant.firstName} ${tenant.lastName}`]);

    expect(json<List>(await list(search)).data[0].status).toBe('Occupied');
    // No write at all, but the contract has ended by ten past midnight: the new day's answer is not yesterday's.
    clock.advance(10 * 60_000);
    expect(json<List>(await list(search)).data[0].status).toBe('Vacant');
    clock.set(NOW);
  });

  it('a sandbox write leaves the data version alone (nothing was written)', async () => {
    const versionOf = async () => t.deps.dataVersions.current(HARBOUR);
    const id = json<List>(await list()).data[1].id;
    const before = await versionOf();
    const sandbox = await t.api('PATCH', `/properties/${id}`, KEYS.enterpriseSandbox, { city: 'Nowhere' });
    expect(sandbox.statusCode).toBe(200);
    expect(await versionOf()).toBe(before);
    expect((await t.api('PATCH', `/properties/${id}`, KEYS.enterpriseLive, { bedrooms: 2 })).statusCode).toBe(200);
    expect(await versionOf()).not.toBe(before);
  });
});

// Two processes of one deployment: a write on one is seen at once by a cached read on the other.
const onServices = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;
onServices('cached reads across processes (PostgreSQL + Redis)', () => {
  const processes = twoProcesses();

  it('a PATCH on process A is seen by the next read on process B', async () => {
    const { a, b } = processes;
    const listOn = async (t: TestServer) =>
      json<List>(await t.api('GET', '/properties?limit=5', KEYS.enterpriseLive)).data[0];
    const before = await listOn(b);
    expect((await listOn(b)).city).toBe(before.city); // now cached on B
    expect(
      (await a.api('PATCH', `/properties/${before.id}`, KEYS.enterpriseLive, { city: 'Shared City' })).statusCode,
    ).toBe(200);
    expect((await listOn(b)).city).toBe('Shared City');
  });
});
