// The compliance summary writes each property's JSON in SQL, from JSON text the database keeps on the row (the
// name, the full address and each item's due date: migration 20261128000000) and from rules applied per request.
// Over generated portfolios (names and addresses that need escaping, an empty second line, astral characters, licence and
// maintenance flags, renewal dates, certificates of every type around the severity bounds, EPC letters and scores)
// every summary property must be what the TypeScript rules say of it: its GET /properties/{id} view's name, address,
// status and compliance.items, and epcView of its latest EPC. The properties come in name-then-id order and the
// attention list holds exactly their items that are not ok.
import { randomUUID } from 'node:crypto';
import { fixtureId } from '@ppapi/spec';
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock';
import { addDays } from '../src/platform/time/dates';
import { epcView } from '../src/resources/compliance/epc';
import type { ComplianceItem } from '../src/resources/compliance/severity';
import type { ComplianceSummary } from '../src/resources/compliance/summary';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const T0 = new Date('2026-03-10T12:00:00.000Z');
const TODAY = '2026-03-10';
const LANDLORD = fixtureId('landlord:harbour');
const TYPES = ['GSC', 'EICR', 'EPC', 'LANDLORD_LICENCE'] as const;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock: new ManualClock(T0) });
});
afterAll(async () => {
  await t.stop();
});

const text = (minLength: number) =>
  fc.string({
    unit: fc.constantFrom('a', 'B', 'é', '"', '\\', '\n', '\u0001', ' ', ',', '\u{1F3E0}', '\u2028'),
    minLength,
    maxLength: 6,
  });
// Bounds of the severity rules and their neighbours, and far dates.
const offset = fc.oneof(fc.constantFrom(-2, -1, 0, 1, 30, 31, 60, 61, 90, 91), fc.integer({ min: -800, max: 800 }));
const day = offset.map((d) => addDays(TODAY, d));

interface PropertyCase {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  postcode: string;
  licence: boolean;
  maintenance: boolean;
  renewals: Array<string | null>;
}
const propertyCase: fc.Arbitrary<PropertyCase> = fc.record({
  // Equal names are likely: the id breaks the tie.
  name: fc.oneof(text(1), fc.constantFrom('Same', 'same')),
  // What the API can store: the second line may be empty or absent, the other parts are not empty.
  line1: text(1),
  line2: fc.option(fc.oneof(text(0), fc.constant('')), { nil: null }),
  city: text(1),
  postcode: text(1),
  licence: fc.boolean(),
  maintenance: fc.boolean(),
  renewals: fc.array(fc.option(day, { nil: null }), { minLength: 4, maxLength: 4 }),
});
interface CertificateCase {
  property: number;
  type: number;
  expiry: string;
  rating: string | null;
  score: number | null;
}
const certificateCase: fc.Arbitrary<CertificateCase> = fc.record({
  property: fc.nat(),
  type: fc.integer({ min: 0, max: 3 }),
  expiry: day,
  rating: fc.option(fc.constantFrom('A', 'c', ' G', 'Z'), { nil: null }),
  score: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
});

interface View {
  shortName: string;
  address: string;
  status: string;
  compliance: { items: ComplianceItem[] };
}

async function load(properties: readonly PropertyCase[], certificates: readonly CertificateCase[]): Promise<string[]> {
  const knex = t.deps.knex;
  const ids = properties.map(() => randomUUID());
  const now = new Date();
  await knex('properties').insert(
    properties.map((p, i) => ({
      id: ids[i],
      landlord_id: LANDLORD,
      short_name: p.name,
      address_line1: p.line1,
      address_line2: p.line2,
      city: p.city,
      postcode: p.postcode,
      property_type: 'Flat',
      licence_required: p.licence,
      maintenance: p.maintenance,
      created_at: now,
      updated_at: now,
      gsc_renewal: p.renewals[0],
      eicr_renewal: p.renewals[1],
      epc_renewal: p.renewals[2],
      landlord_licence_renewal: p.renewals[3],
    })),
  );
  if (certificates.length > 0) {
    await knex('certificates').insert(
      certificates.map((c) => ({
        id: randomUUID(),
        landlord_id: LANDLORD,
        property_id: ids[c.property % ids.length],
        type: TYPES[c.type],
        issued_date: addDays(c.expiry, -365),
        expiry_date: c.expiry,
        epc_rating: TYPES[c.type] === 'EPC' ? c.rating : null,
        epc_score: TYPES[c.type] === 'EPC' ? c.score : null,
      })),
    );
  }
  return ids;
}

/** The EPC of the summary, from the TypeScript rules: the latest live EPC (later expiry, then higher id). */
async function expectedEpc(id: string, renewal: string | null) {
  const latest = await t.deps
    .knex('certificates')
    .where({ property_id: id, type: 'EPC' })
    .whereNull('deleted_at')
    .orderBy([
      { column: 'expiry_date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<{ epc_rating: string | null; epc_score: number | null; expiry_date: string } | undefined>(
      'epc_rating',
      'epc_score',
      'expiry_date',
    );
  return epcView(
    {
      rating: latest?.epc_rating ?? null,
      score: latest?.epc_score ?? null,
      expiry: latest?.expiry_date ?? null,
      renewal,
    },
    TODAY,
  );
}

describe('compliance summary rows agree with the TypeScript rules (fast-check)', () => {
  it('each property, their order and the attention list, over generated properties and certificates', async () => {
    const knex = t.deps.knex;
    await fc.assert(
      fc.asyncProperty(
        fc.array(propertyCase, { minLength: 1, maxLength: 6 }),
        fc.array(certificateCase, { maxLength: 10 }),
        async (properties, certificates) => {
          const ids = await load(properties, certificates);
          try {
            const res = await t.api('GET', '/compliance/summary', KEYS.enterpriseLive);
            expect(res.statusCode).toBe(200);
            const summary = (JSON.parse(res.payload) as { data: ComplianceSummary }).data;
            const mine = summary.properties.filter((p) => ids.includes(p.id));
            for (const id of ids) {
              const got = await t.api('GET', `/properties/${id}`, KEYS.enterpriseLive);
              expect([got.statusCode, got.payload.slice(0, 300)]).toEqual([200, expect.any(String)]);
              const view = (JSON.parse(got.payload) as { data: View }).data;
              const renewal = view.compliance.items.find((i) => i.code === 'EPC')!.dueDate;
              expect(mine.find((p) => p.id === id)).toEqual({
                id,
                name: view.shortName,
                address: view.address === '' ? null : view.address,
                status: view.status,
                epc: await expectedEpc(id, renewal),
                items: view.compliance.items,
              });
            }
            // Name then id, in the database's collation.
            const order = (
              await knex('properties').whereIn('id', ids).orderBy(['short_name', 'id']).select<
                Array<{
                  id: string;
                }>
              >('id')
            ).map((r) => r.id);
            expect(mine.map((p) => p.id)).toEqual(order);
            const attention = summary.attention
              .filter((a) => ids.includes(a.propertyId))
              .map((a) => JSON.stringify(a))
              .sort();
            expect(attention).toEqual(
              mine
                .flatMap((p) =>
                  p.items
                    .filter((i) => i.severity !== 'ok')
                    .map((i) =>
                      JSON.stringify({
                        propertyId: p.id,
                        propertyName: p.name,
                        code: i.code,
                        dueDate: i.dueDate,
                        daysUntil: i.daysUntil,
                        severity: i.severity,
                      }),
                    ),
                )
                .sort(),
            );
          } finally {
            await knex('certificates').whereIn('property_id', ids).delete();
            await knex('properties').whereIn('id', ids).delete();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
