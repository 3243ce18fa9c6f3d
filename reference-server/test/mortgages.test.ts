// Mortgages: list/filter, detail, create/update/delete with linked properties of the same landlord, mortgage.*
// events with the catalogue's fields, sandbox, tenant isolation.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { fixtureId } from '@ppapi/spec';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

interface Mortgage {
  id: string;
  lender: string;
  reference: string;
  balance: number;
  interestRate: number;
  monthlyPayment: number;
  rateType: string | null;
  productEndDate: string | null;
  termEndDate: string | null;
  status: string;
  propertyIds: string[];
  createdAt: string;
  updatedAt: string;
  sandbox?: boolean;
}
type Body<T> = { data: T; meta?: { page: number; limit: number; total: number }; error?: string; code?: string };
const json = <T = Mortgage>(res: { payload: string }) => JSON.parse(res.payload) as Body<T>;

const CATALOGUE = JSON.parse(readFileSync(require.resolve('@ppapi/spec/event-catalogue.json'), 'utf8')) as Array<{
  event: string;
  fields: Array<{ name: string }>;
}>;
const fieldsOf = (event: string): string[] =>
  CATALOGUE.find((e) => e.event === event)!
    .fields.map((f) => f.name)
    .sort();
async function eventsFor(type: string, mortgageId: string): Promise<Array<Record<string, unknown>>> {
  const rows = (await t.deps
    .knex('outbox_events')
    .where({ event_type: type })
    .whereRaw(`data->>'mortgage_id' = ?`, [mortgageId])
    .orderBy('created_at')) as Array<{ data: Record<string, unknown> | string }>;
  return rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>);
}
const count = async (table: string) =>
  Number(((await t.deps.knex(table).count('* as n').first()) as { n: number | string }).n);

const P = (i: number) => fixtureId(`property:harbour:${i}`);
const portfolioLoan = fixtureId('mortgage:harbour:0');
const foreign = fixtureId('mortgage:northgate:0');

const newMortgage = {
  lender: 'Seaside Savings',
  reference: 'SS-BTL-0042',
  balance: 250000.55,
  interestRate: 4.125,
  monthlyPayment: 1100.25,
  rateType: 'Fixed',
  productEndDate: '2028-06-30',
  propertyIds: [P(10), P(11)],
};

describe('GET /mortgages', () => {
  it('lists mortgages with linked properties in the order given, and meta', async () => {
    const body = json<Mortgage[]>(await t.api('GET', '/mortgages', KEYS.enterpriseLive));
    expect(body.meta).toEqual({ page: 1, limit: 50, total: 4 });
    expect(body.data[0]).toMatchObject({
      id: portfolioLoan,
      lender: 'Coastal Building Society',
      reference: 'CBS-PF-20418',
      balance: 612000,
      interestRate: 4.89,
      monthlyPayment: 2493.4,
      rateType: 'Fixed',
      status: 'Active',
      propertyIds: [P(0), P(1), P(2)],
    });
    expect(body.data.map((m) => m.status)).toEqual(['Active', 'Active', 'Active', 'Redeemed']);
  });

  it('filters by status, linked property and lender/reference search', async () => {
    const ids = async (query: string) =>
      json<Mortgage[]>(await t.api('GET', `/mortgages?${query}`, KEYS.enterpriseLive)).data.map((m) => m.id);
    expect(await ids('status=Redeemed')).toEqual([fixtureId('mortgage:harbour:3')]);
    expect(await ids(`propertyId=${P(1)}`)).toEqual([portfolioLoan]);
    expect(await ids(`propertyId=${P(30)}`)).toEqual([]);
    expect(await ids('search=mb-btl')).toEqual([fixtureId('mortgage:harbour:1')]);
    expect(await ids('search=northern')).toEqual([fixtureId('mortgage:harbour:2')]);
  });

  it('answers 400 VALIDATION_ERROR for invalid queries; random queries never give a 5xx', async () => {
    for (const query of ['status=Deleted', 'propertyId=1', 'limit=501', 'search=', 'sort=lender']) {
      const res = await t.api('GET', `/mortgages?${query}`, KEYS.enterpriseLive);
      expect([query, res.statusCode, json(res).code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
    const key = fc.constantFrom('page', 'limit', 'status', 'propertyId', 'search', 'y');
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.uuid(),
      fc.constantFrom('Active', 'Pending', 'Redeemed', '%'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 4 }), async (params) => {
        const res = await t.api('GET', `/mortgages?${new URLSearchParams(params).toString()}`, KEYS.enterpriseLive);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode !== 200) expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
      }),
      { numRuns: 60 },
    );
  });
});

