// Contracts: list filters and meta, derived status, writes with their rules (ownership, overlap, notice),
// assignment emails after commit, contract.* events, sandbox, tenant isolation, and the current-occupants rule.
import fc from 'fast-check';
import Joi from 'joi';
import { fixtureId } from '@ppapi/spec';
import type { MailMessage } from '../src/platform/mail/mailer';
import { ManualClock } from '../src/platform/clock';
import { addDays } from '../src/platform/time/dates';
import { eventDataProblems } from '../src/webhooks/catalogue/build';
import {
  currentOccupants,
  currentOccupantsByProperty,
  endedContracts,
  expiringContracts,
} from '../src/resources/contracts/service';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const T0 = new Date('2026-03-10T12:00:00.000Z');
const TODAY = '2026-03-10';
const clock = new ManualClock(T0);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock });
  // The property tests send hundreds of requests under a clock that does not move: lift the per-key limits.
  await t.deps.knex('api_keys').update({
    rate_limits: JSON.stringify({ readsPerMinute: 1e6, readsPerDay: 1e7, writesPerMinute: 1e6, writesPerDay: 1e7 }),
  });
});
afterAll(async () => {
  await t.stop();
});
afterEach(() => {
  clock.set(T0);
  jest.restoreAllMocks();
});

interface Contract {
  id: string;
  status: string;
  propertyId: string;
  mainTenantId: string;
  additionalTenantIds: string[];
  tenancyReference: string;
  startDate: string;
  endDate: string | null;
  rentAmount: number;
  rentFrequency: string;
  depositAmount: number | null;
  createdAt: string;
  updatedAt: string;
  sandbox?: boolean;
}
interface Meta {
  page: number;
  limit: number;
  total: number;
  hasNextPage: boolean;
}

const body = <T>(res: { payload: string }): T => (JSON.parse(res.payload) as { data: T }).data;
const meta = (res: { payload: string }): Meta => (JSON.parse(res.payload) as { meta: Meta }).meta;
const err = (res: { payload: string }) => JSON.parse(res.payload) as { error: string; code: string };
const envelope = Joi.object({ error: Joi.string().min(1).required(), code: Joi.string().required() });

const P = (i: number, landlord = 'harbour') => fixtureId(`property:${landlord}:${i}`);
const TENANT = (i: number, n = 0, landlord = 'harbour') => fixtureId(`tenant:${P(i, landlord)}:${n}`);
const CONTRACT = (i: number, landlord = 'harbour') => fixtureId(`contract:${P(i, landlord)}`);

const list = async (query: string, key: string = KEYS.enterpriseLive) => {
  const res = await t.api('GET', `/contracts${query}`, key);
  expect(res.statusCode).toBe(200);
  return { data: body<Contract[]>(res), meta: meta(res) };
};

let propertyCounter = 0;
async function newProperty(): Promise<string> {
  propertyCounter += 1;
  const res = await t.api('POST', '/properties', KEYS.enterpriseLive, {
    shortName: `Test ${propertyCounter}`,
    addressLine1: `${propertyCounter} Test Street`,
    city: 'Bath',
    postcode: 'BA1 1AA',
    propertyType: 'Flat',
  });
  expect(res.statusCode).toBe(201);
  return body<{ id: string }>(res).id;
}

const baseContract = (propertyId: string, extra: Record<string, unknown> = {}) => ({
  propertyId,
  mainTenantId: TENANT(27),
  tenancyReference: `REF-${propertyId.slice(0, 8)}`,
  startDate: TODAY,
  endDate: addDays(TODAY, 364),
  rentAmount: 1250.5,
  rentFrequency: 'monthly',
  depositAmount: 1400,
  ...extra,
});

async function create(payload: Record<string, unknown>, key: string = KEYS.enterpriseLive) {
  return t.api('POST', '/contracts', key, payload);
}

const mailSpy = () => jest.spyOn(t.deps.mailer, 'send');
const recipients = (spy: jest.SpyInstance) => (spy.mock.calls as Array<[MailMessage]>).map(([m]) => m.to).sort();
const emailsOf = async (ids: string[]) =>
  (await t.deps.knex('tenants').whereIn('id', ids).whereNotNull('email').select<Array<{ email: string }>>('email'))
    .map((r) => r.email)
    .sort();

async function outbox(type: string, contractId?: string): Promise<Array<Record<string, unknown>>> {
  const rows = (await t.deps.knex('outbox_events').where({ event_type: type }).orderBy('created_at')) as Array<{
    data: unknown;
  }>;
  const data = rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>);
  return contractId ? data.filter((d) => d.contract_id === contractId) : data;
}
const outboxCount = async () =>
  Number(((await t.deps.knex('outbox_events').count('* as n').first()) as { n: number | string }).n);

