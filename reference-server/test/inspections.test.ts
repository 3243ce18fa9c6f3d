// Inspections (/maintenance/inspections): list with propertyId/status/type/from-to filters, detail, booking,
// status moves (transitions.ts), soft delete, inspection.* events with the catalogue's fields, sandbox, isolation.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { fixtureId } from '@ppapi/spec';
import { ManualClock } from '../src/platform/clock';
import { addDays } from '../src/platform/time/dates';
import { ALLOWED_MOVES, INSPECTION_STATUSES, assertChangeAllowed } from '../src/resources/inspections/transitions';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const TODAY = '2026-05-20';
const clock = new ManualClock(new Date(`${TODAY}T11:00:00Z`));
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(async () => {
  await t.stop();
});

interface Inspection {
  id: string;
  propertyId: string;
  propertyName: string;
  inspectionDate: string;
  inspectionType: string;
  status: string;
  inspectorName: string | null;
  summary: string | null;
  landlordActions: string;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  sandbox?: boolean;
}
type Body<T> = { data: T; meta?: { page: number; limit: number; total: number }; error?: string; code?: string };
const json = <T = Inspection>(res: { payload: string }) => JSON.parse(res.payload) as Body<T>;

const CATALOGUE = JSON.parse(readFileSync(require.resolve('@ppapi/spec/event-catalogue.json'), 'utf8')) as Array<{
  event: string;
  fields: Array<{ name: string }>;
}>;
const fieldsOf = (event: string): string[] =>
  CATALOGUE.find((e) => e.event === event)!
    .fields.map((f) => f.name)
    .sort();
async function eventsFor(type: string, id: string): Promise<Array<Record<string, unknown>>> {
  const rows = (await t.deps
    .knex('outbox_events')
    .where({ event_type: type })
    .whereRaw(`data->>'inspection_id' = ?`, [id])
    .orderBy('created_at')) as Array<{ data: Record<string, unknown> | string }>;
  return rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>);
}
const count = async (table: string) =>
  Number(((await t.deps.knex(table).count('* as n').first()) as { n: number | string }).n);

const P = (i: number) => fixtureId(`property:harbour:${i}`);
const I = (n: number) => fixtureId(`inspection:harbour:${n}`); // date today-120+20n: 0..5 completed, 6 in_progress (today), 7..8 scheduled, 9 cancelled
const foreign = fixtureId('inspection:northgate:0');

