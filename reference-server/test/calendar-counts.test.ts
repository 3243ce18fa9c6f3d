// GET /events counts its events per date from the counts the database keeps (landlord_counts' calendar kinds) less
// the rows its sources do not show. After any sequence of writes to the calendar's tables (copies, date moves, soft
// deletes and restores, hard deletes, a property's deletion or licence, a certificate's type, an inspection's
// cancellation), those counts equal the counts of the sources' own rows, for windows before, around and after
// today.
import { randomUUID } from 'node:crypto';
import { fixtureId } from '@ppapi/spec';
import fc from 'fast-check';
import type { Knex } from 'knex';
import type { Scope } from '../src/persistence/models';
import { countsByDate, keptCountsByDate, type DateCount } from '../src/resources/calendar/service';
import { CALENDAR_SOURCES } from '../src/resources/calendar/sources';
import { addDays } from '../src/platform/time/dates';
import { insertable } from './helpers/insertable';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const LANDLORD = fixtureId('landlord:harbour');
/** The landlord's scope, on the test's connection or inside a run's transaction. */
const scope = (db: Knex = t.deps.knex): Scope => ({ landlordId: LANDLORD, db });
const today = new Date().toISOString().slice(0, 10);
const WINDOWS = [
  { from: addDays(today, -800), to: addDays(today, 800) },
  { from: addDays(today, -7), to: addDays(today, 90) },
  { from: addDays(today, 1), to: addDays(today, 1) },
];

/** Each table's event date, and what a copy must change to stay unique. */
const TABLES = {
  contracts: { date: 'start_date', unique: { tenancy_reference: () => `CC-${randomUUID()}` } },
  rent_payments: { date: 'due_date', unique: { period: () => `counts-${randomUUID()}` } },
  certificates: { date: 'expiry_date', unique: {} },
  tenants: { date: 'right_to_rent_expiry', unique: { email: () => `${randomUUID()}@counts.example` } },
  property_documents: { date: 'expiry_date', unique: { storage_key: () => `counts/${randomUUID()}` } },
  maintenance_issues: { date: 'due_date', unique: {} },
  inspections: { date: 'inspection_date', unique: {} },
  properties: { date: 'gsc_renewal', unique: {} },
} as const;
type Table = keyof typeof TABLES;

type Op =
  | { kind: 'copy' | 'softDelete' | 'restore'; table: Table; pick: number }
  | { kind: 'date'; table: Table; pick: number; days: number | null }
  | { kind: 'licence'; pick: number; required: boolean }
  | { kind: 'retype'; pick: number; type: 'GSC' | 'EICR' | 'EPC' | 'LANDLORD_LICENCE' }
  | { kind: 'cancel'; pick: number; status: 'scheduled' | 'cancelled' }
  | { kind: 'endDate'; pick: number; days: number | null };

const table = fc.constantFrom(...(Object.keys(TABLES) as Table[]));
const days = fc.option(
  fc.integer({ min: -3, max: 3 }).map((d) => d * 30),
  { nil: null },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('copy' as const, 'softDelete' as const, 'restore' as const),
    table,
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('date' as const), table, pick: fc.nat(), days }),
  fc.record({ kind: fc.constant('licence' as const), pick: fc.nat(), required: fc.boolean() }),
  fc.record({
    kind: fc.constant('retype' as const),
    pick: fc.nat(),
    type: fc.constantFrom('GSC' as const, 'EICR' as const, 'EPC' as const, 'LANDLORD_LICENCE' as const),
  }),
  fc.record({
    kind: fc.constant('cancel' as const),
    pick: fc.nat(),
    status: fc.constantFrom('scheduled' as const, 'cancelled' as const),
  }),
  fc.record({ kind: fc.constant('endDate' as const), pick: fc.nat(), days }),
);

/** Columns that must be non-null: a date op of null on them sets a date instead. */
const REQUIRED_DATES = new Set(['start_date', 'due_date', 'inspection_date', 'expiry_date']);

