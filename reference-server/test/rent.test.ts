// Rent payments: GET /rent (filters, derived Overdue), GET /rent/{id}, POST /rent rules 1-5, PATCH /rent/{id},
// events, sandbox and tenant isolation. Runs on PGlite, or PostgreSQL + Redis when DATABASE_URL/REDIS_URL are set.
import fc from 'fast-check';
import { hashKey } from '../src/platform/auth/keys';
import { ManualClock } from '../src/platform/clock';
import { harbour, northgate } from './helpers/invoice-mail';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

// Mid-June, in British Summer Time: 23:30 UTC is already tomorrow in Europe/London (the landlord's zone).
const START = new Date('2030-06-14T23:30:00Z');
const UTC_TODAY = '2030-06-14';
const LONDON_TODAY = '2030-06-15';

interface Rent {
  id: string;
  propertyId: string;
  tenantId: string;
  contractId: string;
  period: string;
  amount: number;
  status: string;
  amountReceived: number;
  datePaid: string | null;
  dueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  createdAt: string;
  updatedAt: string;
  sandbox?: boolean;
}
type Json = { data: Rent; error?: string; code?: string };
type ListJson = { data: Rent[]; meta: { page: number; limit: number; total: number } };

let t: TestServer;
let clock: ManualClock;
const json = <T = Json>(res: { payload: string }): T => JSON.parse(res.payload) as T;
const outbox = async (type: string, rentId: string) =>
  await t.deps
    .knex('outbox_events')
    .where({ event_type: type })
    .whereRaw<Array<{ status: string; data: Record<string, unknown> }>>(`data->>'rent_payment_id' = ?`, [rentId]);
const countRent = async (): Promise<number> =>
  Number(((await t.deps.knex('rent_payments').count('* as n').first()) as { n: string | number }).n);

beforeAll(async () => {
  clock = new ManualClock(START);
  t = await startTestServer({ clock });
  // This file makes ~90 writes within seconds (Redis counts real time); the per-key limit is not under test here.
  await t.deps
    .knex('api_keys')
    .where({ key_hash: hashKey(KEYS.enterpriseLive) })
    .update({ rate_limits: JSON.stringify({ writesPerMinute: 1000 }) });
});
afterAll(async () => {
  await t.stop();
});

/** A valid create body on Harbour property i's contract. */
const newPayment = (i: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  propertyId: harbour.property(i),
  tenantId: harbour.tenant(i),
  contractId: harbour.contract(i),
  period: `Test ${Math.random().toString(36).slice(2, 10)}`,
  amount: 950.5,
  dueDate: '2030-07-01',
  ...extra,
});

