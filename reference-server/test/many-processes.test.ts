// State that several server processes of one deployment must share: what each process does at start on one
// database happens once, whichever processes start together.
import { randomUUID } from 'node:crypto';
import { FIXTURE_KEYS } from '@ppapi/spec';
import { hashKey } from '../src/platform/auth/keys';
import { envSubscriptionParts, provisionEnvSubscriptions } from '../src/webhooks/env-subscriptions';
import { storeFixtureDocuments } from '../src/fixtures/load';
import { keptSecret } from '../src/persistence/server-secrets';
import { MemoryStorage, useStorage } from '../src/storage';
import { KEYS, startTestServer, twoProcesses, type TestServer } from './helpers/server';

const envSubscriptions = (t: TestServer, landlordId: string) =>
  t.deps
    .knex('webhook_subscriptions')
    .where({ landlord_id: landlordId })
    .whereNull('deleted_at')
    .whereLike('description', 'WEBHOOK_URL (environment)%')
    .orderBy('description')
    .select<Array<{ id: string; description: string }>>('id', 'description');
const landlordOfEnterpriseLive = async (t: TestServer): Promise<string> => {
  const key = await t.deps
    .knex('api_keys')
    .where('key_hash', hashKey(FIXTURE_KEYS.enterpriseLive))
    .first<{ landlord_id: string }>('landlord_id');
  return key.landlord_id;
};
const target = { url: 'http://127.0.0.1:9/hooks', secret: 'whsec_many_processes' };

describe('WEBHOOK_URL subscriptions', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('a start deletes the copies that starts made together before they took turns', async () => {
    const landlordId = await landlordOfEnterpriseLive(t);
    const [first] = (await provisionEnvSubscriptions(t.deps, target))!;
    const original = await t.deps
      .knex('webhook_subscriptions')
      .where({ id: first })
      .first<Record<string, unknown> & { created_at: Date }>();
    await t.deps
      .knex('webhook_subscriptions')
      .insert({ ...original, id: randomUUID(), created_at: new Date(original.created_at.getTime() + 1) });
    expect(await envSubscriptions(t, landlordId)).toHaveLength(envSubscriptionParts().length + 1);
    const again = await provisionEnvSubscriptions(t.deps, target);
    expect(again?.[0]).toBe(first);
    expect((await envSubscriptions(t, landlordId)).map((s) => s.id)).toEqual(again);
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
onPostgres('processes starting together on one PostgreSQL database', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('provision the WEBHOOK_URL subscriptions once, not once each', async () => {
    const landlordId = await landlordOfEnterpriseLive(t);
    // Each start in a transaction of its own, on a connection of its own, as separate processes would.
    const starts = await Promise.all(Array.from({ length: 4 }, () => provisionEnvSubscriptions(t.deps, target)));
    const kept = await envSubscriptions(t, landlordId);
    expect(kept).toHaveLength(envSubscriptionParts().length);
    expect(new Set(starts.flatMap((ids) => ids ?? []))).toEqual(new Set(kept.map((s) => s.id)));
  });
});

describe('the key of signed links, URL_SIGNING_SECRET unset', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { URL_SIGNING_SECRET: '' } });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('is drawn once and kept in the database: every later ask, concurrent or not, gets the same', async () => {
    const kept = await Promise.all(Array.from({ length: 3 }, () => keptSecret(t.deps.knex, 'url_signing')));
    expect(new Set(kept)).toEqual(new Set([t.deps.config.urlSigningSecret]));
    expect(Buffer.from(kept[0], 'base64url')).toHaveLength(32);
  });
});

onPostgres('signed links across processes on one database, URL_SIGNING_SECRET unset', () => {
  const processes = twoProcesses({ env: { URL_SIGNING_SECRET: '' } });

  it('a download link listed by process A downloads from process B', async () => {
    const { a, b } = processes;
    expect(b.deps.config.urlSigningSecret).toEqual(expect.any(String));
    expect(b.deps.config.urlSigningSecret).toBe(a.deps.config.urlSigningSecret);
    const storage = new MemoryStorage();
    useStorage(a.deps, storage);
    useStorage(b.deps, storage);
    await storeFixtureDocuments(a.deps.knex, storage);
    const { property_id: propertyId } = await a.deps
      .knex('property_documents')
      .where('landlord_id', await landlordOfEnterpriseLive(a))
      .first<{ property_id: string }>('property_id');
    const listed = await a.api('GET', `/properties/${propertyId}/documents`, KEYS.enterpriseLive);
    const [doc] = (JSON.parse(listed.payload) as { data: Array<{ downloadUrl: string; sizeBytes: number }> }).data;
    const url = new URL(doc.downloadUrl);
    const res = await b.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect([res.statusCode, res.rawPayload.length]).toEqual([200, doc.sizeBytes]);
  });
});