async function apply(o: Op, knex: Knex): Promise<void> {
  const name: Table =
    o.kind === 'licence'
      ? 'properties'
      : o.kind === 'retype'
        ? 'certificates'
        : o.kind === 'cancel'
          ? 'inspections'
          : o.kind === 'endDate'
            ? 'contracts'
            : o.table;
  const rows = (await knex(name).where('landlord_id', LANDLORD).orderBy('id').select('*')) as Array<
    Record<string, unknown>
  >;
  const row = rows[o.pick % rows.length];
  const where = knex(name).where('id', row.id as string);
  switch (o.kind) {
    case 'copy': {
      const unique = Object.fromEntries(
        Object.entries(TABLES[name].unique).map(([column, value]) => [column, value()]),
      );
      await knex(name).insert({ ...(await insertable(knex, name, row)), id: randomUUID(), ...unique });
      return;
    }
    case 'softDelete':
      await where.update({ deleted_at: new Date() });
      return;
    case 'restore':
      await where.update({ deleted_at: null });
      return;
    case 'date': {
      const column = TABLES[name].date;
      await where.update({
        [column]: o.days === null && !REQUIRED_DATES.has(column) ? null : addDays(today, o.days ?? 0),
      });
      return;
    }
    case 'licence':
      await where.update({ licence_required: o.required });
      return;
    case 'retype':
      await where.update({ type: o.type });
      return;
    case 'cancel':
      await where.update({ status: o.status });
      return;
    case 'endDate':
      await where.update({ end_date: o.days === null ? null : addDays(today, o.days) });
      return;
  }
}

async function disagreements(db: Knex = t.deps.knex): Promise<unknown[]> {
  const wrong: unknown[] = [];
  for (const window of WINDOWS) {
    const query = { scope: scope(db), window };
    const [kept, counted] = await Promise.all([
      keptCountsByDate(scope(db), CALENDAR_SOURCES, query),
      countsByDate(scope(db), CALENDAR_SOURCES, query),
    ]);
    if (JSON.stringify(kept) !== JSON.stringify(counted)) wrong.push({ window, kept, counted });
  }
  return wrong;
}

describe('calendar counts kept by the database', () => {
  it('agree with the sources after the fixtures are loaded, and are not vacuous', async () => {
    expect(await disagreements()).toEqual([]);
    const counts = await keptCountsByDate(scope(), CALENDAR_SOURCES, { scope: scope(), window: WINDOWS[0] });
    // Events of most sources are in the wide window.
    expect(new Set(counts.flatMap((c) => [...c.sources])).size).toBeGreaterThanOrEqual(6);
  });

  it('agree with the sources after any sequence of writes (fast-check)', async () => {
    // Each run in a transaction rolled back after it: every run starts from the fixtures, so a counterexample
    // reproduces alone (the kept counts are written by triggers in the same transaction).
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const trx = await t.deps.knex.transaction();
        try {
          for (const o of ops) {
            await apply(o, trx);
            const wrong = await disagreements(trx);
            expect({ after: o, wrong: wrong.length }).toEqual({ after: o, wrong: 0 });
          }
        } finally {
          await trx.rollback();
        }
      }),
      { numRuns: 30, seed: 20261127 },
    );
  });

  it('leave out every event of a soft-deleted property, and count them again on its restore', async () => {
    const knex = t.deps.knex;
    const window = WINDOWS[0];
    const property = await knex('properties')
      .where({ landlord_id: LANDLORD })
      .whereNull('deleted_at')
      .orderBy('id')
      .first<{ id: string }>('id');
    await knex('maintenance_issues').insert({
      id: randomUUID(),
      landlord_id: LANDLORD,
      property_id: property.id,
      title: 'Counted',
      description: 'x',
      priority: 'low',
      status: 'open',
      category: 'general',
      due_date: addDays(today, 5),
    });
    const total = (counts: readonly DateCount[]) => counts.reduce((sum, c) => sum + c.count, 0);
    const all = total(await keptCountsByDate(scope(), CALENDAR_SOURCES, { scope: scope(), window }));
    // A tenant's right-to-rent event stays whatever its property (the tenants source's rule).
    const ofProperty = CALENDAR_SOURCES.filter((s) => s.name !== 'tenants');
    const own = total(await countsByDate(scope(), ofProperty, { scope: scope(), window, propertyId: property.id }));
    expect(own).toBeGreaterThan(0);
    await knex('properties').where('id', property.id).update({ deleted_at: new Date() });
    expect(total(await keptCountsByDate(scope(), CALENDAR_SOURCES, { scope: scope(), window }))).toBe(all - own);
    expect(await disagreements()).toEqual([]);
    await knex('properties').where('id', property.id).update({ deleted_at: null });
    expect(total(await keptCountsByDate(scope(), CALENDAR_SOURCES, { scope: scope(), window }))).toBe(all);
  });
});
