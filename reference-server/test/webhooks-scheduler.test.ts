// The date-driven events on a ManualClock: rent.due_soon (3 days ahead), rent.overdue (day after the due
// date), contract.expiring (60 and 30 days ahead), contract.ended (day after the end date, 30-day catch-up),
// each once per occurrence, in the landlord's time zone, for landlords who can receive webhooks only.
import { randomUUID } from 'node:crypto';
import { ManualClock } from '../src/platform/clock';
import { hashKey } from '../src/platform/auth/keys';
import { runWrite } from '../src/platform/sandbox/unit-of-work';
import { eventDataProblems } from '../src/webhooks/catalogue/build';
import type { EventType } from '../src/webhooks/event-types';
import { recordOnce } from '../src/webhooks/scheduler/scheduler';
import { ADMIN_TOKEN, KEYS, startTestServer, type TestServer } from './helpers/server';
import { startTestReceiver, type TestReceiver } from './helpers/webhook-test-receiver';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let t: TestServer;
let receiver: TestReceiver;
let landlord: string;
let professional: string;
let other: string;

interface Seeded {
  property: string;
  tenant: string;
}

async function seedProperty(landlordId: string, name: string): Promise<Seeded> {
  const property = randomUUID();
  const tenant = randomUUID();
  await t.deps.knex('properties').insert({
    id: property,
    landlord_id: landlordId,
    short_name: name,
    address_line1: `1 ${name}`,
    city: 'Bath',
    postcode: 'BA1 1AA',
    property_type: 'Flat',
  });
  await t.deps.knex('tenants').insert({
    id: tenant,
    landlord_id: landlordId,
    property_id: property,
    first_name: 'Sam',
    last_name: 'Lee',
    email: 'sam@example.com',
  });
  return { property, tenant };
}

async function seedContract(
  landlordId: string,
  s: Seeded,
  start: string,
  end: string | null,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID();
  await t.deps.knex('contracts').insert({
    id,
    landlord_id: landlordId,
    property_id: s.property,
    main_tenant_id: s.tenant,
    tenancy_reference: `REF-${id.slice(0, 6)}`,
    start_date: start,
    end_date: end,
    rent_amount: 1000,
    ...extra,
  });
  return id;
}

async function seedPayment(
  landlordId: string,
  s: Seeded,
  contract: string,
  due: string,
  status: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID();
  await t.deps.knex('rent_payments').insert({
    id,
    landlord_id: landlordId,
    contract_id: contract,
    property_id: s.property,
    tenant_id: s.tenant,
    period: `P-${id.slice(0, 8)}`,
    amount: 1000,
    status,
    due_date: due,
    ...extra,
  });
  return id;
}

const eventsFor = async (sourceId: string): Promise<Array<{ type: EventType; data: Record<string, unknown> }>> => {
  const rows = await t.deps
    .knex('scheduled_events as s')
    .join('outbox_events as o', 'o.id', 's.outbox_event_id')
    .where('s.source_id', sourceId)
    .orderBy('o.created_at')
    .select<Array<{ event_type: EventType; data: Record<string, unknown> | string }>>('o.event_type', 'o.data');
  return rows.map((r) => ({
    type: r.event_type,
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
  }));
};

beforeAll(async () => {
  t = await startTestServer({ clock });
  receiver = await startTestReceiver();
  const id = async (role: keyof typeof KEYS) =>
    (
      await t.deps.knex('api_keys').where('key_hash', hashKey(KEYS[role])).first<{
        landlord_id: string;
      }>('landlord_id')
    ).landlord_id;
  landlord = await id('enterpriseLive');
  professional = await id('professional');
  other = await id('otherLandlord');
  // The fixture portfolio's own dates fire on the first pass; start each test from a clean slate.
  await t.deps.webhooks.runScheduler();
});

afterAll(async () => {
  await t?.deps.webhooks.discardQueue();
  await receiver?.close();
  await t?.stop();
});

