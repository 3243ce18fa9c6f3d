// The compliance summary the database keeps per landlord and date (migration 20261129000000_kept_compliance_summary).
// After any sequence of writes to what the summary reads (properties, their certificates, contracts: inserts,
// updates, soft deletes and restores, hard deletes), and across days, every GET /compliance/summary answers exactly
// the summary computed afresh from the rows for that date, and the body it kept is the one it answered. A body kept
// from data older than the landlord's current version, for another date or by other code is never served.
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { fixtureId } from '@ppapi/spec';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { keepSummaryBody, keptSummaryBody, type Scope } from '../src/persistence/models';
import { ManualClock } from '../src/platform/clock';
import { addDays } from '../src/platform/time/dates';
import { complianceSummaryRow } from '../src/resources/compliance/repository';
import { complianceSummaryEnvelope } from '../src/resources/compliance/schemas';
import { SUMMARY_FORMAT, summaryBodyOf } from '../src/resources/compliance/summary';
import { insertable } from './helpers/insertable';
import { madeIds, pickMade } from './helpers/made-rows';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

// Noon UTC: the landlord's local date (Europe/London) is the UTC date, however many whole days the clock moves.
const T0 = new Date('2026-03-10T12:00:00.000Z');
const BASE = '2026-03-10';
const DAY_MS = 86_400_000;
const LANDLORD = fixtureId('landlord:harbour');
const MARK = 'kept-summary-test';
const TYPES = ['GSC', 'EICR', 'EPC', 'LANDLORD_LICENCE'] as const;

let t: TestServer;
let clock: ManualClock;
let days = 0;
beforeAll(async () => {
  clock = new ManualClock(T0);
  t = await startTestServer({ clock });
});
afterAll(async () => {
  await t.stop();
});

const scope = (): Scope => ({ landlordId: LANDLORD, db: t.deps.knex });
const today = (): string => addDays(BASE, days);

/**
 * The body after `generatedAt` of the summary GET /compliance/summary answers now; with `acceptEncoding`, asked
 * with that header, and then inflated when it answers gzip.
 */
