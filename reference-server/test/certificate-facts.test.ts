// The certificate facts the database keeps (migrations 20261126000000 and 20261126000200): certificates.superseded,
// properties.held_<type>, and the latest certificate's expiry (latest_expiry_<type>) and EPC rating and score. After any sequence of writes, in any statement shape (multi-row inserts, updates of
// expiry, type or property, soft deletes and restores, hard deletes, truncate), the stored facts equal the facts
// recomputed from the rows: the calendar and the compliance reads that trust them see what a full scan would.
import { randomUUID } from 'node:crypto';
import { fixtureId } from '@ppapi/spec';
import fc from 'fast-check';
import { addDays } from '../src/platform/time/dates';
import { startTestServer, type TestServer } from './helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

const TYPES = ['GSC', 'EICR', 'EPC', 'LANDLORD_LICENCE'] as const;
const LANDLORD = fixtureId('landlord:harbour');
const PROPERTIES = [1, 2, 3].map((i) => fixtureId(`property:harbour:${i}`));
const BASE = '2026-03-10';

/** Rows whose stored fact differs from the fact recomputed from scratch (the definitions the reads relied on before). */
async function disagreements(): Promise<unknown[]> {
  const knex = t.deps.knex;
  const certificates = await knex.raw<{ rows: unknown[] }>(`
    select c.id, c.superseded from certificates c
    where c.deleted_at is null and c.superseded <> exists (
      select 1 from certificates n where n.property_id = c.property_id and n.type = c.type and n.deleted_at is null
        and (n.expiry_date > c.expiry_date or (n.expiry_date = c.expiry_date and n.id > c.id)))`);
  const properties = await knex.raw<{ rows: unknown[] }>(`
    select p.id from properties p
    where ${TYPES.map((type) => `p.held_${type.toLowerCase()} <> exists (select 1 from certificates c where c.property_id = p.id and c.type = '${type}' and c.deleted_at is null)`).join(' or ')}`);
  // The latest live certificate of each type (later expiry, then higher id): its expiry, and the EPC's rating and score.
  const latest = (type: string, column: string) =>
    `(select c.${column} from certificates c where c.property_id = p.id and c.type = '${type}' and c.deleted_at is null order by c.expiry_date desc, c.id desc limit 1)`;
  const latestFacts = await knex.raw<{ rows: unknown[] }>(`
    select p.id, 'latest' as fact from properties p
    where ${TYPES.map((type) => `p.latest_expiry_${type.toLowerCase()} is distinct from ${latest(type, 'expiry_date')}`).join(' or ')}
      or p.latest_epc_rating is distinct from ${latest('EPC', 'epc_rating')}
      or p.latest_epc_score is distinct from ${latest('EPC', 'epc_score')}`);
  return [...certificates.rows, ...properties.rows, ...latestFacts.rows];
}

type Op =
  | { kind: 'insert'; rows: Array<{ property: number; type: number; days: number }> }
  | { kind: 'expiry'; pick: number; days: number }
  | { kind: 'retype'; pick: number; type: number }
  | { kind: 'move'; pick: number; property: number }
  | { kind: 'softDelete'; pick: number }
  | { kind: 'restore'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'rating'; pick: number; rating: string | null; score: number | null };

const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
const days = fc.integer({ min: -3, max: 3 }).map((d) => d * 100); // equal expiries are likely: the id tie-break matters
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    rows: fc.array(fc.record({ property: index(3), type: index(4), days }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('expiry' as const), pick: fc.nat(), days }),
  fc.record({ kind: fc.constant('retype' as const), pick: fc.nat(), type: index(4) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), property: index(3) }),
  fc.record({ kind: fc.constant('softDelete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('rating' as const),
    pick: fc.nat(),
    rating: fc.constantFrom('A', 'C', 'F', null),
    score: fc.option(fc.integer({ min: 1, max: 100 })),
  }),
);