describe('rent', () => {
  it('rent.due_soon fires once, 3 days ahead, for a Pending payment; rent.overdue the day after the due date', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const s = await seedProperty(landlord, 'Rent Row');
    const contract = await seedContract(landlord, s, '2025-01-01', null);
    const payment = await seedPayment(landlord, s, contract, '2026-03-06', 'Pending');

    await t.deps.webhooks.runScheduler();
    expect(await eventsFor(payment)).toEqual([]); // 4 days ahead: not yet

    clock.set(new Date('2026-03-03T06:00:00Z'));
    await t.deps.webhooks.runScheduler();
    await t.deps.webhooks.runScheduler();
    let events = await eventsFor(payment);
    expect(events.map((e) => e.type)).toEqual(['rent.due_soon']);
    expect(events[0].data).toEqual({
      rent_payment_id: payment,
      contract_id: contract,
      property_id: s.property,
      property_name: 'Rent Row',
      amount: 1000,
      due_date: '2026-03-06',
      days_until_due: 3,
    });

    clock.set(new Date('2026-03-06T12:00:00Z')); // due today: neither
    await t.deps.webhooks.runScheduler();
    expect((await eventsFor(payment)).map((e) => e.type)).toEqual(['rent.due_soon']);

    clock.set(new Date('2026-03-09T12:00:00Z'));
    await t.deps.webhooks.runScheduler();
    await t.deps.webhooks.runScheduler();
    events = await eventsFor(payment);
    expect(events.map((e) => e.type)).toEqual(['rent.due_soon', 'rent.overdue']);
    expect(events[1].data).toMatchObject({ rent_payment_id: payment, due_date: '2026-03-06', days_overdue: 3 });
    for (const e of events) expect(eventDataProblems(e.type, e.data)).toEqual([]);
  });

  it('nothing for Paid or deleted payments; Overdue status counts as unpaid; a moved due date is a new occurrence', async () => {
    clock.set(new Date('2026-04-01T09:00:00Z'));
    const s = await seedProperty(landlord, 'Paid Place');
    const contract = await seedContract(landlord, s, '2025-01-01', null);
    const paid = await seedPayment(landlord, s, contract, '2026-03-20', 'Paid', {
      amount_received: 1000,
      date_paid: '2026-03-20',
    });
    const deleted = await seedPayment(landlord, s, contract, '2026-03-21', 'Pending', { deleted_at: clock.now() });
    const overdue = await seedPayment(landlord, s, contract, '2026-03-22', 'Overdue');
    await t.deps.webhooks.runScheduler();
    expect(await eventsFor(paid)).toEqual([]);
    expect(await eventsFor(deleted)).toEqual([]);
    expect((await eventsFor(overdue)).map((e) => [e.type, e.data.days_overdue])).toEqual([['rent.overdue', 10]]);

    await t.deps.knex('rent_payments').where({ id: overdue }).update({ due_date: '2026-03-29', status: 'Pending' });
    await t.deps.webhooks.runScheduler();
    expect((await eventsFor(overdue)).map((e) => [e.type, e.data.due_date])).toEqual([
      ['rent.overdue', '2026-03-22'],
      ['rent.overdue', '2026-03-29'],
    ]);
  });
});

describe('contracts', () => {
  it('contract.expiring at 60 and 30 days, then contract.ended the day after the end date, each once', async () => {
    clock.set(new Date('2026-05-01T09:00:00Z'));
    const s = await seedProperty(landlord, 'Lease End');
    const contract = await seedContract(landlord, s, '2025-07-01', '2026-06-30');
    await t.deps.webhooks.runScheduler();
    await t.deps.webhooks.runScheduler();
    let events = await eventsFor(contract);
    expect(events.map((e) => [e.type, e.data.days_until_expiry])).toEqual([['contract.expiring', 60]]);
    expect(events[0].data).toEqual({
      contract_id: contract,
      property_id: s.property,
      property_name: 'Lease End',
      end_date: '2026-06-30',
      days_until_expiry: 60,
    });

    clock.set(new Date('2026-05-20T09:00:00Z'));
    await t.deps.webhooks.runScheduler();
    expect(await eventsFor(contract)).toHaveLength(1);

    clock.set(new Date('2026-05-31T09:00:00Z'));
    await t.deps.webhooks.runScheduler();
    events = await eventsFor(contract);
    expect(events.map((e) => [e.type, e.data.days_until_expiry])).toEqual([
      ['contract.expiring', 60],
      ['contract.expiring', 30],
    ]);

    clock.set(new Date('2026-06-30T09:00:00Z')); // the last day: still not Ended
    await t.deps.webhooks.runScheduler();
    expect(await eventsFor(contract)).toHaveLength(2);

    clock.set(new Date('2026-07-01T09:00:00Z'));
    await t.deps.webhooks.runScheduler();
    await t.deps.webhooks.runScheduler();
    events = await eventsFor(contract);
    expect(events.map((e) => e.type)).toEqual(['contract.expiring', 'contract.expiring', 'contract.ended']);
    expect(events[2].data).toEqual({
      contract_id: contract,
      property_id: s.property,
      property_name: 'Lease End',
      status: 'Ended',
      start_date: '2025-07-01',
      end_date: '2026-06-30',
    });
  });

  it('a contract first seen inside 30 days gets only the 30-day notice; ended long ago, deleted or open-ended: nothing', async () => {
    clock.set(new Date('2026-08-01T09:00:00Z'));
    const s = await seedProperty(landlord, 'Short Notice');
    const soon = await seedContract(landlord, s, '2025-08-01', '2026-08-15');
    const longAgo = await seedContract(landlord, s, '2024-01-01', '2026-06-01');
    const deleted = await seedContract(landlord, s, '2025-01-01', '2026-07-30', { deleted_at: clock.now() });
    const open = await seedContract(landlord, s, '2025-01-01', null);
    const notice = await seedContract(landlord, s, '2025-01-01', '2026-07-25', { notice_served: true });
    await t.deps.webhooks.runScheduler();
    expect((await eventsFor(soon)).map((e) => [e.type, e.data.days_until_expiry])).toEqual([['contract.expiring', 14]]);
    expect(await eventsFor(longAgo)).toEqual([]);
    expect(await eventsFor(deleted)).toEqual([]);
    expect(await eventsFor(open)).toEqual([]);
    expect((await eventsFor(notice)).map((e) => e.type)).toEqual(['contract.ended']);
  });
});