describe('GET /contracts', () => {
  it("lists the landlord's contracts with meta page, limit, total and hasNextPage (ENDPOINTS-8)", async () => {
    const all = await list('?limit=500');
    // Harbour: 20 Active (4 with an earlier Ended contract), 3 Notice Served, 4 Pending, 4 Ended.
    expect(all.meta).toEqual({ page: 1, limit: 500, total: 35, hasNextPage: false });
    expect(all.data).toHaveLength(35);
    const first = await list('?limit=10');
    expect(first.meta).toEqual({ page: 1, limit: 10, total: 35, hasNextPage: true });
    expect((await list('?limit=10&page=4')).meta).toEqual({ page: 4, limit: 10, total: 35, hasNextPage: false });
    expect((await list('?limit=10&page=4')).data).toHaveLength(5);
    expect((await list('?page=99')).data).toEqual([]);
    // Pages are disjoint and together give the whole list.
    const paged: string[] = [];
    for (let page = 1; page <= 4; page += 1)
      paged.push(...(await list(`?limit=10&page=${page}`)).data.map((c) => c.id));
    expect(paged).toEqual(all.data.map((c) => c.id));
  });

  it('derives status from the dates and filters on it', async () => {
    const expected: Record<string, number> = { Active: 20, 'Notice Served': 3, Pending: 4, Ended: 8 };
    for (const [status, count] of Object.entries(expected)) {
      const { data, meta: m } = await list(`?status=${encodeURIComponent(status)}&limit=500`);
      expect([status, m.total]).toEqual([status, count]);
      expect(data.every((c) => c.status === status)).toBe(true);
    }
    expect(body<Contract>(await t.api('GET', `/contracts/${CONTRACT(0)}`, KEYS.enterpriseLive))).toMatchObject({
      status: 'Active',
      endDate: null,
    });
    expect(body<Contract>(await t.api('GET', `/contracts/${CONTRACT(21)}`, KEYS.enterpriseLive)).status).toBe(
      'Notice Served',
    );
    expect(body<Contract>(await t.api('GET', `/contracts/${CONTRACT(24)}`, KEYS.enterpriseLive)).status).toBe(
      'Pending',
    );
    expect(body<Contract>(await t.api('GET', `/contracts/${CONTRACT(28)}`, KEYS.enterpriseLive)).status).toBe('Ended');
  });

  it('filters by propertyId, and tenantId matches the main tenant only', async () => {
    const byProperty = await list(`?propertyId=${P(4)}`);
    expect(byProperty.data.map((c) => c.id).sort()).toEqual(
      [CONTRACT(4), fixtureId(`contract:${P(4)}:previous`)].sort(),
    );
    expect((await list(`?tenantId=${TENANT(2)}`)).data.map((c) => c.id)).toEqual([CONTRACT(2)]);
    // Tenant 1 of property 2 is an additional tenant there: tenantId does not match it.
    expect((await list(`?tenantId=${TENANT(2, 1)}`)).data).toEqual([]);
    expect((await list(`?propertyId=${P(2)}&status=Active`)).data.map((c) => c.id)).toEqual([CONTRACT(2)]);
  });

  it('search is a case-insensitive contains on the tenancy reference, with LIKE wildcards taken literally', async () => {
    const hits = await list('?search=ten-har-100&limit=500');
    expect(hits.meta.total).toBe(12); // TEN-HAR-1000 .. 1009, and TEN-HAR-1004-OLD and 1009-OLD
    expect(hits.data.every((c) => c.tenancyReference.toLowerCase().includes('ten-har-100'))).toBe(true);
    expect((await list('?search=-old')).data.map((c) => c.tenancyReference).sort()).toEqual([
      'TEN-HAR-1004-OLD',
      'TEN-HAR-1009-OLD',
      'TEN-HAR-1014-OLD',
      'TEN-HAR-1019-OLD',
    ]);
    for (const wildcard of ['%', '_', 'TEN_HAR', 'TEN%HAR', '\\'])
      expect([wildcard, (await list(`?search=${encodeURIComponent(wildcard)}`)).meta.total]).toEqual([wildcard, 0]);
    expect((await list(`?search=${'x'.repeat(200)}`)).meta.total).toBe(0);
  });

  it.each([
    ['limit above 500', '?limit=501'],
    ['limit 0', '?limit=0'],
    ['page 0', '?page=0'],
    ['unknown status', '?status=Expired'],
    ['lower-case status', '?status=active'],
    ['propertyId not a uuid', '?propertyId=abc'],
    ['tenantId not a uuid', '?tenantId=1'],
    ['empty search', '?search='],
    ['search of 201 chars', `?search=${'x'.repeat(201)}`],
    ['unknown key', '?sort=startDate'],
  ])('answers 400 VALIDATION_ERROR for %s (CONTRACT-6)', async (_name, query) => {
    const res = await t.api('GET', `/contracts${query}`, KEYS.enterpriseLive);
    expect([res.statusCode, err(res).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('random query strings never give a 5xx; rejected ones answer 400 VALIDATION_ERROR in the envelope', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer({ min: -5, max: 1000 }).map(String),
      fc.uuid().map(String),
      fc.constantFrom(
        'Active',
        'Pending',
        'Notice Served',
        'Ended',
        '',
        '%',
        '_',
        '\\',
        'ten',
        '1e3',
        '[]',
        '{}',
        '%00',
        'null',
      ),
    );
    const pair = fc.tuple(
      fc.constantFrom('page', 'limit', 'status', 'propertyId', 'tenantId', 'search', 'other', 'page[]', 'status'),
      value,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { maxLength: 5 }), fc.boolean(), async (pairs, raw) => {
        const query = pairs.map(([k, v]) => `${k}=${raw ? v.replace(/[#\s]/g, '') : encodeURIComponent(v)}`).join('&');
        const res = await t.inject({
          method: 'GET',
          url: `/api/public/v1/contracts?${query}`,
          headers: { authorization: `Bearer ${KEYS.enterpriseLive}` },
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) {
          expect(res.statusCode).toBe(400);
          expect(envelope.validate(err(res)).error).toBeUndefined();
          expect(['VALIDATION_ERROR', 'BAD_REQUEST']).toContain(err(res).code);
        } else {
          expect(meta(res).hasNextPage).toEqual(expect.any(Boolean));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('GET /contracts/{id}', () => {
  it('answers the contract with every documented field', async () => {
    const c = body<Contract>(await t.api('GET', `/contracts/${CONTRACT(2)}`, KEYS.enterpriseLive));
    expect(Object.keys(c).sort()).toEqual([
      'additionalTenantIds',
      'createdAt',
      'depositAmount',
      'endDate',
      'id',
      'mainTenantId',
      'propertyId',
      'rentAmount',
      'rentFrequency',
      'startDate',
      'status',
      'tenancyReference',
      'updatedAt',
    ]);
    expect(c).toMatchObject({
      id: CONTRACT(2),
      propertyId: P(2),
      mainTenantId: TENANT(2),
      additionalTenantIds: [TENANT(2, 1), TENANT(2, 2)],
      tenancyReference: 'TEN-HAR-1002',
      rentFrequency: 'monthly',
    });
  });

  it("answers 404 naming the kind for an unknown id and for another landlord's contract; 400 for a non-uuid id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', CONTRACT(0, 'northgate')]) {
      const res = await t.api('GET', `/contracts/${id}`, KEYS.enterpriseLive);
      expect([res.statusCode, err(res).code]).toEqual([404, 'NOT_FOUND']);
      expect(err(res).error).toMatch(/Contract/);
    }
    expect((await t.api('GET', '/contracts/not-a-uuid', KEYS.enterpriseLive)).statusCode).toBe(400);
  });
});

describe('POST /contracts', () => {
  it('creates a contract (201), derives its status, records contract.created and mails every tenant with an email', async () => {
    const propertyId = await newProperty();
    const spy = mailSpy();
    const payload = baseContract(propertyId, {
      mainTenantId: TENANT(27),
      additionalTenantIds: [TENANT(2, 1), TENANT(7)],
    });
    const res = await create(payload);
    expect(res.statusCode).toBe(201);
    const c = body<Contract>(res);
    expect(c).toMatchObject({
      status: 'Active',
      propertyId,
      mainTenantId: TENANT(27),
      additionalTenantIds: [TENANT(2, 1), TENANT(7)],
      tenancyReference: payload.tenancyReference,
      startDate: TODAY,
      endDate: addDays(TODAY, 364),
      rentAmount: 1250.5,
      rentFrequency: 'monthly',
      depositAmount: 1400,
    });
    expect(c.sandbox).toBeUndefined();
    expect(body<Contract>(await t.api('GET', `/contracts/${c.id}`, KEYS.enterpriseLive))).toEqual(c);

    // Harbour's 8th property's main tenant (TENANT(7)) has no email on file: two emails, not three.
    expect(recipients(spy)).toEqual(await emailsOf([TENANT(27), TENANT(2, 1), TENANT(7)]));
    expect(recipients(spy)).toHaveLength(2);
    expect(spy.mock.calls[0][0].subject).toContain(payload.tenancyReference);

    const [event] = await outbox('contract.created', c.id);
    expect(eventDataProblems('contract.created', event)).toEqual([]);
    expect(event).toEqual({
      contract_id: c.id,
      property_id: propertyId,
      property_name: expect.stringMatching(/^Test /),
      tenancy_id: c.id,
      main_tenant_id: TENANT(27),
      status: 'Active',
      start_date: TODAY,
      end_date: addDays(TODAY, 364),
      rent_amount: 1250.5,
    });
  });

  it.each([
    ['Pending', { startDate: addDays(TODAY, 1), endDate: null }],
    ['Active', { startDate: TODAY, endDate: TODAY }],
    ['Ended', { startDate: addDays(TODAY, -30), endDate: addDays(TODAY, -1) }],
    ['Notice Served', { status: 'Notice Served' }],
    ['Notice Served', { status: 'Notice Served', startDate: addDays(TODAY, 10) }],
  ])('derives %s from the dates and the notice flag (STATE-13)', async (status, extra) => {
    const res = await create(baseContract(await newProperty(), extra));
    expect(res.statusCode).toBe(201);
    expect(body<Contract>(res).status).toBe(status);
  });

  it('defaults: additionalTenantIds [], rentFrequency monthly, depositAmount null, endDate null', async () => {
    const propertyId = await newProperty();
    const res = await create({
      propertyId,
      mainTenantId: TENANT(27),
      tenancyReference: 'MIN-1',
      startDate: TODAY,
      rentAmount: 900,
    });
    expect(body<Contract>(res)).toMatchObject({
      additionalTenantIds: [],
      rentFrequency: 'monthly',
      depositAmount: null,
      endDate: null,
      status: 'Active',
    });
  });

  it.each([
    ['a derived status', { status: 'Active' }],
    ['status Ended', { status: 'Ended' }],
    ['status null', { status: null }],
    ['endDate before startDate', { endDate: addDays(TODAY, -1) }],
    ['an invalid date', { startDate: '2026-02-30' }],
    ['rentAmount 0', { rentAmount: 0 }],
    ['negative rent', { rentAmount: -5 }],
    ['rent as a string', { rentAmount: '1000' }],
    ['three decimals', { rentAmount: 10.005 }],
    ['negative deposit', { depositAmount: -1 }],
    ['unknown frequency', { rentFrequency: 'daily' }],
    ['main tenant also additional', { additionalTenantIds: [TENANT(27)] }],
    ['duplicate additional tenants', { additionalTenantIds: [TENANT(2, 1), TENANT(2, 1)] }],
    ['additional not uuids', { additionalTenantIds: ['x'] }],
    ['empty reference', { tenancyReference: '' }],
    ['reference of 121 chars', { tenancyReference: 'r'.repeat(121) }],
    ['an unknown field', { notes: 'x' }],
    ['a read-only field', { id: '00000000-0000-4000-8000-000000000000' }],
    ['unknown property', { propertyId: '00000000-0000-4000-8000-000000000000' }],
    ["another landlord's property", { propertyId: P(11, 'northgate') }],
    ['unknown main tenant', { mainTenantId: '00000000-0000-4000-8000-000000000000' }],
    ["another landlord's tenant", { additionalTenantIds: [TENANT(0, 0, 'northgate')] }],
  ])('answers 400 VALIDATION_ERROR for %s (CONTRACT-9)', async (_name, extra) => {
    const res = await create(baseContract(await newProperty(), extra));
    expect([res.statusCode, err(res).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('answers 400 when a required field is missing', async () => {
    const full = baseContract(await newProperty());
    for (const field of ['propertyId', 'mainTenantId', 'tenancyReference', 'startDate', 'rentAmount'] as const) {
      const { [field]: _omitted, ...rest } = full;
      const res = await create(rest);
      expect([field, res.statusCode, err(res).code]).toEqual([field, 400, 'VALIDATION_ERROR']);
    }
  });

  it('answers 409 CONFLICT when the dates share a day with a not-Ended contract on the property, and writes nothing', async () => {
    const spy = mailSpy();
    const events = await outboxCount();
    // Property 0 has an open-ended Active contract: any later start overlaps it.
    const res = await create(baseContract(P(0), { startDate: addDays(TODAY, 400), endDate: null }));
    expect([res.statusCode, err(res).code]).toEqual([409, 'CONFLICT']);
    // Property 24's contract is Pending: overlapping a future contract conflicts too.
    const pending = body<Contract>(await t.api('GET', `/contracts/${CONTRACT(24)}`, KEYS.enterpriseLive));
    expect((await create(baseContract(P(24), { startDate: pending.endDate, endDate: null }))).statusCode).toBe(409);
    expect(await outboxCount()).toBe(events);
    expect(spy).not.toHaveBeenCalled();
  });

  it('serialises concurrent creates on one property: one 201, the other 409', async () => {
    const propertyId = await newProperty();
    const results = await Promise.all([
      create(baseContract(propertyId)),
      create(baseContract(propertyId, { startDate: addDays(TODAY, 10), endDate: null })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await list(`?propertyId=${propertyId}`)).data).toHaveLength(1);
  });

  it('treats the end date as the last day: a contract may start the day after, not on it', async () => {
    const propertyId = await newProperty();
    const first = body<Contract>(
      await create(baseContract(propertyId, { startDate: TODAY, endDate: addDays(TODAY, 30) })),
    );
    expect((await create(baseContract(propertyId, { startDate: addDays(TODAY, 30), endDate: null }))).statusCode).toBe(
      409,
    );
    expect(
      (await create(baseContract(propertyId, { startDate: addDays(TODAY, -60), endDate: TODAY }))).statusCode,
    ).toBe(409);
    const next = await create(baseContract(propertyId, { startDate: addDays(TODAY, 31), endDate: null }));
    expect(next.statusCode).toBe(201);
    expect((await list(`?propertyId=${propertyId}`)).data.map((c) => c.status).sort()).toEqual(['Active', 'Pending']);
    expect(first.status).toBe('Active');
  });

  it('lets history overlap: only not-Ended contracts block (property 28 has an Ended contract)', async () => {
    const ended = body<Contract>(await t.api('GET', `/contracts/${CONTRACT(28)}`, KEYS.enterpriseLive));
    const res = await create(baseContract(P(28), { startDate: addDays(ended.endDate!, -10), endDate: null }));
    expect(res.statusCode).toBe(201);
    await t.api('DELETE', `/contracts/${body<Contract>(res).id}`, KEYS.enterpriseLive);
  });

  it('answers 409 for notice on a contract whose end date has passed', async () => {
    const res = await create(
      baseContract(await newProperty(), {
        startDate: addDays(TODAY, -60),
        endDate: addDays(TODAY, -1),
        status: 'Notice Served',
      }),
    );
    expect([res.statusCode, err(res).code]).toEqual([409, 'CONFLICT']);
  });

  it('needs Enterprise and a read_write key', async () => {
    const payload = baseContract(await newProperty());
    expect(err(await create(payload, KEYS.enterpriseReadOnly)).code).toBe('INSUFFICIENT_SCOPE');
    expect(err(await create(payload, KEYS.portfolioLive)).code).toBe('WRITE_REQUIRES_ENTERPRISE');
  });

  it("uses the landlord's local date (Europe/London): 23:30 UTC in July is already the next day", async () => {
    const propertyId = await newProperty();
    clock.set(new Date('2026-07-01T23:30:00.000Z'));
    const res = await create(baseContract(propertyId, { startDate: '2026-07-02', endDate: null }));
    expect(body<Contract>(res).status).toBe('Active');
    clock.set(new Date('2026-07-01T22:30:00.000Z'));
    expect(body<Contract>(await t.api('GET', `/contracts/${body<Contract>(res).id}`, KEYS.enterpriseLive)).status).toBe(
      'Pending',
    );
  });
});

describe('PATCH /contracts/{id}', () => {
  async function fresh(extra: Record<string, unknown> = {}): Promise<Contract> {
    const res = await create(baseContract(await newProperty(), extra));
    expect(res.statusCode).toBe(201);
    return body<Contract>(res);
  }
  const patch = (id: string, payload: unknown, key: string = KEYS.enterpriseLive) =>
    t.api('PATCH', `/contracts/${id}`, key, payload);

  it('updates given fields only, records contract.updated with the catalogue fields', async () => {
    const c = await fresh();
    clock.advance(60_000);
    const res = await patch(c.id, { rentAmount: 1300, tenancyReference: 'RENAMED-1' });
    expect(res.statusCode).toBe(200);
    const updated = body<Contract>(res);
    expect(updated).toEqual({ ...c, rentAmount: 1300, tenancyReference: 'RENAMED-1', updatedAt: expect.any(String) });
    expect(updated.updatedAt > c.updatedAt).toBe(true);
    const [event] = await outbox('contract.updated', c.id);
    expect(Object.keys(event).sort()).toEqual([
      'contract_id',
      'end_date',
      'main_tenant_id',
      'property_id',
      'property_name',
      'rent_amount',
      'start_date',
      'status',
      'tenancy_id',
    ]);
    expect(event).toMatchObject({ rent_amount: 1300, tenancy_id: c.id, status: 'Active' });
    expect(eventDataProblems('contract.updated', event)).toEqual([]);
  });

  it('serves notice with status Notice Served; a PATCH without it recalculates the status from the dates (STATE-15/16)', async () => {
    const c = await fresh();
    expect(body<Contract>(await patch(c.id, { status: 'Notice Served', endDate: addDays(TODAY, 60) })).status).toBe(
      'Notice Served',
    );
    expect(body<Contract>(await patch(c.id, { status: 'Notice Served', rentAmount: 1000 })).status).toBe(
      'Notice Served',
    );
    expect(body<Contract>(await patch(c.id, { rentAmount: 1100 })).status).toBe('Active');
    expect(body<Contract>(await patch(c.id, { startDate: addDays(TODAY, 5) })).status).toBe('Pending');
    expect(
      body<Contract>(await patch(c.id, { startDate: addDays(TODAY, -100), endDate: addDays(TODAY, -1) })).status,
    ).toBe('Ended');
    expect(err(await patch(c.id, { status: 'Notice Served' })).code).toBe('CONFLICT');
  });

  it("moves to Ended the day after the end date (derived, in the landlord's date)", async () => {
    const c = await fresh({ endDate: TODAY });
    expect(c.status).toBe('Active');
    clock.advance(86_400_000);
    expect(body<Contract>(await t.api('GET', `/contracts/${c.id}`, KEYS.enterpriseLive)).status).toBe('Ended');
    expect((await list(`?propertyId=${c.propertyId}&status=Ended`)).data.map((x) => x.id)).toEqual([c.id]);
  });

  it('mails only tenants newly added, main or additional', async () => {
    const c = await fresh({ mainTenantId: TENANT(27), additionalTenantIds: [TENANT(2, 1)] });
    let spy = mailSpy();
    await patch(c.id, { additionalTenantIds: [TENANT(2, 1), TENANT(3, 1)] });
    expect(recipients(spy)).toEqual(await emailsOf([TENANT(3, 1)]));
    spy.mockRestore();
    spy = mailSpy();
    // The old main tenant becomes additional (no email: not new), an additional one becomes main (no email), a new one is added.
    const res = await patch(c.id, {
      mainTenantId: TENANT(2, 1),
      additionalTenantIds: [TENANT(27), TENANT(3, 1), TENANT(2, 2)],
    });
    expect(res.statusCode).toBe(200);
    expect(recipients(spy)).toEqual(await emailsOf([TENANT(2, 2)]));
    spy.mockRestore();
    spy = mailSpy();
    await patch(c.id, { rentAmount: 999 });
    expect(spy).not.toHaveBeenCalled();
  });

  it.each([
    ['an empty body', {}],
    ['propertyId', { propertyId: P(31) }],
    ['a derived status', { status: 'Active' }],
    ['status null', { status: null }],
    ['endDate before the stored startDate', { endDate: addDays(TODAY, -1) }],
    ['main tenant in additional', { additionalTenantIds: [TENANT(27)] }],
    ['an unknown tenant', { mainTenantId: '00000000-0000-4000-8000-000000000000' }],
    ["another landlord's tenant", { mainTenantId: TENANT(0, 0, 'northgate') }],
    ['rentAmount 0', { rentAmount: 0 }],
    ['an unknown field', { colour: 'red' }],
  ])('answers 400 VALIDATION_ERROR for %s (CONTRACT-14)', async (_name, payload) => {
    const c = await fresh();
    const res = await patch(c.id, payload);
    expect([res.statusCode, err(res).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('answers 409 when new dates overlap another not-Ended contract, and allows moving within its own range', async () => {
    const propertyId = await newProperty();
    const a = body<Contract>(await create(baseContract(propertyId, { startDate: TODAY, endDate: addDays(TODAY, 30) })));
    const b = body<Contract>(
      await create(baseContract(propertyId, { startDate: addDays(TODAY, 31), endDate: addDays(TODAY, 90) })),
    );
    expect(err(await patch(a.id, { endDate: addDays(TODAY, 31) })).code).toBe('CONFLICT');
    expect(err(await patch(b.id, { startDate: addDays(TODAY, 30) })).code).toBe('CONFLICT');
    expect((await patch(a.id, { endDate: addDays(TODAY, 20) })).statusCode).toBe(200);
    expect((await patch(b.id, { startDate: addDays(TODAY, 21) })).statusCode).toBe(200);
  });

  it("answers 404 for an unknown id and for another landlord's contract", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', CONTRACT(0, 'northgate')]) {
      const res = await patch(id, { rentAmount: 10 });
      expect([res.statusCode, err(res).code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await patch(CONTRACT(0), { rentAmount: 10 }, KEYS.otherLandlord)).statusCode).toBe(404);
  });
});

describe('DELETE /contracts/{id}', () => {
  it('soft-deletes: 200 { deleted, id }, then 404, gone from lists; records contract.deleted with status Deleted', async () => {
    const propertyId = await newProperty();
    const c = body<Contract>(await create(baseContract(propertyId)));
    clock.advance(1000);
    const res = await t.api('DELETE', `/contracts/${c.id}`, KEYS.enterpriseLive);
    expect([res.statusCode, body(res)]).toEqual([200, { deleted: true, id: c.id }]);
    expect((await t.api('GET', `/contracts/${c.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    expect((await list(`?propertyId=${propertyId}`)).data).toEqual([]);
    expect((await t.api('DELETE', `/contracts/${c.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    const row = await t.deps.knex('contracts').where({ id: c.id }).first<{ deleted_at: Date | null }>();
    expect(row.deleted_at).not.toBeNull();
    const [event] = await outbox('contract.deleted', c.id);
    expect(eventDataProblems('contract.deleted', event)).toEqual([]);
    expect(event).toEqual({
      contract_id: c.id,
      property_id: propertyId,
      property_name: expect.any(String),
      tenancy_id: c.id,
      main_tenant_id: c.mainTenantId,
      status: 'Deleted',
      start_date: c.startDate,
      end_date: c.endDate,
      deleted_at: new Date(T0.getTime() + 1000).toISOString(),
    });
    // The property has no live contract any more: a new one may take the same dates.
    expect((await create(baseContract(propertyId))).statusCode).toBe(201);
  });

  it("answers 404 for an unknown id, another landlord's contract, and 400 for a non-uuid", async () => {
    expect(
      (await t.api('DELETE', '/contracts/00000000-0000-4000-8000-000000000000', KEYS.enterpriseLive)).statusCode,
    ).toBe(404);
    expect(err(await t.api('DELETE', `/contracts/${CONTRACT(0)}`, KEYS.otherLandlord)).code).toBe('NOT_FOUND');
    expect((await t.api('GET', `/contracts/${CONTRACT(0)}`, KEYS.enterpriseLive)).statusCode).toBe(200);
    expect((await t.api('DELETE', '/contracts/123', KEYS.enterpriseLive)).statusCode).toBe(400);
  });
});

describe('sandbox', () => {
  it.each([
    ['a sandbox key', KEYS.enterpriseSandbox, {}],
    ['a live key with X-Service-Mode: sandbox', KEYS.enterpriseLive, { 'x-service-mode': 'sandbox' }],
  ])(
    'with %s, POST/PATCH/DELETE answer the live answer plus sandbox: true, write nothing, send no mail, record no event',
    async (_n, key, headers) => {
      const propertyId = await newProperty();
      const spy = mailSpy();
      const events = await outboxCount();
      const before = await t.deps.knex('contracts').count('* as n').first();

      const created = await t.api(
        'POST',
        '/contracts',
        key,
        baseContract(propertyId, { additionalTenantIds: [TENANT(2, 1)] }),
        headers,
      );
      expect(created.statusCode).toBe(201);
      expect(body<Contract>(created)).toMatchObject({ sandbox: true, status: 'Active', propertyId });
      expect((await t.api('GET', `/contracts/${body<Contract>(created).id}`, KEYS.enterpriseLive)).statusCode).toBe(
        404,
      );

      const patched = await t.api(
        'PATCH',
        `/contracts/${CONTRACT(2)}`,
        key,
        { rentAmount: 1, additionalTenantIds: [TENANT(3, 1)] },
        headers,
      );
      expect(body<Contract>(patched)).toMatchObject({ id: CONTRACT(2), rentAmount: 1, sandbox: true });
      expect(body<Contract>(await t.api('GET', `/contracts/${CONTRACT(2)}`, KEYS.enterpriseLive)).rentAmount).not.toBe(
        1,
      );

      const deleted = await t.api('DELETE', `/contracts/${CONTRACT(2)}`, key, undefined, headers);
      expect(body(deleted)).toEqual({ deleted: true, id: CONTRACT(2), sandbox: true });
      expect((await t.api('GET', `/contracts/${CONTRACT(2)}`, KEYS.enterpriseLive)).statusCode).toBe(200);

      // Validation, 404 and 409 as live.
      expect(
        (await t.api('POST', '/contracts', key, baseContract(propertyId, { status: 'Active' }), headers)).statusCode,
      ).toBe(400);
      expect(
        (await t.api('PATCH', `/contracts/${CONTRACT(0, 'northgate')}`, key, { rentAmount: 5 }, headers)).statusCode,
      ).toBe(404);
      expect((await t.api('POST', '/contracts', key, baseContract(P(0)), headers)).statusCode).toBe(409);

      expect(await t.deps.knex('contracts').count('* as n').first()).toEqual(before);
      expect(await outboxCount()).toBe(events);
      expect(spy).not.toHaveBeenCalled();
    },
  );

  it('reads are real', async () => {
    expect(body(await t.api('GET', '/contracts?limit=5', KEYS.enterpriseSandbox))).toEqual(
      body(await t.api('GET', '/contracts?limit=5', KEYS.enterpriseLive)),
    );
  });
});

describe('tenant isolation', () => {
  it("lists only the caller's contracts; foreign filters match nothing", async () => {
    const mine = new Set((await list('?limit=500')).data.map((c) => c.id));
    const theirs = (await list('?limit=500', KEYS.otherLandlord)).data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((c) => mine.has(c.id))).toBe(false);
    expect((await list(`?propertyId=${P(0, 'northgate')}`)).data).toEqual([]);
    expect((await list(`?tenantId=${TENANT(0, 0, 'northgate')}`)).data).toEqual([]);
  });
});

describe('a failed write sends nothing', () => {
  it('a refused write sends no mail (the sandbox tests show that mail waits for a committed transaction)', async () => {
    const spy = mailSpy();
    const res = await create(baseContract(P(0), { additionalTenantIds: [TENANT(2, 1)] }));
    expect(res.statusCode).toBe(409);
    expect(spy).not.toHaveBeenCalled();
  });

  it('a failing mailer does not fail the committed write', async () => {
    jest.spyOn(t.deps.mailer, 'send').mockRejectedValue(new Error('smtp down'));
    const res = await create(baseContract(await newProperty()));
    expect(res.statusCode).toBe(201);
    expect((await t.api('GET', `/contracts/${body<Contract>(res).id}`, KEYS.enterpriseLive)).statusCode).toBe(200);
  });
});

describe('current occupants (spec overview rule)', () => {
  const scope = () => ({ landlordId: fixtureId('landlord:harbour'), db: t.deps.knex });

  it("is the Active contract's main tenant plus every additional tenant", async () => {
    expect(await currentOccupants(scope(), P(2), TODAY)).toEqual([TENANT(2), TENANT(2, 1), TENANT(2, 2)]);
    expect(await currentOccupants(scope(), P(3), TODAY)).toEqual([TENANT(3), TENANT(3, 1)]);
    expect(await currentOccupants(scope(), P(1), TODAY)).toEqual([TENANT(1)]);
    // Property 4's earlier Ended contract does not count.
    expect(await currentOccupants(scope(), P(4), TODAY)).toEqual([TENANT(4)]);
    // No Active contract: vacant, Pending, Ended; and Notice Served is not Active.
    for (const i of [31, 24, 28, 22]) expect([i, await currentOccupants(scope(), P(i), TODAY)]).toEqual([i, []]);
  });

  it('agrees with the client algorithm: GET /contracts?propertyId=…&status=Active, mainTenantId + additionalTenantIds', async () => {
    const ids = Array.from({ length: 36 }, (_, i) => P(i));
    const batch = await currentOccupantsByProperty(scope(), ids, TODAY);
    for (const id of ids) {
      const active = (await list(`?propertyId=${id}&status=Active`)).data;
      const expected = active.length === 0 ? [] : [active[0].mainTenantId, ...active[0].additionalTenantIds];
      expect(await currentOccupants(scope(), id, TODAY)).toEqual(expected);
      expect(batch.get(id) ?? []).toEqual(expected);
    }
  });

  it("leaves the property's tenantName as the main tenant's name", async () => {
    const property = body<{ tenantName: string }>(await t.api('GET', `/properties/${P(2)}`, KEYS.enterpriseLive));
    const main = await t.deps
      .knex('tenants')
      .where({ id: (await currentOccupants(scope(), P(2), TODAY))[0] })
      .first<{ first_name: string; last_name: string }>();
    expect(property.tenantName).toBe(`${main.first_name} ${main.last_name}`);
  });

  it('never crosses landlords', async () => {
    expect(
      await currentOccupants({ landlordId: fixtureId('landlord:northgate'), db: t.deps.knex }, P(2), TODAY),
    ).toEqual([]);
  });
});

describe('scheduled contract events (inputs for the webhook scheduler)', () => {
  const scope = () => ({ landlordId: fixtureId('landlord:harbour'), db: t.deps.knex });

  it('lists contracts ending within N days with contract.expiring data', async () => {
    // Notice contracts 20..22 end in 45..47 days; Active ones end in 65 + 9i days or never.
    const within = await expiringContracts(scope(), TODAY, 47);
    const fixtureIds = within
      .map((s) => s.contract.id)
      .filter((id) => [20, 21, 22].map((i) => CONTRACT(i)).includes(id));
    expect(fixtureIds.sort()).toEqual([CONTRACT(20), CONTRACT(21), CONTRACT(22)].sort());
    expect(within.every((s) => s.data.days_until_expiry <= 47 && s.data.days_until_expiry >= 0)).toBe(true);
    const c20 = within.find((s) => s.contract.id === CONTRACT(20))!;
    for (const s of within) expect(eventDataProblems('contract.expiring', s.data)).toEqual([]);
    expect(c20.data).toEqual({
      contract_id: CONTRACT(20),
      property_id: P(20),
      property_name: expect.any(String),
      end_date: addDays(TODAY, 45),
      days_until_expiry: 45,
    });
    expect((await expiringContracts(scope(), TODAY, 44)).some((s) => s.contract.id === CONTRACT(20))).toBe(false);
  });

  it('lists contracts whose end date has passed with contract.ended data', async () => {
    const ended = await endedContracts(scope(), TODAY);
    expect(ended.map((s) => s.contract.id)).toEqual(
      expect.arrayContaining([CONTRACT(27), CONTRACT(28), CONTRACT(29), CONTRACT(30)]),
    );
    expect(ended.every((s) => s.data.end_date < TODAY && s.data.status === 'Ended')).toBe(true);
    for (const s of ended) expect(eventDataProblems('contract.ended', s.data)).toEqual([]);
    expect(Object.keys(ended[0].data).sort()).toEqual([
      'contract_id',
      'end_date',
      'property_id',
      'property_name',
      'start_date',
      'status',
    ]);
    // Property 27's contract ended 67 days ago: outside a 60-day look-back.
    const recent = await endedContracts(scope(), TODAY, addDays(TODAY, -60));
    expect(recent.some((s) => s.contract.id === CONTRACT(27))).toBe(false);
    expect(recent.some((s) => s.contract.id === CONTRACT(28))).toBe(false);
  });
});
