// The counts the database keeps per landlord, kind and date (migration 20261127000000_list_counts), from which the
// totals of GET /properties, GET /contracts?status= and GET /rent?status= are derived. After any sequence of writes,
// in any statement shape (multi-row inserts and updates, soft deletes and restores, hard deletes, truncate), every
// derived total equals the statuses computed in JavaScript over the rows themselves (contractStatus, rentStatus),
// for dates on both sides of every date the rows hold.
import { randomUUID } from 'node:crypto';
import { fixtureId } from '@ppapi/spec';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { countSums, liveCount, type Scope } from '../src/persistence/models';
import {
  CONTRACT_COUNT_KINDS,
  CONTRACT_STATUSES,
  contractStatus,
  contractStatusTotal,
} from '../src/resources/contracts/status';
import { RENT_COUNT_KINDS, RENT_STATUSES, rentStatus, rentStatusTotal } from '../src/resources/rent/status';
import { addDays } from '../src/platform/time/dates';
import { insertable } from './helpers/insertable';
import { madeIds, pickMade } from './helpers/made-rows';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const LANDLORD = fixtureId('landlord:harbour');
const BASE = '2026-03-10';
/** The dates the totals are asked for: around every date the generated rows use, and far on either side. */
const TODAYS = [-1000, -201, -200, -199, -101, -100, -99, -1, 0, 1, 99, 100, 101, 199, 200, 201, 1000].map((d) =>
  addDays(BASE, d),
);

const scope = (): Scope => ({ landlordId: LANDLORD, db: t.deps.knex });

type Row = Record<string, unknown>;
const dateOf = (value: unknown): string | null =>
  value === null
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : typeof value === 'string'
        ? value.slice(0, 10)
        : JSON.stringify(value);

/** Every derived total that differs from the statuses of the live rows, as [what, today, derived, counted]. */
async function disagreements(): Promise<unknown[]> {
  const knex = t.deps.knex;
  const liveRows = async (table: string): Promise<Row[]> =>
    (await knex(table).where({ landlord_id: LANDLORD }).whereNull('deleted_at')) as Row[];
  const [properties, contracts, rent] = await Promise.all([
    liveRows('properties'),
    liveRows('contracts'),
    liveRows('rent_payments'),
  ]);
  const wrong: unknown[] = [];
  const live = { properties: properties.length, contracts: contracts.length, rent: rent.length };
  for (const [kind, counted] of Object.entries(live) as Array<[keyof typeof live, number]>) {
    const kept = await liveCount(scope(), kind);
    if (kept !== counted) wrong.push([kind, 'any day', kept, counted]);
  }
  for (const today of TODAYS) {
    const contractSums = await countSums(scope(), today, CONTRACT_COUNT_KINDS);
    const statuses = contracts.map((c) =>
      contractStatus(
        { start_date: dateOf(c.start_date)!, end_date: dateOf(c.end_date), notice_served: c.notice_served === true },
        today,
      ),
    );
    for (const status of [undefined, ...CONTRACT_STATUSES]) {
      const counted = status === undefined ? statuses.length : statuses.filter((s) => s === status).length;
      const derived = contractStatusTotal(contractSums, status);
      if (derived !== counted) wrong.push([`contracts ${status ?? 'all'}`, today, derived, counted]);
    }
    const rentSums = await countSums(scope(), today, RENT_COUNT_KINDS);
    const rentStatuses = rent.map((r) =>
      rentStatus({ status: String(r.status), due_date: dateOf(r.due_date)! }, today),
    );
    for (const status of [undefined, ...RENT_STATUSES]) {
      const counted = status === undefined ? rentStatuses.length : rentStatuses.filter((s) => s === status).length;
      const derived = rentStatusTotal(rentSums, status);
      if (derived !== counted) wrong.push([`rent ${status ?? 'all'}`, today, derived, counted]);
    }
  }
  return wrong;
}

// Dates on a coarse grid, so equal dates (and a today equal to one) are likely.
const offset = fc.integer({ min: -2, max: 2 }).map((d) => d * 100);
const endOffset = fc.option(offset, { nil: null });

type Op =
  | { kind: 'insertContracts'; rows: Array<{ start: number; end: number | null; notice: boolean }> }
  | { kind: 'contractDates'; pick: number; start: number; end: number | null }
  | { kind: 'notice'; pick: number; notice: boolean }
  | { kind: 'shiftEnds'; days: number }
  | { kind: 'insertRent'; rows: Array<{ due: number; status: 'Pending' | 'Paid' | 'Overdue' }> }
  | { kind: 'rentStatus'; pick: number; status: 'Pending' | 'Paid' | 'Overdue' }
  | { kind: 'rentDue'; pick: number; due: number }
  | { kind: 'softDelete' | 'restore' | 'delete'; table: 'contracts' | 'rent_payments' | 'properties'; pick: number };