async function served(acceptEncoding?: string): Promise<string> {
  const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const res = await t.api('GET', '/compliance/summary', KEYS.enterpriseLive, undefined, headers);
  expect([res.statusCode, res.payload.slice(0, 200)]).toEqual([200, expect.any(String)]);
  // The bytes sent, whatever the encoding, are exactly the length announced; a client may cache either encoding.
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  expect(res.headers.vary).toMatch(/accept-encoding/i);
  const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.payload;
  // The route streams its bytes, which hapi does not validate: the schema is held here.
  await complianceSummaryEnvelope.validateAsync(JSON.parse(text), { abortEarly: false });
  const prefix = /^\{"data":\{"generatedAt":"[^"]+",/.exec(text);
  expect(prefix).not.toBeNull();
  return text.slice(prefix![0].length);
}

/** The same, computed from the rows now, never read from what is kept. */
async function computed(): Promise<string> {
  return summaryBodyOf(await complianceSummaryRow(scope(), today()));
}

type Row = Record<string, unknown>;
let template: { contract: Row; property: Row };

// Dates around the severity bounds (30, 60, 90 days) and the day moves below, so a day changes outcomes.
const offset = fc.constantFrom(-2, -1, 0, 1, 2, 29, 30, 31, 60, 61, 90, 91, 400);
type Made = 'properties' | 'contracts' | 'certificates';
const MARKED: Record<Exclude<Made, 'certificates'>, string> = {
  properties: 'address_line2',
  contracts: 'tenancy_reference',
};

type Op =
  | { kind: 'insertProperties'; rows: Array<{ name: string; maintenance: boolean; licence: boolean; renewal: number }> }
  | { kind: 'propertyFlags'; pick: number; maintenance: boolean; licence: boolean }
  | { kind: 'rename'; pick: number; name: string }
  | { kind: 'renewal'; pick: number; renewal: number | null }
  | { kind: 'insertCertificate'; pick: number; type: number; expiry: number; score: number | null }
  | { kind: 'insertContract'; pick: number; start: number; end: number | null }
  | { kind: 'contractDates'; pick: number; start: number; end: number | null }
  | { kind: 'softDelete' | 'restore' | 'delete'; table: Made; pick: number }
  | { kind: 'nextDay' }
  | { kind: 'nothing' };

const name = fc.constantFrom('Alpha', 'alpha', 'Zulu "Z"', 'Élan');
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('insertProperties' as const),
    rows: fc.array(fc.record({ name, maintenance: fc.boolean(), licence: fc.boolean(), renewal: offset }), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
  fc.record({
    kind: fc.constant('propertyFlags' as const),
    pick: fc.nat(),
    maintenance: fc.boolean(),
    licence: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name }),
  fc.record({ kind: fc.constant('renewal' as const), pick: fc.nat(), renewal: fc.option(offset, { nil: null }) }),
  fc.record({
    kind: fc.constant('insertCertificate' as const),
    pick: fc.nat(),
    type: fc.integer({ min: 0, max: 3 }),
    expiry: offset,
    score: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('insertContract' as const),
    pick: fc.nat(),
    start: offset,
    end: fc.option(offset, { nil: null }),
  }),
  fc.record({
    kind: fc.constant('contractDates' as const),
    pick: fc.nat(),
    start: offset,
    end: fc.option(offset, { nil: null }),
  }),
  fc.record({
    kind: fc.constantFrom('softDelete' as const, 'restore' as const, 'delete' as const),
    table: fc.constantFrom('properties' as const, 'contracts' as const, 'certificates' as const),
    pick: fc.nat(),
  }),
  fc.constant({ kind: 'nextDay' as const }),
  fc.constant({ kind: 'nothing' as const }),
);

/** The properties this test made, by their marked second address line. */
const madeProperties = (knex: Knex): Knex.QueryBuilder =>
  knex('properties').where('address_line2', 'like', `${MARK}%`).select('id');

/** The picked row of those this test made (certificates: those of its properties), or an id no row has. */
async function one(table: Made, pick: number): Promise<string> {
  const knex = t.deps.knex;
  if (table !== 'certificates') return pickMade(knex, table, MARKED[table], MARK, pick);
  const ids = (
    await knex('certificates')
      .whereIn('property_id', madeProperties(knex))
      .orderBy('id')
      .select<Array<{ id: string }>>('id')
  ).map((r) => r.id);
  return ids.length === 0 ? NONE : ids[pick % ids.length];
}
const NONE = '00000000-0000-4000-8000-000000000000';
const marked = (): string => `${MARK}-${randomUUID()}`;
const on = (d: number): string => addDays(today(), d);

async function apply(o: Op): Promise<void> {
  const knex = t.deps.knex;
  switch (o.kind) {
    case 'insertProperties':
      await knex('properties').insert(
        o.rows.map((r) => ({
          ...template.property,
          id: randomUUID(),
          address_line2: marked(),
          short_name: r.name,
          maintenance: r.maintenance,
          licence_required: r.licence,
          gsc_renewal: on(r.renewal),
        })),
      );
      return;
    case 'propertyFlags':
      await knex('properties')
        .where('id', await one('properties', o.pick))
        .update({ maintenance: o.maintenance, licence_required: o.licence });
      return;
    case 'rename':
      await knex('properties')
        .where('id', await one('properties', o.pick))
        .update({ short_name: o.name });
      return;
    case 'renewal':
      await knex('properties')
        .where('id', await one('properties', o.pick))
        .update({ eicr_renewal: o.renewal === null ? null : on(o.renewal) });
      return;
    case 'insertCertificate': {
      const type = TYPES[o.type];
      const property = await one('properties', o.pick);
      if (property === NONE) return; // no property of this test's yet
      await knex('certificates').insert({
        id: randomUUID(),
        landlord_id: LANDLORD,
        property_id: property,
        type,
        issued_date: on(o.expiry - 365),
        expiry_date: on(o.expiry),
        epc_rating: type === 'EPC' ? 'D' : null,
        epc_score: type === 'EPC' ? o.score : null,
      });
      return;
    }
    case 'insertContract': {
      const property = await one('properties', o.pick);
      if (property === NONE) return;
      await knex('contracts').insert({
        ...template.contract,
        id: randomUUID(),
        property_id: property,
        tenancy_reference: marked(),
        start_date: on(o.start),
        end_date: o.end === null ? null : on(o.end),
        notice_served: false,
      });
      return;
    }
    case 'contractDates':
      await knex('contracts')
        .where('id', await one('contracts', o.pick))
        .update({ start_date: on(o.start), end_date: o.end === null ? null : on(o.end) });
      return;
    case 'softDelete':
    case 'restore':
      await knex(o.table)
        .where('id', await one(o.table, o.pick))
        .update({ deleted_at: o.kind === 'softDelete' ? new Date() : null });
      return;
    case 'delete': {
      const id = await one(o.table, o.pick);
      // A property's own rows go first (its certificates and contracts are this test's only).
      if (o.table === 'properties') {
        await knex('certificates').where('property_id', id).delete();
        await knex('contracts').where('property_id', id).delete();
      }
      await knex(o.table).where('id', id).delete();
      return;
    }
    case 'nextDay':
      clock.advance(DAY_MS);
      days += 1;
      return;
    case 'nothing':
      return;
  }
}

async function removeMade(knex: Knex): Promise<void> {
  await knex('certificates').whereIn('property_id', madeProperties(knex)).delete();
  await knex('contracts').where('tenancy_reference', 'like', `${MARK}%`).delete();
  await knex('properties').where('address_line2', 'like', `${MARK}%`).delete();
}

describe('compliance summary kept by the database', () => {
  beforeAll(async () => {
    const knex = t.deps.knex;
    const first = (table: string): Promise<Row> =>
      knex(table).where({ landlord_id: LANDLORD }).whereNull('deleted_at').orderBy('id').first() as Promise<Row>;
    template = {
      contract: await insertable(knex, 'contracts', await first('contracts')),
      property: await insertable(knex, 'properties', await first('properties')),
    };
  });

  it('answers the summary computed afresh after any sequence of writes and days, and keeps it (fast-check)', async () => {
    const knex = t.deps.knex;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        await removeMade(knex);
        // A summary is kept before the first write, so each write below must move it aside.
        await served();
        for (const o of ops) {
          await apply(o);
          const expected = await computed();
          expect({ after: o, served: await served() }).toEqual({ after: o, served: expected });
          // Not vacuous: the body just answered is the one kept, and the next request reads it.
          expect((await keptSummaryBody(scope(), today(), SUMMARY_FORMAT))?.body).toBe(expected);
        }
      }),
      {
        numRuns: 25,
        seed: 20261129,
        // Each source of change at least once, whatever the generator draws: a contract making a property
        // Occupied and its end making it Vacant, a certificate, a property flag, a new day.
        examples: [
          [
            [
              { kind: 'insertProperties', rows: [{ name: 'Alpha', maintenance: false, licence: true, renewal: 31 }] },
              { kind: 'insertContract', pick: 0, start: -2, end: null },
              { kind: 'contractDates', pick: 0, start: -2, end: -1 },
              { kind: 'insertCertificate', pick: 0, type: 0, expiry: 30, score: null },
              { kind: 'propertyFlags', pick: 0, maintenance: true, licence: false },
              { kind: 'nextDay' },
            ],
          ],
        ],
      },
    );
    await removeMade(knex);
    expect(await madeIds(knex, 'properties', MARKED.properties, MARK)).toEqual([]);
  });

  it('never answers a body computed from data a write has since changed (a write during the computation)', async () => {
    const knex = t.deps.knex;
    await apply({ kind: 'insertProperties', rows: [{ name: 'Race', maintenance: false, licence: false, renewal: 0 }] });
    // The computation reads its rows and the version in one snapshot; a write commits before the body is kept.
    const before = await complianceSummaryRow(scope(), today());
    await apply({ kind: 'propertyFlags', pick: 0, maintenance: true, licence: true });
    await keepSummaryBody(
      scope(),
      { today: today(), version: before.version, format: SUMMARY_FORMAT },
      summaryBodyOf(before),
    );
    const expected = await computed();
    expect(expected).not.toBe(summaryBodyOf(before));
    expect(await served()).toBe(expected);
    await removeMade(knex);
  });

  it('never answers a body kept for another date or built by other code; answers the one kept for its key', async () => {
    // A statement writing a property moves the version, so the process's copy (labelled with the last version) is
    // set aside and the kept row decides.
    const moved = async (): Promise<number> => {
      await t.deps
        .knex('properties')
        .where({ landlord_id: LANDLORD })
        .update({ short_name: t.deps.knex.ref('short_name') });
      return (await complianceSummaryRow(scope(), today())).version;
    };
    // A body the schema accepts, told apart by its property count.
    const stale = (await computed()).replace(
      /"propertyCount":(\d+)/,
      (_, n: string) => `"propertyCount":${Number(n) + 1}`,
    );
    let version = await moved();
    await keepSummaryBody(scope(), { today: addDays(today(), -1), version, format: SUMMARY_FORMAT }, stale);
    expect(await served()).toBe(await computed());
    version = await moved();
    await keepSummaryBody(scope(), { today: today(), version, format: 'another release' }, stale);
    expect(await served()).toBe(await computed());
    // The control: the same body kept for this date, version and format is what is answered (by this process,
    // which had no copy for the version, or by any other).
    version = await moved();
    await keepSummaryBody(scope(), { today: today(), version, format: SUMMARY_FORMAT }, stale);
    expect(await served()).toBe(stale);
    // And then from the process's copy, while the version stays.
    await t.deps.knex('compliance_summaries').delete();
    expect(await served()).toBe(stale);
    await moved();
    expect(await served()).toBe(await computed());
  });

  it('computes the summary once for requests arriving together with nothing kept (single flight)', async () => {
    const knex = t.deps.knex;
    // A write moves the version: no copy in the process and no body in the database is of it.
    await apply({
      kind: 'insertProperties',
      rows: [{ name: 'Flight', maintenance: false, licence: true, renewal: 1 }],
    });
    const keeps: string[] = [];
    const count = (query: { sql: string }): void => {
      if (/^\s*insert into compliance_summaries/.test(query.sql)) keeps.push(query.sql);
    };
    knex.on('query', count);
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => served()));
      expect(new Set(answers)).toEqual(new Set([await computed()]));
      expect(keeps).toHaveLength(1);
    } finally {
      knex.off('query', count);
    }
    await removeMade(knex);
  });

  it('answers a client preferring gzip the kept body compressed once, with its length; others as they ask', async () => {
    const knex = t.deps.knex;
    await apply({
      kind: 'insertProperties',
      rows: [{ name: 'Zipped', maintenance: true, licence: false, renewal: 2 }],
    });
    const expected = await computed();
    // The first gzip answer compresses the copy, the next ones reuse it; after a write, a new copy is compressed.
    for (const encoding of ['gzip, deflate, br', 'gzip', 'identity', 'deflate;q=0.5, gzip;q=1']) {
      const res = await t.api('GET', '/compliance/summary', KEYS.enterpriseLive, undefined, {
        'accept-encoding': encoding,
      });
      expect([encoding, res.headers['content-encoding']]).toEqual([
        encoding,
        encoding === 'identity' ? undefined : 'gzip',
      ]);
      expect(await served(encoding)).toBe(expected);
    }
    await apply({ kind: 'propertyFlags', pick: 0, maintenance: false, licence: true });
    expect(await served('gzip')).toBe(await computed());
    // A client asking for deflate alone gets Hapi's own compression of the same bytes.
    const deflated = await t.api('GET', '/compliance/summary', KEYS.enterpriseLive, undefined, {
      'accept-encoding': 'deflate',
    });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    await removeMade(knex);
  });

  it('a truncate moves every landlord past its kept summary', async () => {
    const knex = t.deps.knex;
    await served();
    await knex.raw('truncate contracts cascade');
    expect(await served()).toBe(await computed());
  });
});
