// State that several server processes of one deployment must share: what each process does at start on one
// database happens once, whichever processes start together.
import { randomUUID } from 'node:crypto';
import { FIXTURE_KEYS } from '@ppapi/spec';
import { hashKey } from '../src/platform/auth/keys';
import { envSubscriptionParts, provisionEnvSubscriptions } from '../src/webhooks/env-subscriptions';
import { startTestServer, type TestServer } from './helpers/server';

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
