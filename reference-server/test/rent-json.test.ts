// A rent list page is JSON text PostgreSQL builds (presenter.ts rentJsonSql, from the field table's jsonSql): for
// any payment the table can hold (amounts to the cent up to the column's maximum, received or not, every status,
// dates on both sides of today, timestamps with microseconds, periods of any characters), that text parses to
// exactly the view presentRent gives of the same row read through the model.
import { randomUUID } from 'node:crypto';
import { fixtureId } from '@ppapi/spec';
import fc from 'fast-check';
import { RentPayment } from '../src/persistence/models';
import { addDays } from '../src/platform/time/dates';
import { presentRent, rentJsonSql } from '../src/resources/rent/presenter';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const LANDLORD = fixtureId('landlord:harbour');
const TODAY = '2026-11-28';

const cents = fc.integer({ min: 1, max: 999_999_999_999 }).map((c) => (c / 100).toFixed(2));
const day = fc.integer({ min: -800, max: 800 }).map((d) => addDays(TODAY, d));
/** A timestamptz literal with microseconds, between the years 1000 and 9999. */
const instant = fc
  .record({
    ms: fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }),
    micros: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ ms, micros }) => `${new Date(ms).toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}Z`);

const payment = fc.record({
  amount: cents,
  received: fc.option(fc.oneof(fc.constant('0.00'), cents), { nil: null }),
  status: fc.constantFrom('Pending', 'Paid', 'Overdue'),
  due: day,
  paid: fc.option(day, { nil: null }),
  start: fc.option(day, { nil: null }),
  end: fc.option(day, { nil: null }),
  created: instant,
  updated: instant,
  period: fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map((s) => s.replace(/\u0000/g, '')),
});

describe('a rent list page as JSON text built by PostgreSQL', () => {
  it('parses to the view presentRent gives of the same row', async () => {
    const knex = t.deps.knex;
    const contract = (await knex('contracts').where({ landlord_id: LANDLORD }).whereNull('deleted_at').first()) as {
      id: string;
      property_id: string;
      main_tenant_id: string;
    };
    await fc.assert(
      fc.asyncProperty(payment, day, async (p, today) => {
        const id = randomUUID();
        await knex('rent_payments').insert({
          id,
          landlord_id: LANDLORD,
          contract_id: contract.id,
          property_id: contract.property_id,
          tenant_id: contract.main_tenant_id,
          // Unique per contract: the payment's own id keeps generated periods apart.
          period: `${p.period} ${id}`,
          amount: p.amount,
          amount_received: p.received,
          status: p.status,
          due_date: p.due,
          date_paid: p.paid,
          period_start: p.start,
          period_end: p.end,
          created_at: knex.raw('?::timestamptz', [p.created]),
          updated_at: knex.raw('?::timestamptz', [p.updated]),
        });
        try {
          const row = await RentPayment.query(knex).findById(id);
          const [text] = await RentPayment.query(knex)
            .where('id', id)
            .select(rentJsonSql(knex, 'rent_payments', today).wrap('(', ')::text as json'))
            .toKnexQuery<{ json: string }>();
          if (!row || !text) throw new Error(`payment ${id} was not read back`);
          expect(JSON.parse(text.json)).toStrictEqual(presentRent(row, today));
        } finally {
          await knex('rent_payments').where({ id }).delete();
        }
      }),
      { seed: 20261128, numRuns: 300 },
    );
  }, 120_000);
});