const rentState = fc.constantFrom('Pending' as const, 'Paid' as const, 'Overdue' as const);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('insertContracts' as const),
    rows: fc.array(fc.record({ start: offset, end: endOffset, notice: fc.boolean() }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('contractDates' as const), pick: fc.nat(), start: offset, end: endOffset }),
  fc.record({ kind: fc.constant('notice' as const), pick: fc.nat(), notice: fc.boolean() }),
  fc.record({ kind: fc.constant('shiftEnds' as const), days: fc.constantFrom(-100, 100) }),
  fc.record({
    kind: fc.constant('insertRent' as const),
    rows: fc.array(fc.record({ due: offset, status: rentState }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('rentStatus' as const), pick: fc.nat(), status: rentState }),
  fc.record({ kind: fc.constant('rentDue' as const), pick: fc.nat(), due: offset }),
  fc.record({
    kind: fc.constantFrom('softDelete' as const, 'restore' as const, 'delete' as const),
    table: fc.constantFrom('contracts' as const, 'rent_payments' as const, 'properties' as const),
    pick: fc.nat(),
  }),
);

/** The rows the sequence made (marked by their reference or period), or for properties the copies it made. */
const MARK = 'list-counts-test';

type MadeTable = 'contracts' | 'rent_payments' | 'properties';
const MARKED: Record<MadeTable, string> = {
  contracts: 'tenancy_reference',
  rent_payments: 'period',
  properties: 'address_line2',
};
const made = (knex: Knex, table: MadeTable): Promise<string[]> => madeIds(knex, table, MARKED[table], MARK);

let template: { contract: Row; property: Row };

async function apply(o: Op): Promise<void> {
  const knex = t.deps.knex;
  const { contract, property } = template;
  const one = (table: MadeTable, pick: number): Promise<string> => pickMade(knex, table, MARKED[table], MARK, pick);
  switch (o.kind) {
    case 'insertContracts':
      await knex('contracts').insert(
        o.rows.map((r) => ({
          ...contract,
          id: randomUUID(),
          tenancy_reference: `${MARK}-${randomUUID()}`,
          start_date: addDays(BASE, r.start),
          end_date: r.end === null ? null : addDays(BASE, r.end),
          notice_served: r.notice,
        })),
      );
      return;
    case 'contractDates':
      await knex('contracts')
        .where('id', await one('contracts', o.pick))
        .update({ start_date: addDays(BASE, o.start), end_date: o.end === null ? null : addDays(BASE, o.end) });
      return;
    case 'notice':
      await knex('contracts')
        .where('id', await one('contracts', o.pick))
        .update({ notice_served: o.notice });
      return;
    case 'shiftEnds':
      await knex('contracts')
        .where('tenancy_reference', 'like', `${MARK}%`)
        .whereNotNull('end_date')
        .update({ end_date: knex.raw('end_date + ?::int', [o.days]) });
      return;
    case 'insertRent':
      await knex('rent_payments').insert(
        o.rows.map((r) => ({
          id: randomUUID(),
          landlord_id: LANDLORD,
          contract_id: contract.id,
          property_id: contract.property_id,
          tenant_id: contract.main_tenant_id,
          period: `${MARK}-${randomUUID()}`,
          amount: 100,
          status: r.status,
          due_date: addDays(BASE, r.due),
        })),
      );
      return;
    case 'rentStatus':
      await knex('rent_payments')
        .where('id', await one('rent_payments', o.pick))
        .update({ status: o.status });
      return;
    case 'rentDue':
      await knex('rent_payments')
        .where('id', await one('rent_payments', o.pick))
        .update({ due_date: addDays(BASE, o.due) });
      return;
    case 'softDelete':
      await knex(o.table)
        .where('id', await one(o.table, o.pick))
        .update({ deleted_at: new Date() });
      return;
    case 'restore':
      await knex(o.table)
        .where('id', await one(o.table, o.pick))
        .update({ deleted_at: null });
      return;
    case 'delete':
      if (o.table === 'properties') {
        // A property copy with no rows of its own; inserting one first keeps the hard delete of properties in play.
        await knex('properties').insert({ ...property, id: randomUUID(), address_line2: `${MARK}-${randomUUID()}` });
      }
      // The test's contracts hold no rent (its rent belongs to a fixture contract), so any of them can go.
      await knex(o.table)
        .where('id', await one(o.table, o.pick))
        .delete();
      return;
  }
}

async function removeMade(knex: Knex): Promise<void> {
  await knex('rent_payments').where('period', 'like', `${MARK}%`).delete();
  await knex('contracts').where('tenancy_reference', 'like', `${MARK}%`).delete();
  await knex('properties').where('address_line2', 'like', `${MARK}%`).delete();
}

describe('list counts kept by the database', () => {
  beforeAll(async () => {
    const knex = t.deps.knex;
    const contract = (await knex('contracts')
      .where({ landlord_id: LANDLORD })
      .whereNull('deleted_at')
      .orderBy('id')
      .first()) as Row;
    const property = (await knex('properties')
      .where({ landlord_id: LANDLORD })
      .whereNull('deleted_at')
      .orderBy('id')
      .first()) as Row;
    template = {
      contract: await insertable(knex, 'contracts', contract),
      property: await insertable(knex, 'properties', property),
    };
  });

  it('agree with the rows after the fixtures are loaded', async () => {
    expect(await disagreements()).toEqual([]);
    // Not vacuous: the fixtures' landlord has rows of every counted table.
    const sums = await countSums(scope(), BASE, ['properties', 'contracts', 'rent']);
    expect([sums('properties').all, sums('contracts').all, sums('rent').all].every((n) => n > 0)).toBe(true);
  });

  it('agree with the rows after any sequence of writes (fast-check)', async () => {
    const knex = t.deps.knex;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        await removeMade(knex);
        for (const o of ops) {
          await apply(o);
          expect({ after: o, disagreements: await disagreements() }).toEqual({ after: o, disagreements: [] });
        }
      }),
      { numRuns: 20, seed: 20261127 },
    );
    await removeMade(knex);
  });

  it('agree with the rows after concurrent transactions writing the same dates in different orders', async () => {
    const knex = t.deps.knex;
    const { contract } = template;
    const rentRow = (due: number, status: string) => ({
      id: randomUUID(),
      landlord_id: LANDLORD,
      contract_id: contract.id,
      property_id: contract.property_id,
      tenant_id: contract.main_tenant_id,
      period: `${MARK}-${randomUUID()}`,
      amount: 100,
      status,
      due_date: addDays(BASE, due),
    });
    // Each transaction inserts, then moves its rows across the same dates, in an order of its own. A statement
    // writes its keys sorted, and an insert or delete takes the landlord's undated total first, so the rent writes of
    // one landlord queue there instead of deadlocking: no transaction fails, and no count is lost.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        knex.transaction(async (trx) => {
          const dues = i % 2 === 0 ? [-100, 0, 100] : [100, 0, -100];
          const rows = dues.map((due) => rentRow(due, i % 3 === 0 ? 'Overdue' : 'Pending'));
          await trx('rent_payments').insert(rows);
          await trx('rent_payments')
            .whereIn(
              'id',
              rows.map((r) => r.id),
            )
            .update({ due_date: trx.raw('due_date + ?::int', [i % 2 === 0 ? 100 : -100]) });
          await trx('rent_payments').where('id', rows[0].id).update({ status: 'Paid' });
        }),
      ),
    );
    expect(await disagreements()).toEqual([]);
    expect((await made(knex, 'rent_payments')).length).toBe(60);
    await removeMade(knex);
  });

  it('keep no row once its count is back to zero', async () => {
    const knex = t.deps.knex;
    await apply({ kind: 'insertContracts', rows: [{ start: 0, end: 100, notice: true }] });
    await removeMade(knex);
    expect(Number((await knex('landlord_counts').where('n', 0).count({ n: '*' }))[0].n)).toBe(0);
  });

  it('are rebuilt by refresh_landlord_counts after writes made with triggers off (a bulk load)', async () => {
    const knex = t.deps.knex;
    await knex.transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      await trx('contracts').insert({
        ...template.contract,
        id: randomUUID(),
        tenancy_reference: `${MARK}-bulk`,
        start_date: BASE,
        end_date: null,
        notice_served: false,
      });
    });
    expect((await disagreements()).length).toBeGreaterThan(0);
    await knex.raw('select refresh_landlord_counts(?)', [LANDLORD]);
    expect(await disagreements()).toEqual([]);
    await removeMade(knex);
    expect(await disagreements()).toEqual([]);
  });

  it('a truncate leaves no count of the truncated table', async () => {
    const knex = t.deps.knex;
    await knex.raw('truncate rent_payments cascade');
    expect(await disagreements()).toEqual([]);
    expect((await countSums(scope(), BASE, RENT_COUNT_KINDS))('rent').all).toBe(0);
  });
});