describe('landlords', () => {
  it("uses the landlord's local date", async () => {
    await t.deps.knex('landlords').where({ id: other }).update({ timezone: 'Pacific/Auckland' });
    clock.set(new Date('2026-09-10T12:30:00Z')); // already 11 September in Auckland
    const s = await seedProperty(other, 'Kiwi Flat');
    const contract = await seedContract(other, s, '2025-01-01', null);
    const auckland = await seedPayment(other, s, contract, '2026-09-10', 'Pending');
    const ls = await seedProperty(landlord, 'London Flat');
    const london = await seedPayment(
      landlord,
      ls,
      await seedContract(landlord, ls, '2025-01-01', null),
      '2026-09-10',
      'Pending',
    );
    await t.deps.webhooks.runScheduler();
    expect((await eventsFor(auckland)).map((e) => [e.type, e.data.days_overdue])).toEqual([['rent.overdue', 1]]);
    expect(await eventsFor(london)).toEqual([]);
    await t.deps.knex('landlords').where({ id: other }).update({ timezone: 'Europe/London' });
  });

  it('records nothing for landlords who cannot receive webhooks (Professional)', async () => {
    clock.set(new Date('2026-10-10T09:00:00Z'));
    const s = await seedProperty(professional, 'Pro Place');
    const payment = await seedPayment(
      professional,
      s,
      await seedContract(professional, s, '2025-01-01', null),
      '2026-10-01',
      'Pending',
    );
    await t.deps.webhooks.runScheduler();
    expect(await eventsFor(payment)).toEqual([]);
    expect(await t.deps.knex('outbox_events').where({ landlord_id: professional })).toEqual([]);
  });

  it('concurrent passes (two workers) still record each occurrence once', async () => {
    clock.set(new Date('2026-11-10T09:00:00Z'));
    const s = await seedProperty(landlord, 'Race Road');
    const contract = await seedContract(landlord, s, '2025-01-01', null);
    const payments = await Promise.all(
      ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-12'].map((d) =>
        seedPayment(landlord, s, contract, d, 'Pending'),
      ),
    );
    const second = t.deps.webhooks.fork({ backend: 'embedded' });
    await Promise.all([t.deps.webhooks.runScheduler(), second.runScheduler(), second.scheduler.runOnce()]);
    for (const p of payments) expect(await eventsFor(p)).toHaveLength(1);
  });
});

describe('delivery of scheduled events', () => {
  it('reach a subscribed receiver like any other event', async () => {
    clock.set(new Date('2026-12-10T09:00:00Z'));
    const res = await t.inject({
      method: 'POST',
      url: `/dashboard/api/landlords/${landlord}/webhooks`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { url: receiver.url, events: ['rent.overdue', 'rent.due_soon', 'contract.expiring', 'contract.ended'] },
    });
    expect(res.statusCode).toBe(201);
    await t.deps.webhooks.runDue(); // whatever earlier passes left pending
    receiver.hits.length = 0;
    const s = await seedProperty(landlord, 'Delivery Drive');
    const contract = await seedContract(landlord, s, '2025-12-01', '2027-01-20');
    const payment = await seedPayment(landlord, s, contract, '2026-12-12', 'Pending');
    await t.deps.webhooks.runScheduler();
    await t.deps.webhooks.runDue();
    const mine = receiver.hits.filter((h) => h.json.data.property_id === s.property);
    expect(mine.map((h) => [h.json.event, h.json.data.rent_payment_id ?? h.json.data.contract_id]).sort()).toEqual(
      [
        ['contract.expiring', contract],
        ['rent.due_soon', payment],
      ].sort(),
    );
    clock.advance(3 * DAY);
  });

  it('recordOnce inside a sandbox write leaves neither the key nor the event', async () => {
    const source = randomUUID();
    await runWrite(t.deps, landlord, true, (ctx) =>
      recordOnce(ctx, {
        type: 'contract.ended',
        sourceId: source,
        occurrence: '2026-01-01',
        data: {
          contract_id: source,
          property_id: source,
          property_name: 'x',
          status: 'Ended',
          start_date: '2025-01-01',
          end_date: '2026-01-01',
        },
      }),
    );
    expect(await t.deps.knex('scheduled_events').where({ source_id: source })).toEqual([]);
  });
});
