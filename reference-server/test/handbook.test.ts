// GET /properties/{id}/handbook: knowledge (null is a normal answer), completeness, meters in service with their
// opening reading (latest check_in or changeover, never routine), suppliers without account numbers.
import { fixtureId } from '@ppapi/spec';
import { ManualClock } from '../src/platform/clock';
import { addDays } from '../src/platform/time/dates';
import { KNOWLEDGE_FIELDS } from '../src/resources/handbook/service';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const TODAY = '2026-11-21';
let t: TestServer;
const HARBOUR = fixtureId('landlord:harbour');
const property = (i: number) => fixtureId(`property:harbour:${i}`);
const meter = (i: number, m: number) => fixtureId(`meter:${property(i)}:${m}`);

beforeAll(async () => {
  t = await startTestServer({ clock: new ManualClock(NOW) });
});
afterAll(async () => {
  await t.stop();
});

interface Reading {
  readingDate: string;
  registers: Array<{ register: string; value: number }>;
}
interface MeterView {
  id: string;
  utilityType: string;
  locationDescription: string | null;
  unit: string;
  mpan: string | null;
  mprn: string | null;
  serialNumber: string | null;
  openingReading: Reading | null;
}
interface Handbook {
  propertyId: string;
  knowledge: Record<string, unknown> | null;
  completeness: { filled: number; total: number; missing: string[] };
  meters: MeterView[];
  suppliers: Array<Record<string, unknown>>;
}

const json = <T>(res: { payload: string }) => JSON.parse(res.payload) as T;
async function handbook(id: string, key: string = KEYS.enterpriseLive): Promise<Handbook> {
  const res = await t.api('GET', `/properties/${id}/handbook`, key);
  expect(res.statusCode).toBe(200);
  return json<{ data: Handbook }>(res).data;
}

