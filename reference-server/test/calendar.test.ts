// GET /events: derived calendar events. Window rules (default window edges in the landlord's date, from/to
// together, to − from ≤ 400), the type list, the propertyId filter, the sort order, and every source.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import Joi from 'joi';
import { fixtureId } from '@ppapi/spec';
import { ManualClock } from '../src/platform/clock';
import { addDays, daysBetween } from '../src/platform/time/dates';
import { createHash } from 'node:crypto';
import { CALENDAR_EVENT_TYPES } from '../src/resources/calendar/model';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

/** The documented id of an event, computed here with Node's SHA-1 (the server computes it in PostgreSQL). */
function eventId(kind: string, sourceId: string): string {
  const h = createHash('sha1').update(`calendar-event:${kind}:${sourceId}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const T0 = new Date('2026-03-10T12:00:00.000Z');
const TODAY = '2026-03-10';
const DAY = 86_400_000;
const clock = new ManualClock(T0);
const HARBOUR = fixtureId('landlord:harbour');

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock });
  await t.deps.knex('api_keys').update({
    rate_limits: JSON.stringify({ readsPerMinute: 1e6, readsPerDay: 1e7, writesPerMinute: 1e6, writesPerDay: 1e7 }),
  });
});
afterAll(async () => {
  await t.stop();
});
afterEach(() => {
  clock.set(T0);
});

interface CalendarEvent {
  id: string;
  type: string;
  kind: string;
  date: string;
  title: string;
  propertyId: string | null;
  source: { kind: string; id: string };
}
interface Meta {
  page: number;
  limit: number;
  total: number;
}

const P = (i: number, landlord = 'harbour') => fixtureId(`property:${landlord}:${i}`);
const err = (res: { payload: string }) => JSON.parse(res.payload) as { error: string; code: string };
const envelope = Joi.object({ error: Joi.string().min(1).required(), code: Joi.string().required() });

async function page(query: string, key: string = KEYS.enterpriseLive): Promise<{ data: CalendarEvent[]; meta: Meta }> {
  const res = await t.api('GET', `/events${query}`, key);
  expect([query, res.statusCode]).toEqual([query, 200]);
  return JSON.parse(res.payload) as { data: CalendarEvent[]; meta: Meta };
}

/** Every event of a query, all pages (500 per page). */
async function all(query: string, key: string = KEYS.enterpriseLive): Promise<CalendarEvent[]> {
  const out: CalendarEvent[] = [];
  for (let p = 1; ; p += 1) {
    const { data, meta } = await page(`${query}${query.includes('?') ? '&' : '?'}limit=500&page=${p}`, key);
    out.push(...data);
    if (p * 500 >= meta.total) return out;
  }
}

const sorted = (events: CalendarEvent[]) =>
  events.every(
    (e, k) => k === 0 || events[k - 1].date < e.date || (events[k - 1].date === e.date && events[k - 1].id < e.id),
  );

async function newProperty(): Promise<string> {
  const res = await t.api('POST', '/properties', KEYS.enterpriseLive, {
    shortName: 'Calendar Cottage',
    addressLine1: '1 Calendar Lane',
    city: 'Bath',
    postcode: 'BA1 1AA',
    propertyType: 'House',
  });
  return (JSON.parse(res.payload) as { data: { id: string } }).data.id;
}
async function contract(propertyId: string, startDate: string, endDate: string | null): Promise<string> {
  const res = await t.api('POST', '/contracts', KEYS.enterpriseLive, {
    propertyId,
    mainTenantId: fixtureId(`tenant:${P(27)}:0`),
    tenancyReference: `CAL-${startDate}`,
    startDate,
    endDate,
    rentAmount: 1000,
  });
  expect(res.statusCode).toBe(201);
  return (JSON.parse(res.payload) as { data: { id: string } }).data.id;
}

describe("default window: 7 days back through 90 days ahead, inclusive, landlord's local dates", () => {
  it('includes events on today−7 and today+90, not on today−8 or today+91; moves with the clock', async () => {
    const propertyId = await newProperty();
    await contract(propertyId, addDays(TODAY, -8), addDays(TODAY, -7));
    await contract(propertyId, addDays(TODAY, 90), addDays(TODAY, 91));
    const dates = async () => (await all(`?propertyId=${propertyId}&type=Contract`)).map((e) => [e.kind, e.date]);
    expect(await dates()).toEqual([
      ['contract_end', addDays(TODAY, -7)],
      ['contract_start', addDays(TODAY, 90)],
    ]);
    clock.advance(DAY);
    expect(await dates()).toEqual([
      ['contract_start', addDays(TODAY, 90)],
      ['contract_end', addDays(TODAY, 91)],
    ]);
    // 23:30 UTC on 1 July is 2 July in London: the window's last day is 30 September, not 29 September.
    await contract(propertyId, '2026-09-30', null);
    clock.set(new Date('2026-07-01T23:30:00.000Z'));
    expect(await dates()).toEqual([['contract_start', '2026-09-30']]);
    clock.set(new Date('2026-07-01T22:30:00.000Z'));
    expect(await dates()).toEqual([]);
  });

  it('every event of the default list lies in the window, sorted by date then id', async () => {
    const events = await all('');
    expect(events.length).toBeGreaterThan(50);
    expect(events.every((e) => e.date >= addDays(TODAY, -7) && e.date <= addDays(TODAY, 90))).toBe(true);
    expect(sorted(events)).toBe(true);
    expect(await all(`?from=${addDays(TODAY, -7)}&to=${addDays(TODAY, 90)}`)).toEqual(events);
  });
});

describe('from and to', () => {
  it.each([
    ['from without to', `?from=${TODAY}`],
    ['to without from', `?to=${TODAY}`],
    ['to before from', `?from=${TODAY}&to=${addDays(TODAY, -1)}`],
    ['to − from = 401 days', `?from=${TODAY}&to=${addDays(TODAY, 401)}`],
    ['a year apart and a bit', '?from=2026-01-01&to=2027-02-06'],
    ['an impossible date', '?from=2026-02-30&to=2026-03-30'],
    // ISO 8601's year 0000 (1 BC), which PostgreSQL's dates do not have: refused, not a failed query (500).
    ['a date in year 0000', '?from=0000-01-01&to=0000-01-01'],
    ['a timestamp', `?from=${TODAY}T00:00:00Z&to=${TODAY}`],
    ['an empty from', `?from=&to=${TODAY}`],
  ])('answer 400 VALIDATION_ERROR for %s (CAL-3, CAL-4, CAL-6)', async (_name, query) => {
    const res = await t.api('GET', `/events${query}`, KEYS.enterpriseLive);
    expect([res.statusCode, err(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(envelope.validate(err(res)).error).toBeUndefined();
  });

  it('accept the first day of year 1 and the last of 9999, the ends of the dates PostgreSQL and YYYY-MM-DD share', async () => {
    for (const day of ['0001-01-01', '9999-12-31'])
      expect((await t.api('GET', `/events?from=${day}&to=${day}`, KEYS.enterpriseLive)).statusCode).toBe(200);
  });

  it('accept to − from = 400 days (401 dates), and from = to (one day), inclusive at both ends', async () => {
    expect((await page(`?from=${TODAY}&to=${addDays(TODAY, 400)}`)).meta.total).toBeGreaterThan(0);
    expect((await page('?from=2026-01-01&to=2027-02-05')).meta.total).toBeGreaterThan(0);
    // Rent falls due on the 1st: a one-day window on 2026-03-01 holds exactly those payments.
    const rentDay = await all('?from=2026-03-01&to=2026-03-01&type=Rent');
    const dueThatDay = await t.deps
      .knex('rent_payments')
      .where({ landlord_id: HARBOUR, due_date: '2026-03-01' })
      .whereNull('deleted_at')
      .count('* as n')
      .first();
    expect(rentDay.length).toBe(Number((dueThatDay as { n: string }).n));
    expect(rentDay.length).toBeGreaterThan(0);
    expect(rentDay.every((e) => e.date === '2026-03-01')).toBe(true);
  });
});

describe('type', () => {
  const exactly = (length: number): string => {
    // 98 × Task + Compliance = 500 characters; 97 × Task + Insurance + Tenant = 501.
    const items =
      length === 500
        ? [...Array<string>(98).fill('Task'), 'Compliance']
        : [...Array<string>(97).fill('Task'), 'Insurance', 'Tenant'];
    const value = items.join(',');
    expect(value).toHaveLength(length);
    return value;
  };

  it('accepts a list of exactly 500 characters and refuses 501 (CAL-8, LIMIT-10)', async () => {
    const ok = await page(`?type=${exactly(500)}`);
    expect(ok.data.every((e) => e.type === 'Task' || e.type === 'Compliance')).toBe(true);
    const res = await t.api('GET', `/events?type=${exactly(501)}`, KEYS.enterpriseLive);
    expect([res.statusCode, err(res).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it.each([
    ['an unknown type', 'Party'],
    ['lower case', 'rent'],
    ['an empty item', 'Rent,,Contract'],
    ['a trailing comma', 'Rent,'],
    ['empty', ''],
  ])('refuses %s with 400 VALIDATION_ERROR (CAL-9)', async (_name, value) => {
    const res = await t.api('GET', `/events?type=${encodeURIComponent(value)}`, KEYS.enterpriseLive);
    expect([res.statusCode, err(res).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('returns only the listed types; spaces around values are ignored; Insurance and Schedule have no source yet', async () => {
    const window = `from=${addDays(TODAY, -200)}&to=${addDays(TODAY, 200)}`;
    const everything = await all(`?${window}`);
    for (const types of [['Rent'], ['Contract', 'Tenant'], ['Compliance', 'Property', 'Rent']]) {
      const got = await all(`?${window}&type=${encodeURIComponent(types.join(', '))}`);
      expect(got).toEqual(everything.filter((e) => types.includes(e.type)));
      expect(got.length).toBeGreaterThan(0);
    }
    expect(await all(`?${window}&type=Insurance,Schedule`)).toEqual([]);
  });
});

describe('sources', () => {
  const window = { from: addDays(TODAY, -200), to: addDays(TODAY, 200) };
  const q = `?from=${window.from}&to=${window.to}`;

  it('derives events from contracts, rent, compliance, tenants, property documents, maintenance and inspections', async () => {
    const [issue, undated, deletedIssue, inspection, cancelled] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await t.deps.knex('maintenance_issues').insert([
      {
        id: issue,
        landlord_id: HARBOUR,
        property_id: P(1),
        title: 'Leaking tap',
        description: '',
        priority: 'High',
        status: 'Open',
        due_date: addDays(TODAY, 3),
      },
      {
        id: undated,
        landlord_id: HARBOUR,
        property_id: P(1),
        title: 'No due date',
        description: '',
        priority: 'Low',
        status: 'Open',
        due_date: null,
      },
      {
        id: deletedIssue,
        landlord_id: HARBOUR,
        property_id: P(1),
        title: 'Deleted',
        description: '',
        priority: 'Low',
        status: 'Open',
        due_date: addDays(TODAY, 3),
        deleted_at: T0,
      },
    ]);
    await t.deps.knex('inspections').insert([
      {
        id: inspection,
        landlord_id: HARBOUR,
        property_id: P(2),
        inspection_date: addDays(TODAY, 5),
        inspection_type: 'routine',
        status: 'scheduled',
      },
      {
        id: cancelled,
        landlord_id: HARBOUR,
        property_id: P(2),
        inspection_date: addDays(TODAY, 6),
        inspection_type: 'routine',
        status: 'cancelled',
      },
    ]);
    const events = await all(q);
    expect([...new Set(events.map((e) => e.type))].sort()).toEqual([
      'Compliance',
      'Contract',
      'Inspection',
      'Property',
      'Rent',
      'Task',
      'Tenant',
    ]);
    // The fixtures may hold issues and inspections of their own: look at the rows inserted here.
    const inserted = new Set<string>([issue, undated, deletedIssue, inspection, cancelled]);
    expect(events.filter((e) => inserted.has(e.source.id))).toEqual([
      {
        id: eventId('maintenance_due', issue),
        type: 'Task',
        kind: 'maintenance_due',
        date: addDays(TODAY, 3),
        title: expect.stringContaining('Leaking tap'),
        propertyId: P(1),
        source: { kind: 'maintenance_issue', id: issue },
      },
      {
        id: eventId('inspection', inspection),
        type: 'Inspection',
        kind: 'inspection',
        date: addDays(TODAY, 5),
        title: expect.stringContaining('Routine inspection'),
        propertyId: P(2),
        source: { kind: 'inspection', id: inspection },
      },
    ]);
  });

  it('rent: one event per payment due in the window', async () => {
    const rows = await t.deps
      .knex('rent_payments')
      .where({ landlord_id: HARBOUR })
      .whereNull('deleted_at')
      .whereBetween('due_date', [window.from, window.to])
      .select<Array<{ id: string; due_date: string; property_id: string }>>('id', 'due_date', 'property_id');
    const events = await all(`${q}&type=Rent`);
    expect(events.map((e) => e.source.id).sort()).toEqual(rows.map((r) => r.id).sort());
    for (const e of events)
      expect(e).toMatchObject({
        kind: 'rent_due',
        source: { kind: 'rent_payment' },
        propertyId: rows.find((r) => r.id === e.source.id)!.property_id,
        date: rows.find((r) => r.id === e.source.id)!.due_date,
      });
  });

  it('contracts: a start and an end event per contract, when in the window', async () => {
    const contracts = (await t.deps
      .knex('contracts')
      .where({ landlord_id: HARBOUR })
      .whereNull('deleted_at')) as Array<{ id: string; start_date: string; end_date: string | null }>;
    const expected = contracts.flatMap((c) => [
      ...(c.start_date >= window.from && c.start_date <= window.to ? [`${c.id}:contract_start:${c.start_date}`] : []),
      ...(c.end_date && c.end_date >= window.from && c.end_date <= window.to
        ? [`${c.id}:contract_end:${c.end_date}`]
        : []),
    ]);
    expect((await all(`${q}&type=Contract`)).map((e) => `${e.source.id}:${e.kind}:${e.date}`).sort()).toEqual(
      expected.sort(),
    );
  });

  it("compliance: the due dates of each property's compliance.items (certificate expiry, else recorded renewal)", async () => {
    await t.api('PATCH', `/properties/${P(13)}`, KEYS.enterpriseLive, { gscRenewal: addDays(TODAY, 20) }); // no gas certificate on file
    const properties = (
      JSON.parse((await t.api('GET', '/properties?limit=500', KEYS.enterpriseLive)).payload) as {
        data: Array<{ id: string; compliance: { items: Array<{ code: string; dueDate: string | null }> } }>;
      }
    ).data;
    const expected = properties.flatMap((p) =>
      p.compliance.items
        .filter((i) => i.dueDate !== null && i.dueDate >= window.from && i.dueDate <= window.to)
        .map((i) => `${p.id}:${i.dueDate}`),
    );
    const events = await all(`${q}&type=Compliance`);
    expect(events.map((e) => `${e.propertyId}:${e.date}`).sort()).toEqual(expected.sort());
    expect(events.find((e) => e.propertyId === P(13) && e.kind === 'gas_safety_renewal_due')).toMatchObject({
      date: addDays(TODAY, 20),
      source: { kind: 'property', id: P(13) },
    });
    await t.api('PATCH', `/properties/${P(13)}`, KEYS.enterpriseLive, { gscRenewal: null });
  });

  it('tenants: right-to-rent expiries', async () => {
    const events = await all(`${q}&type=Tenant`);
    // Main tenants of properties 0, 7, 14, 21, 28 have a right-to-rent expiry 45 days ahead.
    expect(events.map((e) => e.source.id).sort()).toEqual(
      [0, 7, 14, 21, 28].map((i) => fixtureId(`tenant:${P(i)}:0`)).sort(),
    );
    expect(events.every((e) => e.kind === 'right_to_rent_expiry' && e.date === addDays(TODAY, 45))).toBe(true);
  });

  it('ids are deterministic per source row and kind, and unique', async () => {
    const [a, b] = [await all(q), await all(q)];
    expect(a).toEqual(b);
    expect(new Set(a.map((e) => e.id)).size).toBe(a.length);
    for (const e of a) expect(e.id).toBe(eventId(e.kind, e.source.id));
  });

  it('pages are slices of the one sorted list (CAL-2, CAL-10)', async () => {
    const everything = await all(q);
    const pages: CalendarEvent[] = [];
    for (let p = 1; p <= Math.ceil(everything.length / 37); p += 1) {
      const res = await page(`${q}&limit=37&page=${p}`);
      expect(res.meta).toEqual({ page: p, limit: 37, total: everything.length });
      pages.push(...res.data);
    }
    expect(pages).toEqual(everything);
    expect(sorted(everything)).toBe(true);
  });

  it('any page of any size is the slice of the whole list at its offset, wherever it starts or ends inside a date (fast-check)', async () => {
    // A page is read by the dates it falls on: pages starting, ending or lying inside one date's events, and
    // pages past the end, must still be exact slices.
    const everything = await all(q);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 40 }), async (limit, p) => {
        const res = await page(`${q}&limit=${limit}&page=${p}`);
        expect(res.meta).toEqual({ page: p, limit, total: everything.length });
        expect(res.data).toEqual(everything.slice((p - 1) * limit, p * limit));
      }),
      { numRuns: 40 },
    );
  });
});

describe('propertyId', () => {
  it('returns only events carrying that property id (CAL-7)', async () => {
    const events = await all(`?from=${addDays(TODAY, -200)}&to=${addDays(TODAY, 200)}&propertyId=${P(0)}`);
    expect(events.length).toBeGreaterThan(3);
    expect(events.every((e) => e.propertyId === P(0))).toBe(true);
    const types = new Set(events.map((e) => e.type));
    for (const type of ['Compliance', 'Rent', 'Tenant', 'Property']) expect(types.has(type)).toBe(true);
    expect(types.has('Contract')).toBe(false); // its contract started 300 days ago and is open-ended
  });

  it("answers an empty list for an unknown or another landlord's property, 400 for a non-uuid", async () => {
    expect((await page(`?propertyId=${P(0, 'northgate')}`)).data).toEqual([]);
    expect((await page('?propertyId=00000000-0000-4000-8000-000000000000')).data).toEqual([]);
    expect((await t.api('GET', '/events?propertyId=abc', KEYS.enterpriseLive)).statusCode).toBe(400);
  });
});

describe('properties of the list (fast-check)', () => {
  const ids = Array.from({ length: 36 }, (_, i) => P(i));

  it('for random windows, types and properties: sorted, no duplicates, inside the window, carrying the property id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.constantFrom(...ids), { nil: undefined }),
        fc.option(fc.subarray([...CALENDAR_EVENT_TYPES], { minLength: 1 }), { nil: undefined }),
        fc.integer({ min: 1, max: 500 }),
        async (offset, length, propertyId, types, limit) => {
          const from = addDays(TODAY, offset);
          const to = addDays(from, length);
          let query = `?from=${from}&to=${to}&limit=${limit}`;
          if (propertyId) query += `&propertyId=${propertyId}`;
          if (types) query += `&type=${types.join(',')}`;
          const { data, meta } = await page(query);
          expect(data.length).toBe(Math.min(limit, meta.total));
          expect(sorted(data)).toBe(true);
          expect(new Set(data.map((e) => e.id)).size).toBe(data.length);
          for (const e of data) {
            expect(e.date >= from && e.date <= to).toBe(true);
            expect(daysBetween(from, e.date)).toBeGreaterThanOrEqual(0);
            if (propertyId) expect(e.propertyId).toBe(propertyId);
            if (types) expect(types).toContain(e.type);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('random query strings never give a 5xx; rejected ones answer 400 in the envelope', async () => {
    const date = fc.integer({ min: -900, max: 900 }).map((d) => addDays(TODAY, d));
    const value = fc.oneof(
      date,
      fc.string({ maxLength: 20 }),
      fc.integer({ min: -3, max: 600 }).map(String),
      fc.uuid().map(String),
      fc.subarray([...CALENDAR_EVENT_TYPES, 'Bogus', '', ' '], { minLength: 1 }).map((a) => a.join(',')),
      fc.constantFrom('2026-02-29', '2028-02-29', '0000-01-01', '9999-12-31', '2026-13-01', '%', ',', 'null'),
    );
    const pair = fc.tuple(fc.constantFrom('page', 'limit', 'from', 'to', 'propertyId', 'type', 'extra', 'from'), value);
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { maxLength: 5 }), async (pairs) => {
        const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        const res = await t.inject({
          method: 'GET',
          url: `/api/public/v1/events?${query}`,
          headers: { authorization: `Bearer ${KEYS.enterpriseLive}` },
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) {
          expect([res.statusCode, err(res).code]).toEqual([400, 'VALIDATION_ERROR']);
          expect(envelope.validate(err(res)).error).toBeUndefined();
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('keys and landlords', () => {
  it('reads real data with a sandbox key and on the Portfolio plan', async () => {
    expect(await all('', KEYS.enterpriseSandbox)).toEqual(await all(''));
    expect((await page('', KEYS.portfolioLive)).meta.total).toBeGreaterThan(0);
  });

  it("shows only the caller's events (tenant isolation)", async () => {
    const mine = new Set(Array.from({ length: 36 }, (_, i) => P(i)));
    const theirs = await all(`?from=${addDays(TODAY, -200)}&to=${addDays(TODAY, 200)}`, KEYS.otherLandlord);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((e) => e.propertyId !== null && mine.has(e.propertyId))).toBe(false);
    expect((await page(`?propertyId=${P(0)}`, KEYS.otherLandlord)).data).toEqual([]);
  });

  it('leaves out the events of a deleted property', async () => {
    const q = `?from=${addDays(TODAY, -200)}&to=${addDays(TODAY, 200)}&propertyId=${P(35)}`;
    expect((await all(q)).length).toBeGreaterThan(0);
    expect((await t.api('DELETE', `/properties/${P(35)}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    expect(await all(q)).toEqual([]);
  });
});
