// GET /subscription: plan, status, property limit and usage, storage usage (documents, images, chat attachments)
// and quota, next billing date.
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock';
import { addDays } from '../src/platform/time/dates';
import { STORAGE_QUOTA_BYTES } from '../src/storage/quota';
import { KEYS, startTestServer, type TestServer } from './helpers/server';

const clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(async () => {
  await t.stop();
});

interface Subscription {
  plan: string | null;
  status: string;
  propertyLimit: number | null;
  propertyCount: number;
  storage: { usedBytes: number; quotaBytes: number };
  nextBillingDate: string | null;
}
const json = (res: { payload: string }) =>
  JSON.parse(res.payload) as { data: Subscription; error?: string; code?: string };
const landlordOf = async (email: string): Promise<string> =>
  (await t.deps.knex('landlords').where({ email }).first<{ id: string }>('id')).id;

async function expectedUsage(landlordId: string): Promise<number> {
  const sum = async (table: string, column: string) =>
    Number(
      (
        (await t.deps
          .knex(table)
          .where({ landlord_id: landlordId })
          .whereNull('deleted_at')
          .sum({ n: column })
          .first()) as { n: string | number | null }
      ).n ?? 0,
    );
  const attachments = Number(
    (
      (await t.deps.knex('chat_messages').where({ landlord_id: landlordId }).sum({ n: 'attachment_size' }).first()) as {
        n: string | number | null;
      }
    ).n ?? 0,
  );
  return (
    (await sum('property_documents', 'size_bytes')) +
    (await sum('contract_documents', 'size_bytes')) +
    (await sum('properties', 'image_size_bytes')) +
    attachments
  );
}

describe('GET /subscription', () => {
  it('summarises the Enterprise plan: limit and usage, storage against the quota, next billing date', async () => {
    const res = await t.api('GET', '/subscription', KEYS.enterpriseLive);
    expect(res.statusCode).toBe(200);
    const landlordId = await landlordOf('owner@harbour-lettings.example');
    const used = await expectedUsage(landlordId);
    expect(used).toBeGreaterThan(0);
    expect(json(res).data).toEqual({
      plan: 'Enterprise',
      status: 'active',
      propertyLimit: 250,
      propertyCount: 36,
      storage: { usedBytes: used, quotaBytes: STORAGE_QUOTA_BYTES.Enterprise },
      nextBillingDate: addDays('2026-03-10', 17),
    });
  });

  it("counts only live properties and live documents, and only the caller's", async () => {
    const landlordId = await landlordOf('admin@northgate-homes.example');
    const before = json(await t.api('GET', '/subscription', KEYS.otherLandlord)).data;
    expect(before.propertyCount).toBe(12);
    const doc = (await t.deps
      .knex('property_documents')
      .where({ landlord_id: landlordId })
      .whereNull('deleted_at')
      .first()) as { id: string; size_bytes: number };
    await t.deps.knex('property_documents').where({ id: doc.id }).update({ deleted_at: new Date() });
    const created = await t.api('POST', '/properties', KEYS.otherLandlord, {
      shortName: 'Usage House',
      addressLine1: '1 Usage Row',
      city: 'Hull',
      postcode: 'HU1 1AA',
      propertyType: 'House',
    });
    expect(created.statusCode).toBe(201);
    const after = json(await t.api('GET', '/subscription', KEYS.otherLandlord)).data;
    expect(after.propertyCount).toBe(13);
    expect(after.storage.usedBytes).toBe(before.storage.usedBytes - Number(doc.size_bytes));
    // The other Enterprise landlord's figures did not move.
    expect(json(await t.api('GET', '/subscription', KEYS.enterpriseLive)).data.propertyCount).toBe(36);
  });

  it('answers the Portfolio plan with its own limit and quota', async () => {
    const data = json(await t.api('GET', '/subscription', KEYS.portfolioLive)).data;
    expect(data).toMatchObject({
      plan: 'Portfolio',
      status: 'active',
      propertyLimit: 50,
      propertyCount: 4,
      storage: { quotaBytes: STORAGE_QUOTA_BYTES.Portfolio },
    });
  });

  it('gives nextBillingDate null when there is nothing to bill', async () => {
    const landlordId = await landlordOf('hello@seaview.example');
    await t.deps.knex('landlords').where({ id: landlordId }).update({ next_billing_date: null });
    expect(json(await t.api('GET', '/subscription', KEYS.portfolioLive)).data.nextBillingDate).toBeNull();
  });

  it('is a plain read in sandbox mode', async () => {
    const live = json(await t.api('GET', '/subscription', KEYS.enterpriseLive)).data;
    const sandbox = await t.api('GET', '/subscription', KEYS.enterpriseSandbox);
    expect(sandbox.headers['x-service-mode']).toBe('sandbox');
    expect(json(sandbox).data).toEqual(live);
  });

  it('refuses query parameters with 400 VALIDATION_ERROR; random queries never give a 5xx', async () => {
    const res = await t.api('GET', '/subscription?plan=Enterprise', KEYS.enterpriseLive);
    expect([res.statusCode, json(res).code]).toEqual([400, 'VALIDATION_ERROR']);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 }), { maxKeys: 3 }),
        async (params) => {
          const query = new URLSearchParams(params).toString();
          const r = await t.api('GET', `/subscription${query ? `?${query}` : ''}`, KEYS.enterpriseLive);
          expect(r.statusCode).toBeLessThan(500);
          if (r.statusCode === 400) expect(json(r)).toEqual({ error: expect.any(String), code: 'VALIDATION_ERROR' });
        },
      ),
      { numRuns: 40 },
    );
  });
});