async function apply(o: Op): Promise<void> {
  const knex = t.deps.knex;
  const ids = (
    await knex('certificates').whereIn('property_id', PROPERTIES).orderBy('id').select<Array<{ id: string }>>('id')
  ).map((r) => r.id);
  const picked = ids.length === 0 || o.kind === 'insert' ? undefined : ids[o.pick % ids.length];
  const where = knex('certificates').where('id', picked ?? '00000000-0000-4000-8000-000000000000');
  switch (o.kind) {
    case 'insert':
      await knex('certificates').insert(
        o.rows.map((r) => ({
          id: randomUUID(),
          landlord_id: LANDLORD,
          property_id: PROPERTIES[r.property],
          type: TYPES[r.type],
          issued_date: BASE,
          expiry_date: addDays(BASE, r.days),
          epc_rating: TYPES[r.type] === 'EPC' ? 'D' : null,
          epc_score: TYPES[r.type] === 'EPC' ? 60 + r.days / 100 : null,
        })),
      );
      return;
    case 'expiry':
      await where.update({ expiry_date: addDays(BASE, o.days) });
      return;
    case 'retype':
      await where.update({ type: TYPES[o.type] });
      return;
    case 'move':
      await where.update({ property_id: PROPERTIES[o.property] });
      return;
    case 'softDelete':
      await where.update({ deleted_at: new Date() });
      return;
    case 'restore':
      await where.update({ deleted_at: null });
      return;
    case 'delete':
      await where.delete();
      return;
    case 'rating':
      await where.update({ epc_rating: o.rating, epc_score: o.score });
      return;
  }
}

describe('certificate facts kept by the database', () => {
  it('agree with the certificates after the fixtures are loaded', async () => {
    expect(await disagreements()).toEqual([]);
    // Not vacuous: the fixtures' properties hold certificates.
    expect(Number((await t.deps.knex('properties').where('held_gsc', true).count({ n: '*' }))[0].n)).toBeGreaterThan(0);
  });

  it('agree with the certificates after any sequence of writes (fast-check)', async () => {
    const knex = t.deps.knex;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await knex('certificates').whereIn('property_id', PROPERTIES).delete();
        for (const o of ops) {
          await apply(o);
          expect({ after: o, disagreements: await disagreements() }).toEqual({ after: o, disagreements: [] });
        }
      }),
      { numRuns: 25 },
    );
  });

  it('refreshes for writes made by another trigger, not only at the top level', async () => {
    const knex = t.deps.knex;
    await knex('certificates').whereIn('property_id', PROPERTIES).delete();
    await knex.raw(`create table certificate_feed (property_id uuid, expiry date)`);
    await knex.raw(`create function certificate_feed_insert() returns trigger language plpgsql as $$ begin
      insert into certificates (id, landlord_id, property_id, type, issued_date, expiry_date) values (gen_random_uuid(), '${LANDLORD}', new.property_id, 'EICR', new.expiry, new.expiry);
      return null; end $$`);
    await knex.raw(
      'create trigger certificate_feed_insert after insert on certificate_feed for each row execute function certificate_feed_insert()',
    );
    try {
      await knex('certificate_feed').insert([
        { property_id: PROPERTIES[1], expiry: BASE },
        { property_id: PROPERTIES[1], expiry: addDays(BASE, 1) },
      ]);
      expect(await disagreements()).toEqual([]);
      expect(
        (await knex('properties').where('id', PROPERTIES[1]).first<{ held_eicr: boolean }>('held_eicr')).held_eicr,
      ).toBe(true);
    } finally {
      await knex.raw('drop table certificate_feed');
      await knex.raw('drop function certificate_feed_insert()');
    }
  });

  it('a truncate leaves no property holding a certificate', async () => {
    const knex = t.deps.knex;
    await knex('certificates').insert({
      id: randomUUID(),
      landlord_id: LANDLORD,
      property_id: PROPERTIES[0],
      type: 'GSC',
      issued_date: BASE,
      expiry_date: BASE,
    });
    expect(
      (await knex('properties').where('id', PROPERTIES[0]).first<{ held_gsc: boolean }>('held_gsc')).held_gsc,
    ).toBe(true);
    await knex.raw('truncate certificates');
    expect(await disagreements()).toEqual([]);
    expect(
      (await knex('properties').where('id', PROPERTIES[0]).first<{ held_gsc: boolean }>('held_gsc')).held_gsc,
    ).toBe(false);
  });
});