describe('GET /rent', () => {
  it("lists the landlord's payments with meta, 50 by default", async () => {
    const res = await t.api('GET', '/rent', KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    const body = json<ListJson>(res);
    expect(body.meta).toEqual({ page: 1, limit: 50, total: expect.any(Number) });
    expect(body.meta.total).toBeGreaterThan(50);
    expect(body.data).toHaveLength(50);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    // Most recent due date first.
    const dues = body.data.map((r) => r.dueDate);
    expect([...dues].sort().reverse()).toEqual(dues);
  });

  it('pages without overlap and filters by contractId', async () => {
    const page1 = json<ListJson>(await t.api('GET', '/rent?limit=7&page=1', KEYS.enterpriseLive));
    const page2 = json<ListJson>(await t.api('GET', '/rent?limit=7&page=2', KEYS.enterpriseLive));
    expect(new Set([...page1.data, ...page2.data].map((r) => r.id)).size).toBe(14);
    const byContract = json<ListJson>(
      await t.api('GET', `/rent?contractId=${harbour.contract(0)}`, KEYS.enterpriseLive),
    );
    expect(byContract.meta.total).toBe(4);
    expect(byContract.data.every((r) => r.contractId === harbour.contract(0))).toBe(true);
  });

  it('reads a first page in order at once and a later one through its ids: together the first rows', async () => {
    const statements: string[] = [];
    const record = (query: { sql: string }): void => {
      // The page's rows, each read as the JSON text of its view.
      if (/^select \(json_build_object\(/.test(query.sql)) statements.push(query.sql);
    };
    t.deps.knex.on('query', record);
    let pages: Rent[][];
    try {
      pages = await Promise.all(
        ['/rent?limit=5&page=1', '/rent?limit=5&page=2', '/rent?limit=10'].map(
          async (path) => json<ListJson>(await t.api('GET', path, KEYS.enterpriseLive)).data,
        ),
      );
    } finally {
      t.deps.knex.off('query', record);
    }
    // The first page skips nothing: no walk of ids before it. A later page walks its offset on the ids alone.
    expect(statements.map((sql) => /"rent_payments"\.id = any\(array\(/.test(sql)).sort()).toEqual([
      false,
      false,
      true,
    ]);
    expect([...pages[0], ...pages[1]].map((r) => r.id)).toEqual(pages[2].map((r) => r.id));
    expect(pages[2]).toHaveLength(10);
  });

  it('filters by status with the same rule the items show, and the three statuses partition the list', async () => {
    const all = json<ListJson>(await t.api('GET', '/rent?limit=500', KEYS.enterpriseLive));
    let sum = 0;
    for (const status of ['Paid', 'Pending', 'Overdue']) {
      const res = json<ListJson>(await t.api('GET', `/rent?status=${status}&limit=500`, KEYS.enterpriseLive));
      expect(res.data.every((r) => r.status === status)).toBe(true);
      expect(res.meta.total).toBe(all.data.filter((r) => r.status === status).length);
      sum += res.meta.total;
    }
    expect(sum).toBe(all.meta.total);
  });

  it.each([
    ['limit above 500', 'limit=501'],
    ['limit 0', 'limit=0'],
    ['page 0', 'page=0'],
    ['unknown status', 'status=Late'],
    ['lower-case status', 'status=paid'],
    ['contractId not a uuid', 'contractId=abc'],
    ['unknown parameter', 'propertyId=x'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_name, query) => {
    const res = await t.api('GET', `/rent?${query}`, KEYS.enterpriseLive);
    expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('never answers 5xx to random queries; invalid ones get the 400 envelope', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -5, max: 600 }).map(String),
      fc.constantFrom('Paid', 'Pending', 'Overdue', harbour.contract(1)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('page', 'limit', 'status', 'contractId', 'other'), value, { maxKeys: 4 }),
        async (query) => {
          const qs = new URLSearchParams(query).toString();
          const res = await t.api('GET', `/rent?${qs}`, KEYS.enterpriseReadOnly);
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400)
            expect(json(res)).toEqual({ error: expect.any(String), code: 'VALIDATION_ERROR' });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("shows only the landlord's own payments", async () => {
    const other = json<ListJson>(await t.api('GET', `/rent?contractId=${northgate.contract(0)}`, KEYS.enterpriseLive));
    expect(other.meta.total).toBe(0);
    const theirs = json<ListJson>(await t.api('GET', `/rent?contractId=${northgate.contract(0)}`, KEYS.otherLandlord));
    expect(theirs.meta.total).toBeGreaterThan(0);
  });

  it('is readable with Portfolio and read-only keys', async () => {
    expect((await t.api('GET', '/rent?limit=1', KEYS.portfolioLive)).statusCode).toBe(200);
    expect((await t.api('GET', '/rent?limit=1', KEYS.enterpriseReadOnly)).statusCode).toBe(200);
  });
});

describe('GET /rent/{id}', () => {
  it('returns one payment', async () => {
    const res = await t.api('GET', `/rent/${harbour.rent(0, -2)}`, KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      id: harbour.rent(0, -2),
      contractId: harbour.contract(0),
      status: 'Paid',
      propertyId: harbour.property(0),
    });
  });

  it("answers 404 NOT_FOUND naming the kind for unknown and other landlords' ids, 400 for a malformed id", async () => {
    for (const id of ['3f1c2a4e-0000-4000-8000-000000000000', northgate.rent(0, -2)]) {
      const res = await t.api('GET', `/rent/${id}`, KEYS.enterpriseLive);
      expect([res.statusCode, json(res).code]).toEqual([404, 'NOT_FOUND']);
      expect(json(res).error).toMatch(/Rent payment/);
    }
    expect(json(await t.api('GET', '/rent/not-a-uuid', KEYS.enterpriseLive)).code).toBe('VALIDATION_ERROR');
  });
});

describe("Overdue (derived at read time from the landlord's local date)", () => {
  it('a Pending payment turns Overdue the day after its due date, in detail, list and filter; paying it makes it Paid', async () => {
    // Due on the landlord's "today": Pending. One day later: Overdue.
    const created = json(await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(1, { dueDate: LONDON_TODAY })));
    expect(created.data.status).toBe('Pending');
    const inFilter = async (status: string) =>
      json<ListJson>(
        await t.api('GET', `/rent?status=${status}&contractId=${harbour.contract(1)}&limit=500`, KEYS.enterpriseLive),
      ).data.some((r) => r.id === created.data.id);
    expect(await inFilter('Pending')).toBe(true);
    clock.advance(24 * 3600 * 1000);
    try {
      expect(json(await t.api('GET', `/rent/${created.data.id}`, KEYS.enterpriseLive)).data.status).toBe('Overdue');
      expect(await inFilter('Overdue')).toBe(true);
      expect(await inFilter('Pending')).toBe(false);
      const paid = json(await t.api('PATCH', `/rent/${created.data.id}`, KEYS.enterpriseLive, { status: 'Paid' }));
      expect(paid.data.status).toBe('Paid');
      expect(await inFilter('Paid')).toBe(true);
    } finally {
      clock.set(START);
    }
  });

  it('a payment marked Overdue stays Overdue until paid; moving its due date does not clear it', async () => {
    const created = json(
      await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(1, { status: 'Overdue', dueDate: '2030-12-01' })),
    );
    expect(created.data.status).toBe('Overdue');
    const back = json(await t.api('PATCH', `/rent/${created.data.id}`, KEYS.enterpriseLive, { status: 'Pending' }));
    expect(back.data.status).toBe('Pending');
  });
});

describe('POST /rent', () => {
  it("creates a payment: 201 with every field, and records rent.created (pending) with the catalogue's data", async () => {
    const body = newPayment(0, { periodStart: '2030-07-01', periodEnd: '2030-07-31' });
    const res = await t.api('POST', '/rent', KEYS.enterpriseLive, body);
    expect(res.statusCode).toBe(201);
    const rent = json(res).data;
    expect(rent).toEqual({
      id: expect.any(String),
      propertyId: body.propertyId,
      tenantId: body.tenantId,
      contractId: body.contractId,
      period: body.period,
      amount: 950.5,
      status: 'Pending',
      amountReceived: 0,
      datePaid: null,
      dueDate: '2030-07-01',
      periodStart: '2030-07-01',
      periodEnd: '2030-07-31',
      createdAt: START.toISOString(),
      updatedAt: START.toISOString(),
    });
    expect(json(await t.api('GET', `/rent/${rent.id}`, KEYS.enterpriseLive)).data).toEqual(rent);
    const events = await outbox('rent.created', rent.id);
    expect(events).toHaveLength(1);
    expect(events[0].status).toBe('pending');
    expect(events[0].data).toEqual({
      rent_payment_id: rent.id,
      contract_id: rent.contractId,
      property_id: rent.propertyId,
      tenant_id: rent.tenantId,
      amount: 950.5,
      due_date: '2030-07-01',
      status: 'Pending',
      period: rent.period,
    });
  });

  it('rule 3: normalizes the period (trim, collapse internal whitespace) before the uniqueness check (rule 4: 409 CONFLICT)', async () => {
    const first = await t.api(
      'POST',
      '/rent',
      KEYS.enterpriseLive,
      newPayment(2, { period: '  Rent \t for\n\nJuly   2030 ' }),
    );
    expect(first.statusCode).toBe(201);
    expect(json(first).data.period).toBe('Rent for July 2030');
    for (const variant of ['Rent for July 2030', 'Rent  for July 2030', '\u00a0Rent for\tJuly 2030']) {
      const dup = await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(2, { period: variant }));
      expect([dup.statusCode, json(dup).code]).toEqual([409, 'CONFLICT']);
    }
    // The same period on another contract is fine; case matters (periods are labels, not parsed).
    expect(
      (await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(3, { period: 'Rent for July 2030' }))).statusCode,
    ).toBe(201);
    expect(
      (await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(2, { period: 'rent for july 2030' }))).statusCode,
    ).toBe(201);
  });

  it('rule 4 against the fixture: the existing period of a contract conflicts', async () => {
    const existing = json(await t.api('GET', `/rent/${harbour.rent(4, -2)}`, KEYS.enterpriseLive)).data;
    const res = await t.api(
      'POST',
      '/rent',
      KEYS.enterpriseLive,
      newPayment(4, { period: ` ${existing.period.replace(' ', '   ')} ` }),
    );
    expect([res.statusCode, json(res).code]).toEqual([409, 'CONFLICT']);
  });

  it('rule 4 under concurrency: 20 identical creates give exactly one 201 and nineteen 409 CONFLICT (the database decides)', async () => {
    const body = newPayment(6);
    const before = await countRent();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.api('POST', '/rent', KEYS.enterpriseLive, body)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(results.filter((r) => r.statusCode === 409).every((r) => json(r).code === 'CONFLICT')).toBe(true);
    expect(await countRent()).toBe(before + 1);
    expect(
      await t.deps
        .knex('outbox_events')
        .where({ event_type: 'rent.created' })
        .whereRaw(`data->>'period' = ?`, [body.period as string]),
    ).toHaveLength(1);
  });

  it("rule 5: Paid without amountReceived receives the amount; without datePaid it is today in UTC (not the landlord's date)", async () => {
    const res = json(
      await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(0, { status: 'Paid', amount: 1234.56 })),
    );
    expect(res.data).toMatchObject({ status: 'Paid', amountReceived: 1234.56, datePaid: UTC_TODAY });
    expect(UTC_TODAY).not.toBe(LONDON_TODAY);
    const explicit = json(
      await t.api(
        'POST',
        '/rent',
        KEYS.enterpriseLive,
        newPayment(0, { status: 'Paid', amount: 800, amountReceived: 750, datePaid: '2030-06-01' }),
      ),
    );
    expect(explicit.data).toMatchObject({ status: 'Paid', amountReceived: 750, datePaid: '2030-06-01' });
    const pending = json(
      await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(0, { status: 'Pending', amountReceived: 100 })),
    );
    expect(pending.data).toMatchObject({ status: 'Pending', amountReceived: 100, datePaid: null });
  });

  it('rule 2: accepts the main tenant or an additional tenant of the contract', async () => {
    // Property 2 has two additional tenants.
    const res = await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(2, { tenantId: harbour.tenant(2, 2) }));
    expect(res.statusCode).toBe(201);
    expect(json(res).data.tenantId).toBe(harbour.tenant(2, 2));
  });

  it.each([
    ['a property of another contract', { propertyId: harbour.property(1) }],
    ['a tenant of another contract', { tenantId: harbour.tenant(1) }],
    ['an unknown contract', { contractId: '3f1c2a4e-0000-4000-8000-000000000000' }],
    ["another landlord's contract", { contractId: northgate.contract(0) }],
    [
      "another landlord's contract with its property and tenant",
      { contractId: northgate.contract(0), propertyId: northgate.property(0), tenantId: northgate.tenant(0) },
    ],
    ["another landlord's tenant", { tenantId: northgate.tenant(0) }],
  ])('rule 2: answers 400 VALIDATION_ERROR for %s, writing nothing', async (_name, override) => {
    const before = await countRent();
    const res = await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(0, override));
    expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(await countRent()).toBe(before);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a missing amount', { amount: undefined }],
    ['a negative amount', { amount: -1 }],
    ['a zero amount', { amount: 0 }],
    ['three decimals', { amount: 10.005 }],
    ['an unknown status', { status: 'Late' }],
    ['an invalid due date', { dueDate: '2030-02-30' }],
    ['a blank period', { period: ' \t ' }],
    ['a period too long', { period: 'x'.repeat(101) }],
    ['a window ending before it starts', { periodStart: '2030-07-31', periodEnd: '2030-07-01' }],
    ['an unknown field', { note: 'hi' }],
    ['a contractId that is not a uuid', { contractId: 'c-1' }],
  ])('answers 400 VALIDATION_ERROR for %s', async (_name, override) => {
    const payload =
      override === undefined ? undefined : Object.keys(override).length === 0 ? {} : newPayment(0, override);
    const res = await t.api('POST', '/rent', KEYS.enterpriseLive, payload);
    expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('never answers 5xx to random bodies (sandbox, so nothing is written): 201, 400 VALIDATION_ERROR or 409 CONFLICT', async () => {
    const field = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 8 }),
      fc.double({ min: -10, max: 1e11, noNaN: true }),
      fc.integer({ min: -3, max: 5000 }),
      fc.constantFrom(
        null,
        true,
        [],
        {},
        'Paid',
        'Pending',
        'Overdue',
        '2030-07-01',
        '2030-02-30',
        harbour.contract(0),
        harbour.property(0),
        harbour.tenant(0),
      ),
    );
    const body = fc.record(
      {
        propertyId: fc.oneof(field, fc.constant(harbour.property(0))),
        tenantId: fc.oneof(field, fc.constant(harbour.tenant(0))),
        contractId: fc.oneof(field, fc.constant(harbour.contract(0))),
        period: fc.oneof(field, fc.string({ minLength: 1, maxLength: 120 })),
        amount: field,
        status: field,
        amountReceived: field,
        datePaid: field,
        dueDate: fc.oneof(field, fc.constant('2030-07-01')),
        periodStart: field,
        periodEnd: field,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await t.api('POST', '/rent', KEYS.enterpriseSandbox, JSON.parse(JSON.stringify(payload)) as object);
        expect([201, 400, 409]).toContain(res.statusCode);
        if (res.statusCode >= 400)
          expect(json(res)).toEqual({
            error: expect.any(String),
            code: res.statusCode === 400 ? 'VALIDATION_ERROR' : 'CONFLICT',
          });
        else expect(json(res).data.sandbox).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('rule 1: needs Enterprise and a read_write key', async () => {
    const ro = await t.api('POST', '/rent', KEYS.enterpriseReadOnly, newPayment(0));
    expect([ro.statusCode, json(ro).code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const portfolio = await t.api('POST', '/rent', KEYS.portfolioLive, newPayment(0));
    expect([portfolio.statusCode, json(portfolio).code]).toEqual([403, 'WRITE_REQUIRES_ENTERPRISE']);
  });

  it.each([
    ['a sandbox key', KEYS.enterpriseSandbox, {}],
    ['X-Service-Mode: sandbox with a live key', KEYS.enterpriseLive, { 'x-service-mode': 'sandbox' }],
  ])(
    'rule 1: in sandbox mode (%s) answers a mock with sandbox: true and writes nothing',
    async (_name, key, headers) => {
      const before = await countRent();
      const events = Number(((await t.deps.knex('outbox_events').count('* as n').first()) as { n: string }).n);
      const body = newPayment(0, { status: 'Paid' });
      const res = await t.api('POST', '/rent', key, body, headers);
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-service-mode']).toBe('sandbox');
      expect(json(res).data).toMatchObject({
        sandbox: true,
        period: body.period,
        status: 'Paid',
        amountReceived: 950.5,
        datePaid: UTC_TODAY,
      });
      expect(await countRent()).toBe(before);
      expect(Number(((await t.deps.knex('outbox_events').count('* as n').first()) as { n: string }).n)).toBe(events);
      expect((await t.api('GET', `/rent/${json(res).data.id}`, KEYS.enterpriseLive)).statusCode).toBe(404);
      // The mock is what a live call would answer, conflicts and validation included.
      const dup = await t.api(
        'POST',
        '/rent',
        key,
        newPayment(4, {
          period: json(await t.api('GET', `/rent/${harbour.rent(4, -2)}`, KEYS.enterpriseLive)).data.period,
        }),
        headers,
      );
      expect([dup.statusCode, json(dup).code]).toEqual([409, 'CONFLICT']);
    },
  );
});

describe('PATCH /rent/{id}', () => {
  const create = async (extra: Record<string, unknown> = {}): Promise<Rent> =>
    json(await t.api('POST', '/rent', KEYS.enterpriseLive, newPayment(5, extra))).data;

  it('reconciles Pending → Paid with amountReceived and datePaid, and records rent.updated', async () => {
    const rent = await create();
    clock.advance(60_000);
    try {
      const res = await t.api('PATCH', `/rent/${rent.id}`, KEYS.enterpriseLive, {
        status: 'Paid',
        amountReceived: 900,
        datePaid: '2030-06-10',
      });
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({
        ...rent,
        status: 'Paid',
        amountReceived: 900,
        datePaid: '2030-06-10',
        updatedAt: new Date(START.getTime() + 60_000).toISOString(),
      });
      const events = await outbox('rent.updated', rent.id);
      expect(events.map((e) => e.data)).toEqual([
        {
          rent_payment_id: rent.id,
          contract_id: rent.contractId,
          property_id: rent.propertyId,
          tenant_id: rent.tenantId,
          amount: rent.amount,
          due_date: rent.dueDate,
          status: 'Paid',
          period: rent.period,
          date_paid: '2030-06-10',
          amount_received: 900,
        },
      ]);
    } finally {
      clock.set(START);
    }
  });

  it('applies the Paid defaults when reconciling with status alone', async () => {
    const rent = await create({ amount: 700 });
    const res = json(await t.api('PATCH', `/rent/${rent.id}`, KEYS.enterpriseLive, { status: 'Paid' }));
    expect(res.data).toMatchObject({ status: 'Paid', amountReceived: 700, datePaid: UTC_TODAY });
  });

  it('updates the due date, period window and period; a period taken on the contract is 409 CONFLICT', async () => {
    const rent = await create();
    const res = json(
      await t.api('PATCH', `/rent/${rent.id}`, KEYS.enterpriseLive, {
        dueDate: '2030-08-01',
        periodStart: '2030-08-01',
        periodEnd: '2030-08-31',
        period: '  August   2030 (adjusted) ',
      }),
    );
    expect(res.data).toMatchObject({
      dueDate: '2030-08-01',
      periodStart: '2030-08-01',
      periodEnd: '2030-08-31',
      period: 'August 2030 (adjusted)',
    });
    const other = await create();
    const clash = await t.api('PATCH', `/rent/${other.id}`, KEYS.enterpriseLive, { period: 'August 2030 (adjusted)' });
    expect([clash.statusCode, json(clash).code]).toEqual([409, 'CONFLICT']);
    const window = await t.api('PATCH', `/rent/${rent.id}`, KEYS.enterpriseLive, { periodEnd: '2030-07-01' });
    expect([window.statusCode, json(window).code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it.each([
    ['amount', { amount: 1 }],
    ['contractId', { contractId: harbour.contract(1) }],
    ['propertyId', { propertyId: harbour.property(1) }],
    ['tenantId', { tenantId: harbour.tenant(1) }],
    ['no field', {}],
    ['an unknown field', { note: 'x' }],
    ['an invalid status', { status: 'Late' }],
  ])('answers 400 VALIDATION_ERROR for %s and changes nothing', async (_name, body) => {
    const rent = await create();
    const res = await t.api('PATCH', `/rent/${rent.id}`, KEYS.enterpriseLive, body);
    expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(json(await t.api('GET', `/rent/${rent.id}`, KEYS.enterpriseLive)).data).toEqual(rent);
  });

  it("answers 404 for unknown and other landlords' payments; 403 for read-only and Portfolio keys", async () => {
    for (const id of ['3f1c2a4e-0000-4000-8000-000000000000', northgate.rent(0, -2)]) {
      const res = await t.api('PATCH', `/rent/${id}`, KEYS.enterpriseLive, { status: 'Paid' });
      expect([res.statusCode, json(res).code]).toEqual([404, 'NOT_FOUND']);
    }
    expect(
      json(await t.api('PATCH', `/rent/${harbour.rent(0, 0)}`, KEYS.enterpriseReadOnly, { status: 'Paid' })).code,
    ).toBe('INSUFFICIENT_SCOPE');
    expect(json(await t.api('PATCH', `/rent/${harbour.rent(0, 0)}`, KEYS.portfolioLive, { status: 'Paid' })).code).toBe(
      'WRITE_REQUIRES_ENTERPRISE',
    );
  });

  it.each([
    ['a sandbox key', KEYS.enterpriseSandbox, {}],
    ['X-Service-Mode: sandbox', KEYS.enterpriseLive, { 'x-service-mode': 'sandbox' }],
  ])('sandbox (%s) returns a synthetic updated payment without updating anything', async (_name, key, headers) => {
    const rent = await create();
    const res = await t.api('PATCH', `/rent/${rent.id}`, key, { status: 'Paid', amountReceived: 10 }, headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ id: rent.id, status: 'Paid', amountReceived: 10, sandbox: true });
    expect(json(await t.api('GET', `/rent/${rent.id}`, KEYS.enterpriseLive)).data).toEqual(rent);
    expect(await outbox('rent.updated', rent.id)).toHaveLength(0);
    const foreign = await t.api('PATCH', `/rent/${northgate.rent(0, -2)}`, key, { status: 'Paid' }, headers);
    expect(foreign.statusCode).toBe(404);
  });
});