describe('GET /properties/{id}/handbook', () => {
  it('answers the recorded knowledge with its completeness', async () => {
    const data = await handbook(property(1));
    expect(data.propertyId).toBe(property(1));
    expect(data.knowledge).toMatchObject({
      bins: { collectionDay: 'Tuesday' },
      stopcock: 'under the kitchen sink',
      fuseBox: 'under the stairs',
      wifi: null,
      parking: null,
    });
    expect(data.completeness).toEqual({ filled: 4, total: KNOWLEDGE_FIELDS.length, missing: ['wifi', 'parking'] });
  });

  it('answers 200 with knowledge null when nothing is recorded (a handbook row without knowledge, or none at all)', async () => {
    const empty = await handbook(property(0));
    expect(empty.knowledge).toBeNull();
    expect(empty.completeness).toEqual({
      filled: 0,
      total: 6,
      missing: ['wifi', 'bins', 'stopcock', 'boiler', 'fuseBox', 'parking'],
    });
    const created = json<{ data: { id: string } }>(
      await t.api('POST', '/properties', KEYS.enterpriseLive, {
        shortName: 'New',
        addressLine1: '1 New Street',
        city: 'Bath',
        postcode: 'BA1 1AA',
        propertyType: 'Flat',
      }),
    ).data;
    expect(await handbook(created.id)).toEqual({
      propertyId: created.id,
      knowledge: null,
      completeness: empty.completeness,
      meters: [],
      suppliers: [],
    });
  });

  it('counts a field as filled only when it holds something (blank text and empty objects do not count)', async () => {
    await t.deps
      .knex('handbooks')
      .where({ property_id: property(2) })
      .update({
        knowledge: JSON.stringify({
          wifi: { network: '  ', password: null },
          bins: [],
          stopcock: ' ',
          boiler: { location: 'loft' },
          fuseBox: 0,
          parking: false,
          extra: 'not counted',
        }),
      });
    const data = await handbook(property(2));
    expect(data.completeness).toEqual({ filled: 3, total: 6, missing: ['wifi', 'bins', 'stopcock'] });
    expect(data.knowledge!.extra).toBe('not counted');
  });

  it('lists meters with every field, electricity first, and the changeover as the opening reading', async () => {
    const data = await handbook(property(0));
    expect(data.meters.map((m) => [m.utilityType, m.unit])).toEqual([
      ['electricity', 'kWh'],
      ['gas', 'ft3'],
      ['water', 'm3'],
    ]);
    const [electricity, gas] = data.meters;
    expect(electricity).toEqual({
      id: meter(0, 0),
      utilityType: 'electricity',
      locationDescription: 'cupboard under the stairs',
      unit: 'kWh',
      mpan: expect.stringMatching(/^10\d{11}$/),
      mprn: null,
      serialNumber: 'SNHAR00000',
      // Economy 7 meter: day and night registers; the changeover (60 days ago) is newer than the check-in.
      openingReading: {
        readingDate: addDays(TODAY, -60),
        registers: [
          { register: 'day', value: 5000 },
          { register: 'night', value: 1667 },
        ],
      },
    });
    // ft3 meters report dial units of 100 cubic feet, unconverted.
    expect(gas).toMatchObject({
      unit: 'ft3',
      mpan: null,
      mprn: '700000001',
      openingReading: { readingDate: addDays(TODAY, -60), registers: [{ register: 'single', value: 5000 }] },
    });
  });

  it('takes the check-in as the opening reading when the newest reading is a routine one', async () => {
    const data = await handbook(property(1));
    for (const m of data.meters) {
      expect(m.openingReading).toEqual({
        readingDate: addDays(TODAY, -380),
        registers: [{ register: 'single', value: 1001 }],
      });
    }
  });

  it('picks the latest check_in or changeover and never a routine reading, however recent', async () => {
    const id = meter(3, 1);
    const insert = (key: string, date: string, reason: string, value: number) =>
      t.deps.knex('meter_readings').insert({
        id: fixtureId(`test:reading:${key}`),
        landlord_id: HARBOUR,
        meter_id: id,
        reading_date: date,
        reason,
        status: 'actual',
        registers: JSON.stringify([{ register: 'single', value }]),
      });
    await insert('routine-today', TODAY, 'routine', 9999);
    await insert('check-out-today', TODAY, 'check_out', 8888);
    const opening = async () => (await handbook(property(3))).meters.find((m) => m.id === id)!.openingReading;
    expect(await opening()).toEqual({
      readingDate: addDays(TODAY, -380),
      registers: [{ register: 'single', value: 1003 }],
    });
    await insert('check-in-recent', addDays(TODAY, -5), 'check_in', 7777);
    expect(await opening()).toEqual({
      readingDate: addDays(TODAY, -5),
      registers: [{ register: 'single', value: 7777 }],
    });
    await insert('changeover-newer', addDays(TODAY, -2), 'changeover', 7800);
    expect((await opening())!.registers).toEqual([{ register: 'single', value: 7800 }]);
  });

  it('answers openingReading null for a meter with no check-in or changeover reading, and leaves removed meters out', async () => {
    const base = {
      landlord_id: HARBOUR,
      property_id: property(4),
      utility_type: 'water',
      unit: 'm3',
      location_description: null,
      mpan: null,
      mprn: null,
      serial_number: null,
    };
    await t.deps.knex('meters').insert([
      { ...base, id: fixtureId('test:meter:new'), serial_number: 'NEW1' },
      { ...base, id: fixtureId('test:meter:removed'), serial_number: 'GONE1', removed_date: TODAY },
      { ...base, id: fixtureId('test:meter:removing'), serial_number: 'LATER1', removed_date: addDays(TODAY, 10) },
    ]);
    await t.deps.knex('meter_readings').insert({
      id: fixtureId('test:reading:new-routine'),
      landlord_id: HARBOUR,
      meter_id: fixtureId('test:meter:new'),
      reading_date: TODAY,
      reason: 'routine',
      registers: JSON.stringify([{ register: 'single', value: 3 }]),
    });
    const meters = (await handbook(property(4))).meters;
    expect(meters.find((m) => m.serialNumber === 'NEW1')!.openingReading).toBeNull();
    expect(meters.map((m) => m.serialNumber)).not.toContain('GONE1');
    expect(meters.map((m) => m.serialNumber)).toContain('LATER1');
  });

  it('covers every utility type and unit across the portfolio', async () => {
    const utilities = new Set<string>();
    const units = new Set<string>();
    for (const i of [5, 6, 7, 8, 9])
      for (const m of (await handbook(property(i))).meters) {
        utilities.add(m.utilityType);
        units.add(m.unit);
      }
    expect([...utilities].sort()).toEqual(['electricity', 'gas', 'heat_network', 'oil', 'water']);
    expect([...units].sort()).toEqual(['ft3', 'kWh', 'litres', 'm3']);
  });

  it('lists suppliers as { utilityType, supplierName } only: no account number anywhere in the handbook', async () => {
    const accounts = (
      await t.deps.knex('suppliers').where({ landlord_id: HARBOUR }).select<
        Array<{
          account_number: string;
        }>
      >('account_number')
    ).map((r) => r.account_number);
    expect(accounts.length).toBeGreaterThan(0);
    await t.deps
      .knex('handbooks')
      .where({ property_id: property(5) })
      .update({
        knowledge: JSON.stringify({
          bins: 'Monday',
          notes: { accountNumber: 'ACC-SECRET-1', account_no: 'ACC-SECRET-2', supplier: 'Octopus' },
          list: [{ 'Account Number': 'ACC-SECRET-3' }],
        }),
      });
    for (let i = 0; i < 12; i += 1) {
      const res = await t.api('GET', `/properties/${property(i)}/handbook`, KEYS.enterpriseLive);
      const data = json<{ data: Handbook }>(res).data;
      for (const s of data.suppliers) expect(Object.keys(s).sort()).toEqual(['supplierName', 'utilityType']);
      expect(res.payload).not.toMatch(/ACC-|account_?number|accountNumber/i);
      for (const account of accounts) expect(res.payload).not.toContain(account);
    }
    const five = await handbook(property(5));
    expect(five.knowledge).toEqual({ bins: 'Monday', notes: { supplier: 'Octopus' }, list: [{}] });
    expect((await handbook(property(0))).suppliers).toEqual([
      { utilityType: 'electricity', supplierName: 'Octopus Energy' },
      { utilityType: 'gas', supplierName: 'British Gas' },
      { utilityType: 'water', supplierName: 'Wessex Water' },
    ]);
  });

  it("answers 404 NOT_FOUND naming the Property for unknown, deleted and another landlord's properties", async () => {
    const vacant = property(32);
    expect((await t.api('DELETE', `/properties/${vacant}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', vacant, fixtureId('property:northgate:1')]) {
      const res = await t.api('GET', `/properties/${id}/handbook`, KEYS.enterpriseLive);
      expect([res.statusCode, json<{ code: string; error: string }>(res).code]).toEqual([404, 'NOT_FOUND']);
      expect(json<{ error: string }>(res).error).toMatch(/Property/);
    }
    // The other landlord reads its own.
    expect((await handbook(fixtureId('property:northgate:1'), KEYS.otherLandlord)).propertyId).toBe(
      fixtureId('property:northgate:1'),
    );
  });

  it('answers 401 without a key, 400 for a non-UUID id, and reads on the Portfolio plan and in sandbox', async () => {
    expect((await t.api('GET', `/properties/${property(1)}/handbook`, null)).statusCode).toBe(401);
    expect((await t.api('GET', '/properties/nope/handbook', KEYS.enterpriseLive)).statusCode).toBe(400);
    expect((await t.api('GET', `/properties/${property(1)}/handbook?x=1`, KEYS.enterpriseLive)).statusCode).toBe(400);
    expect((await handbook(fixtureId('property:portfolio:1'), KEYS.portfolioLive)).meters.length).toBeGreaterThan(0);
    const sandbox = await t.api('GET', `/properties/${property(1)}/handbook`, KEYS.enterpriseSandbox);
    expect([sandbox.statusCode, sandbox.headers['x-service-mode']]).toEqual([200, 'sandbox']);
    expect(json<{ data: Handbook }>(sandbox).data).toEqual(await handbook(property(1)));
  });
});