describe('mortgage writes', () => {
  it('creates, reads, updates and deletes a mortgage, recording mortgage.* with the catalogue fields', async () => {
    const created = await t.api('POST', '/mortgages', KEYS.enterpriseLive, newMortgage);
    expect(created.statusCode).toBe(201);
    const mortgage = json(created).data;
    expect(mortgage).toMatchObject({ ...newMortgage, status: 'Active', termEndDate: null });
    expect(json(await t.api('GET', `/mortgages/${mortgage.id}`, KEYS.enterpriseLive)).data).toEqual(mortgage);
    const [createdEvent] = await eventsFor('mortgage.created', mortgage.id);
    expect(Object.keys(createdEvent).sort()).toEqual(fieldsOf('mortgage.created'));
    expect(createdEvent).toEqual({
      mortgage_id: mortgage.id,
      lender: 'Seaside Savings',
      reference: 'SS-BTL-0042',
      balance: 250000.55,
      interest_rate: 4.125,
      monthly_payment: 1100.25,
      property_ids: [P(10), P(11)],
      status: 'Active',
    });

    const patched = await t.api('PATCH', `/mortgages/${mortgage.id}`, KEYS.enterpriseLive, {
      balance: 249000,
      propertyIds: [P(12), P(10)],
      status: 'Pending',
    });
    expect(json(patched).data).toMatchObject({
      balance: 249000,
      propertyIds: [P(12), P(10)],
      status: 'Pending',
      lender: 'Seaside Savings',
    });
    const [updatedEvent] = await eventsFor('mortgage.updated', mortgage.id);
    expect(Object.keys(updatedEvent).sort()).toEqual(fieldsOf('mortgage.updated'));
    expect(updatedEvent).toMatchObject({ balance: 249000, property_ids: [P(12), P(10)], status: 'Pending' });
    // Leaving propertyIds out keeps the links.
    expect(
      json(await t.api('PATCH', `/mortgages/${mortgage.id}`, KEYS.enterpriseLive, { interestRate: 3.99 })).data
        .propertyIds,
    ).toEqual([P(12), P(10)]);

    const deleted = await t.api('DELETE', `/mortgages/${mortgage.id}`, KEYS.enterpriseLive);
    expect(json(deleted).data).toEqual({ deleted: true, id: mortgage.id });
    expect((await t.api('GET', `/mortgages/${mortgage.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
    const [deletedEvent] = await eventsFor('mortgage.deleted', mortgage.id);
    expect(Object.keys(deletedEvent).sort()).toEqual(fieldsOf('mortgage.deleted'));
    expect(deletedEvent).toMatchObject({
      mortgage_id: mortgage.id,
      balance: 249000,
      property_ids: [P(12), P(10)],
      status: 'Deleted',
      deleted_at: expect.stringMatching(/T/),
    });
  });

  it('creates a mortgage with no linked property, and unlinks with propertyIds: []', async () => {
    const created = json(
      await t.api('POST', '/mortgages', KEYS.enterpriseLive, {
        lender: 'L',
        reference: 'R',
        balance: 1,
        interestRate: 0,
        monthlyPayment: 0,
      }),
    ).data;
    expect(created).toMatchObject({ propertyIds: [], rateType: null, productEndDate: null, status: 'Active' });
    const linked = json(
      await t.api('PATCH', `/mortgages/${created.id}`, KEYS.enterpriseLive, { propertyIds: [P(5)] }),
    ).data;
    expect(linked.propertyIds).toEqual([P(5)]);
    expect(
      json(await t.api('PATCH', `/mortgages/${created.id}`, KEYS.enterpriseLive, { propertyIds: [] })).data.propertyIds,
    ).toEqual([]);
  });

  it("answers 400 VALIDATION_ERROR for invalid bodies, including properties that are not the landlord's", async () => {
    const cases: Array<[string, string, unknown]> = [
      ['POST', 'missing lender', { ...newMortgage, lender: undefined }],
      ['POST', 'negative balance', { ...newMortgage, balance: -1 }],
      ['POST', 'rate above 100', { ...newMortgage, interestRate: 101 }],
      ['POST', 'balance with 3 decimals', { ...newMortgage, balance: 1.005 }],
      ['POST', 'bad status', { ...newMortgage, status: 'Deleted' }],
      ['POST', 'bad rate type', { ...newMortgage, rateType: 'Magic' }],
      ['POST', 'duplicate property', { ...newMortgage, propertyIds: [P(1), P(1)] }],
      [
        'POST',
        "another landlord's property",
        { ...newMortgage, propertyIds: [P(1), fixtureId('property:northgate:3')] },
      ],
      ['POST', 'unknown key', { ...newMortgage, ltv: 75 }],
      ['PATCH', 'empty body', {}],
      ['PATCH', 'unknown property', { propertyIds: ['00000000-0000-4000-8000-000000000000'] }],
    ];
    for (const [method, label, payload] of cases) {
      const res = await t.api(
        method,
        method === 'POST' ? '/mortgages' : `/mortgages/${portfolioLoan}`,
        KEYS.enterpriseLive,
        payload,
      );
      expect([label, res.statusCode, json(res)]).toEqual([
        label,
        400,
        { error: expect.any(String), code: 'VALIDATION_ERROR' },
      ]);
    }
    expect(json(await t.api('GET', `/mortgages/${portfolioLoan}`, KEYS.enterpriseLive)).data.propertyIds).toEqual([
      P(0),
      P(1),
      P(2),
    ]);
  });
});

describe('sandbox mode', () => {
  it('POST, PATCH and DELETE answer mocks with sandbox: true and write nothing', async () => {
    const before = [await count('mortgages'), await count('mortgage_properties'), await count('outbox_events')];
    const created = await t.api('POST', '/mortgages', KEYS.enterpriseSandbox, newMortgage);
    expect([created.statusCode, json(created).data.sandbox, json(created).data.propertyIds]).toEqual([
      201,
      true,
      newMortgage.propertyIds,
    ]);
    const patched = await t.api('PATCH', `/mortgages/${portfolioLoan}`, KEYS.enterpriseSandbox, {
      propertyIds: [P(9)],
      balance: 1,
    });
    expect(json(patched).data).toMatchObject({ id: portfolioLoan, propertyIds: [P(9)], balance: 1, sandbox: true });
    expect(json(await t.api('DELETE', `/mortgages/${portfolioLoan}`, KEYS.enterpriseSandbox)).data).toEqual({
      deleted: true,
      id: portfolioLoan,
      sandbox: true,
    });
    expect(json(await t.api('GET', `/mortgages/${portfolioLoan}`, KEYS.enterpriseLive)).data).toMatchObject({
      balance: 612000,
      propertyIds: [P(0), P(1), P(2)],
    });
    expect([await count('mortgages'), await count('mortgage_properties'), await count('outbox_events')]).toEqual(
      before,
    );
  });
});

describe('tenant isolation', () => {
  it("answers 404 NOT_FOUND for another landlord's mortgage on every route", async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { balance: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.api(method, `/mortgages/${foreign}`, KEYS.enterpriseLive, payload);
      expect([method, res.statusCode, json(res).code]).toEqual([method, 404, 'NOT_FOUND']);
      expect(json(res).error).toMatch(/Mortgage/);
    }
    expect(
      json<Mortgage[]>(
        await t.api('GET', `/mortgages?propertyId=${fixtureId('property:northgate:0')}`, KEYS.enterpriseLive),
      ).data,
    ).toEqual([]);
    expect(json<Mortgage[]>(await t.api('GET', '/mortgages', KEYS.otherLandlord)).meta!.total).toBe(2);
  });
});