const book = async (body: Record<string, unknown> = {}): Promise<Inspection> => {
  const res = await t.api('POST', '/maintenance/inspections', KEYS.enterpriseLive, {
    propertyId: P(8),
    inspectionDate: addDays(TODAY, 14),
    inspectionType: 'routine',
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return json(res).data;
};

describe('GET /maintenance/inspections', () => {
  it('lists inspections by date with meta', async () => {
    const body = json<Inspection[]>(await t.api('GET', '/maintenance/inspections', KEYS.enterpriseLive));
    expect(body.meta).toEqual({ page: 1, limit: 50, total: 10 });
    const dates = body.data.map((i) => i.inspectionDate);
    expect(dates).toEqual([...dates].sort());
    expect(body.data.map((i) => i.status)).toEqual([
      ...Array(6).fill('completed'),
      'in_progress',
      'scheduled',
      'scheduled',
      'cancelled',
    ]);
    expect(body.data[0]).toMatchObject({
      id: I(0),
      propertyId: P(0),
      inspectionDate: addDays(TODAY, -120),
      inspectionType: 'routine',
      inspectorName: 'Alex Inspect',
      landlordActions: 'Repaint hallway; replace smoke alarm battery.',
      completedAt: expect.any(String),
    });
  });

  it('filters by propertyId, status, inspectionType and an inclusive from/to range', async () => {
    const ids = async (query: string) =>
      json<Inspection[]>(await t.api('GET', `/maintenance/inspections?${query}`, KEYS.enterpriseLive)).data.map(
        (i) => i.id,
      );
    expect(await ids(`propertyId=${P(5)}`)).toEqual([I(1)]);
    expect(await ids('status=scheduled')).toEqual([I(7), I(8)]);
    expect(await ids('inspectionType=check_out')).toEqual([I(2), I(7)]);
    expect(await ids(`from=${addDays(TODAY, -20)}&to=${TODAY}`)).toEqual([I(5), I(6)]);
    expect(await ids(`from=${addDays(TODAY, 40)}`)).toEqual([I(8), I(9)]);
    expect(await ids(`to=${addDays(TODAY, -101)}`)).toEqual([I(0)]);
  });

  it('answers 400 VALIDATION_ERROR for invalid queries; random queries never give a 5xx', async () => {
    for (const query of [
      `from=${TODAY}&to=${addDays(TODAY, -1)}`,
      'from=2026-02-30',
      'status=deleted',
      'inspectionType=annual',
      'limit=501',
      'date=2026-01-01',
    ]) {
      const res = await t.api('GET', `/maintenance/inspections?${query}`, KEYS.enterpriseLive);
      expect([query, res.statusCode, json(res).code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
    const key = fc.constantFrom('page', 'limit', 'propertyId', 'status', 'inspectionType', 'from', 'to', 'q');
    const date = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const value = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer().map(String),
      fc.uuid(),
      date,
      fc.constantFrom(...INSPECTION_STATUSES, 'routine'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (params) => {
        const res = await t.api(
          'GET',
          `/maintenance/inspections?${new URLSearchParams(params).toString()}`,
          KEYS.enterpriseLive,
        );
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
      }),
      { numRuns: 60 },
    );
  });
});

describe('inspection writes', () => {
  it('books an inspection and records inspection.scheduled with the catalogue fields', async () => {
    const booked = await book({ inspectorName: 'Sam Surveyor' });
    expect(booked).toMatchObject({
      propertyId: P(8),
      inspectionDate: addDays(TODAY, 14),
      inspectionType: 'routine',
      status: 'scheduled',
      inspectorName: 'Sam Surveyor',
      summary: null,
      landlordActions: '',
      completedAt: null,
    });
    expect(json(await t.api('GET', `/maintenance/inspections/${booked.id}`, KEYS.enterpriseLive)).data).toEqual(booked);
    const [event] = await eventsFor('inspection.scheduled', booked.id);
    expect(Object.keys(event).sort()).toEqual(fieldsOf('inspection.scheduled'));
    expect(event).toEqual({
      inspection_id: booked.id,
      property_id: P(8),
      property_name: booked.propertyName,
      inspection_date: addDays(TODAY, 14),
      inspection_type: 'routine',
      status: 'scheduled',
    });
  });

  it('moves scheduled → in_progress → completed with inspection.updated each time, plus inspection.completed once', async () => {
    const booked = await book();
    clock.advance(1000); // events are ordered by their time below
    const started = json(
      await t.api('PATCH', `/maintenance/inspections/${booked.id}`, KEYS.enterpriseLive, { status: 'in_progress' }),
    ).data;
    expect(started.status).toBe('in_progress');
    clock.advance(1000);
    const done = await t.api('PATCH', `/maintenance/inspections/${booked.id}`, KEYS.enterpriseLive, {
      status: 'completed',
      summary: 'All fine',
      landlordActions: 'Service boiler',
    });
    expect(json(done).data).toMatchObject({
      status: 'completed',
      summary: 'All fine',
      landlordActions: 'Service boiler',
      completedAt: clock.now().toISOString(),
    });
    const updated = await eventsFor('inspection.updated', booked.id);
    expect(updated.map((e) => e.status)).toEqual(['in_progress', 'completed']);
    expect(Object.keys(updated[1]).sort()).toEqual(fieldsOf('inspection.updated'));
    expect(updated[1]).toMatchObject({ landlord_actions: 'Service boiler', inspection_type: 'routine' });
    const completed = await eventsFor('inspection.completed', booked.id);
    expect(completed).toHaveLength(1);
    expect(Object.keys(completed[0]).sort()).toEqual(fieldsOf('inspection.completed'));
    expect(completed[0]).toMatchObject({ status: 'completed' });

    // Report fields stay editable after completion; status, date and type do not.
    const actions = await t.api('PATCH', `/maintenance/inspections/${booked.id}`, KEYS.enterpriseLive, {
      landlordActions: 'Service boiler; fix gate',
    });
    expect(json(actions).data.landlordActions).toBe('Service boiler; fix gate');
    expect(await eventsFor('inspection.completed', booked.id)).toHaveLength(1);
    for (const payload of [{ status: 'scheduled' }, { inspectionDate: TODAY }, { inspectionType: 'safety' }]) {
      const res = await t.api('PATCH', `/maintenance/inspections/${booked.id}`, KEYS.enterpriseLive, payload);
      expect([payload, res.statusCode, json(res).code]).toEqual([payload, 409, 'CONFLICT']);
    }
  });

  it('records a past inspection as completed (scheduled and completed events), and rebooks a cancelled one', async () => {
    const past = await book({ inspectionDate: addDays(TODAY, -3), status: 'completed', landlordActions: 'None' });
    expect(past).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    expect(await eventsFor('inspection.scheduled', past.id)).toHaveLength(1);
    expect(await eventsFor('inspection.completed', past.id)).toHaveLength(1);

    const rebooked = await t.api('PATCH', `/maintenance/inspections/${I(9)}`, KEYS.enterpriseLive, {
      status: 'scheduled',
      inspectionDate: addDays(TODAY, 60),
    });
    expect(json(rebooked).data).toMatchObject({ status: 'scheduled', inspectionDate: addDays(TODAY, 60) });
    const jump = await t.api('PATCH', `/maintenance/inspections/${I(8)}`, KEYS.enterpriseLive, { status: 'cancelled' });
    expect(json(jump).data.status).toBe('cancelled');
    const notAllowed = await t.api('PATCH', `/maintenance/inspections/${I(8)}`, KEYS.enterpriseLive, {
      status: 'completed',
    });
    expect([notAllowed.statusCode, json(notAllowed).code]).toEqual([409, 'CONFLICT']);
  });

  it('soft-deletes and records inspection.deleted with the catalogue fields', async () => {
    const booked = await book({ inspectionType: 'safety' });
    expect(json(await t.api('DELETE', `/maintenance/inspections/${booked.id}`, KEYS.enterpriseLive)).data).toEqual({
      deleted: true,
      id: booked.id,
    });
    expect((await t.api('GET', `/maintenance/inspections/${booked.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    const [event] = await eventsFor('inspection.deleted', booked.id);
    expect(Object.keys(event).sort()).toEqual(fieldsOf('inspection.deleted'));
    expect(event).toMatchObject({
      inspection_type: 'safety',
      status: 'deleted',
      deleted_at: clock.now().toISOString(),
    });
  });

  it('answers 400 VALIDATION_ERROR for invalid bodies', async () => {
    const base = { propertyId: P(8), inspectionDate: TODAY, inspectionType: 'routine' };
    const cases: Array<[string, string, unknown]> = [
      ['POST', 'missing date', { ...base, inspectionDate: undefined }],
      ['POST', 'bad date', { ...base, inspectionDate: '2026-13-01' }],
      ['POST', 'bad type', { ...base, inspectionType: 'annual' }],
      ['POST', 'cancelled on create', { ...base, status: 'cancelled' }],
      ['POST', "another landlord's property", { ...base, propertyId: fixtureId('property:northgate:2') }],
      ['POST', 'unknown key', { ...base, rating: 3 }],
      ['PATCH', 'empty', {}],
      ['PATCH', 'propertyId', { propertyId: P(2) }],
      ['PATCH', 'bad status', { status: 'deleted' }],
    ];
    for (const [method, label, payload] of cases) {
      const res = await t.api(
        method,
        method === 'POST' ? '/maintenance/inspections' : `/maintenance/inspections/${I(7)}`,
        KEYS.enterpriseLive,
        payload,
      );
      expect([label, res.statusCode, json(res)]).toEqual([
        label,
        400,
        { error: expect.any(String), code: 'VALIDATION_ERROR' },
      ]);
    }
  });
});

describe('status moves (transitions.ts)', () => {
  it('allows exactly the documented moves; completed fixes status, date and type', () => {
    const status = fc.constantFrom(...INSPECTION_STATUSES);
    fc.assert(
      fc.property(status, fc.option(status, { nil: undefined }), fc.boolean(), (from, to, touchesDate) => {
        const change = { status: to, inspectionDate: touchesDate ? TODAY : undefined };
        const moving = to !== undefined && to !== from;
        const allowed = from === 'completed' ? !moving && !touchesDate : !moving || ALLOWED_MOVES[from].includes(to);
        if (allowed) expect(() => assertChangeAllowed(from, change)).not.toThrow();
        else
          expect(() => assertChangeAllowed(from, change)).toThrow(
            expect.objectContaining({ data: expect.objectContaining({ code: 'CONFLICT' }) }),
          );
      }),
    );
  });
});

describe('sandbox mode', () => {
  it('POST, PATCH and DELETE answer mocks with sandbox: true and write nothing', async () => {
    const before = [await count('inspections'), await count('outbox_events')];
    const created = await t.api('POST', '/maintenance/inspections', KEYS.enterpriseSandbox, {
      propertyId: P(8),
      inspectionDate: TODAY,
      inspectionType: 'interim',
    });
    expect([created.statusCode, json(created).data.sandbox]).toEqual([201, true]);
    expect(
      (await t.api('GET', `/maintenance/inspections/${json(created).data.id}`, KEYS.enterpriseLive)).statusCode,
    ).toBe(404);
    const patched = await t.api('PATCH', `/maintenance/inspections/${I(6)}`, KEYS.enterpriseSandbox, {
      status: 'completed',
    });
    expect(json(patched).data).toMatchObject({ status: 'completed', sandbox: true });
    expect(json(await t.api('DELETE', `/maintenance/inspections/${I(6)}`, KEYS.enterpriseSandbox)).data).toEqual({
      deleted: true,
      id: I(6),
      sandbox: true,
    });
    expect(json(await t.api('GET', `/maintenance/inspections/${I(6)}`, KEYS.enterpriseLive)).data.status).toBe(
      'in_progress',
    );
    expect([await count('inspections'), await count('outbox_events')]).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it("answers 404 NOT_FOUND for another landlord's inspection on every route", async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { summary: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.api(method, `/maintenance/inspections/${foreign}`, KEYS.enterpriseLive, payload);
      expect([method, res.statusCode, json(res).code]).toEqual([method, 404, 'NOT_FOUND']);
      expect(json(res).error).toMatch(/Inspection/);
    }
    expect(json<Inspection[]>(await t.api('GET', '/maintenance/inspections', KEYS.otherLandlord)).meta!.total).toBe(4);
  });
});
