// Outbound webhooks end to end: public API write → outbox → dispatcher → queue (embedded, or BullMQ when
// REDIS_URL is set) → signed POST to a local receiver; retries on a ManualClock, timeouts, fan-out to several
// subscriptions, plan gating, sandbox, malformed events, the dashboard's test delivery, history and manual
// retry, and two workers never sending the same attempt twice.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ManualClock } from '../src/platform/clock';
import { hashKey } from '../src/platform/auth/keys';
import { runWrite } from '../src/platform/sandbox/unit-of-work';
import { fieldNamesOf } from '../src/webhooks/catalogue/fields';
import { sampleEventData } from '../src/webhooks/catalogue/samples';
import { claimDue } from '../src/webhooks/delivery/repository';
import { httpSender, type Sender } from '../src/webhooks/delivery/http-sender';
import { retryDelayMs, seededRandom } from '../src/webhooks/delivery/retry-policy';
import { envSubscriptionParts, provisionEnvSubscriptions } from '../src/webhooks/env-subscriptions';
import { EVENT_TYPES, MAX_EVENT_TYPES_PER_SUBSCRIPTION, type EventType } from '../src/webhooks/event-types';
import { recordEvent } from '../src/webhooks/outbox/record';
import type { WebhookRuntime, WebhookRuntimeOptions } from '../src/webhooks/runtime';
import { startReceiver, verifySignature } from '@ppapi/webhook-receiver';
import { ADMIN_TOKEN, KEYS, startTestServer, type TestServer } from './helpers/server';
import { startTestReceiver, type Hit, type TestReceiver } from './helpers/webhook-test-receiver';

type OctokitMethods = { verify(secret: string, payload: string, signature: string): Promise<boolean> };
// ESM-only package, transpiled and required through jest.config.js's moduleNameMapper.
const importEsm = async (specifier: string): Promise<OctokitMethods> => require(specifier) as OctokitMethods;

const START = new Date('2026-03-02T09:00:00Z');
const clock = new ManualClock(START);
let t: TestServer;
let receiver: TestReceiver;
let octokit: OctokitMethods;
const landlords: Record<string, string> = {};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const catalogue = JSON.parse(readFileSync(require.resolve('@ppapi/spec/event-catalogue.json'), 'utf8')) as Array<{
  event: string;
  fields: Array<{ name: string }>;
}>;
const catalogueFields = (type: string): string[] =>
  catalogue
    .find((e) => e.event === type)!
    .fields.map((f) => f.name)
    .sort();

const forks: WebhookRuntime[] = [];
/** Another worker on the same database. `isolated`: on BullMQ, a queue of its own, so only it runs what it queues. */
function fork(options: WebhookRuntimeOptions, isolated = true): WebhookRuntime {
  const runtime = t.deps.webhooks.fork({
    ...options,
    ...(isolated ? { queuePrefix: `iso-${randomUUID().slice(0, 8)}` } : {}),
  });
  forks.push(runtime);
  return runtime;
}

const json = <T = Record<string, unknown>>(res: { payload: string }): T => JSON.parse(res.payload) as T;
const dashboard = (method: string, url: string, payload?: unknown) =>
  t.inject({
    method,
    url: `/dashboard/api${url}`,
    payload: payload as object | undefined,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });

interface Subscription {
  id: string;
  secret: string;
}
async function subscribe(
  role: keyof typeof landlords,
  events: readonly string[],
  path = '/default',
): Promise<Subscription> {
  const res = await dashboard('POST', `/landlords/${landlords[role]}/webhooks`, {
    url: `${receiver.url}${path}`,
    events,
  });
  expect(res.statusCode).toBe(201);
  return json<{ data: Subscription }>(res).data;
}

/** Records an event as a service would, inside a live write of that landlord. */
async function record(role: keyof typeof landlords, type: EventType, data?: Record<string, unknown>): Promise<string> {
  return runWrite(
    t.deps,
    landlords[role],
    false,
    async (ctx) => (await recordEvent(ctx, type, data ?? sampleEventData(type, '2026-03-02', clock.now()))).eventId,
  );
}

const deliveriesOf = async (subscriptionId: string) => {
  const res = await dashboard('GET', `/webhooks/${subscriptionId}/deliveries?limit=500`);
  expect(res.statusCode).toBe(200);
  return json<{
    data: Array<{
      id: string;
      eventId: string;
      event: string;
      status: string;
      test: boolean;
      attemptCount: number;
      nextAttemptAt: string | null;
      attempts: Array<{
        attempt: number;
        statusCode: number | null;
        latencyMs: number;
        error: string | null;
        attemptedAt: string;
        trigger: string;
        succeeded: boolean;
      }>;
    }>;
    meta: { total: number };
  }>(res);
};

const expectedSignature = (secret: string, body: Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

async function expectSigned(hit: Hit, secret: string): Promise<void> {
  const header = hit.headers['x-service-signature-256'] as string;
  expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
  expect(header).toBe(expectedSignature(secret, hit.body));
  // An outside witness: GitHub's verifier uses the same sha256= scheme.
  expect(await octokit.verify(secret, hit.body.toString('utf8'), header)).toBe(true);
  expect(await octokit.verify(`${secret}x`, hit.body.toString('utf8'), header)).toBe(false);
}

beforeAll(async () => {
  t = await startTestServer({ clock });
  receiver = await startTestReceiver();
  octokit = await importEsm('@octokit/webhooks-methods');
  for (const role of [
    'enterpriseLive',
    'portfolioLive',
    'professional',
    'essential',
    'noSubscription',
    'otherLandlord',
  ] as const) {
    const row = await t.deps.knex('api_keys').where('key_hash', hashKey(KEYS[role])).first<{
      landlord_id: string;
    }>('landlord_id');
    landlords[role] = row.landlord_id;
  }
});

afterAll(async () => {
  for (const f of forks) {
    await f.discardQueue();
    await f.stop();
  }
  await t?.deps.webhooks.discardQueue();
  await receiver?.close();
  await t?.stop();
});

beforeEach(async () => {
  // Each test starts with no subscriptions, an empty receiver that answers 200, and nothing pending.
  await t.deps.knex('webhook_subscriptions').whereNull('deleted_at').update({ deleted_at: clock.now(), active: false });
  await t.deps.webhooks.runDue();
  receiver.hits.length = 0;
  receiver.answer = () => 200;
});

describe('end to end: a public API write produces a signed delivery', () => {
  it('POST /properties → property.created at the receiver, signed, headers and envelope exact (EVT-ENV, EVT-REQ)', async () => {
    const sub = await subscribe('enterpriseLive', ['property.created']);
    const res = await t.api('POST', '/properties', KEYS.enterpriseLive, {
      shortName: 'Webhook House',
      addressLine1: '1 Hook Lane',
      city: 'Bath',
      postcode: 'BA1 1AA',
      propertyType: 'House',
    });
    expect(res.statusCode).toBe(201);
    const property = json<{ data: { id: string } }>(res).data;
    // Delivered later by the worker, never inside the request.
    expect(receiver.hits).toHaveLength(0);
    const outbox = await t.deps
      .knex('outbox_events')
      .where({ event_type: 'property.created', status: 'pending' })
      .select<Array<{ id: string }>>('id');
    expect(outbox).toHaveLength(1);

    await t.deps.webhooks.runDue();
    expect(receiver.hits).toHaveLength(1);
    const hit = receiver.hits[0];
    expect(hit.method).toBe('POST');
    expect(hit.path).toBe('/hooks/default');
    expect(hit.headers['content-type']).toBe('application/json');
    await expectSigned(hit, sub.secret);
    const envelope = hit.json;
    expect(Object.keys(envelope).sort()).toEqual(['created_at', 'data', 'event', 'id', 'landlord_id']);
    expect(envelope.id).toMatch(/^evt_[0-9a-f-]{36}$/);
    expect(envelope.id.slice(4)).toMatch(UUID);
    expect(envelope.id).toBe(`evt_${outbox[0].id}`);
    expect(envelope.event).toBe('property.created');
    expect(hit.headers['x-service-event']).toBe('property.created');
    expect(hit.headers['x-service-delivery']).toBe(envelope.id.slice(4));
    expect(envelope.landlord_id).toBe(landlords.enterpriseLive);
    expect(new Date(envelope.created_at).toISOString()).toBe(envelope.created_at);
    expect(Object.keys(envelope.data).sort()).toEqual(catalogueFields('property.created'));
    expect(envelope.data).toMatchObject({
      property_id: property.id,
      short_name: 'Webhook House',
      city: 'Bath',
      postcode: 'BA1 1AA',
    });
    expect(JSON.stringify(envelope)).not.toContain('_test');

    const history = await deliveriesOf(sub.id);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({
      eventId: envelope.id,
      event: 'property.created',
      status: 'succeeded',
      attemptCount: 1,
      test: false,
      nextAttemptAt: null,
    });
    expect(history.data[0].attempts[0]).toMatchObject({
      attempt: 1,
      statusCode: 200,
      error: null,
      succeeded: true,
      trigger: 'automatic',
    });
    expect(history.data[0].attempts[0].latencyMs).toBeGreaterThanOrEqual(0);
    expect((await t.deps.knex('outbox_events').where({ id: outbox[0].id }).first<{ status: string }>()).status).toBe(
      'dispatched',
    );
  });

  it('a sandbox write records no outbox row and delivers nothing', async () => {
    await subscribe('enterpriseLive', [...EVENT_TYPES].slice(0, MAX_EVENT_TYPES_PER_SUBSCRIPTION));
    const before = Number((await t.deps.knex('outbox_events').count('* as n'))[0].n);
    const res = await t.api('POST', '/properties', KEYS.enterpriseSandbox, {
      shortName: 'Sandbox House',
      addressLine1: '2 Hook Lane',
      city: 'Bath',
      postcode: 'BA1 1AA',
      propertyType: 'House',
    });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { sandbox: boolean } }>(res).data.sandbox).toBe(true);
    expect(Number((await t.deps.knex('outbox_events').count('* as n'))[0].n)).toBe(before);
    await t.deps.webhooks.runDue();
    expect(receiver.hits).toHaveLength(0);
  });

  it("only the subscribed types are delivered, and only to the landlord's own subscriptions", async () => {
    await subscribe('enterpriseLive', ['property.updated']);
    await subscribe('otherLandlord', ['property.created']);
    const eventId = await record('enterpriseLive', 'property.created');
    const updated = await record('enterpriseLive', 'property.updated');
    await t.deps.webhooks.runDue();
    expect(receiver.hits.map((h) => h.json.id)).toEqual([updated]);
    expect(receiver.hitsFor(eventId)).toHaveLength(0);
  });
});

describe("the project's mock receiver (webhook-receiver) as a witness", () => {
  it('verifies, accepts and records a real and a test delivery', async () => {
    const created = await dashboard('POST', `/landlords/${landlords.enterpriseLive}/webhooks`, {
      url: 'http://127.0.0.1:9/placeholder',
      events: ['property.created', 'rent.overdue'],
    });
    const sub = json<{ data: Subscription }>(created).data;
    const mock = await startReceiver({ secret: sub.secret });
    try {
      await t.deps
        .knex('webhook_subscriptions')
        .where({ id: sub.id })
        .update({ url: `${mock.url}/hooks` });
      const res = await t.api('POST', '/properties', KEYS.enterpriseLive, {
        shortName: 'Witness Way',
        addressLine1: '3 Hook Lane',
        city: 'Bath',
        postcode: 'BA1 1AA',
        propertyType: 'Flat',
      });
      expect(res.statusCode).toBe(201);
      expect((await dashboard('POST', `/webhooks/${sub.id}/test`, { event: 'rent.overdue' })).statusCode).toBe(202);
      await t.deps.webhooks.runDue();
      const seen = mock.store.deliveries();
      expect(seen).toHaveLength(2);
      for (const d of seen) {
        expect(d).toMatchObject({ verified: true, outcome: 'accepted', duplicate: false });
        expect(verifySignature(d.rawBody, d.headers['x-service-signature-256'], sub.secret)).toEqual({ ok: true });
      }
      expect(seen.map((d) => [d.event, d.test]).sort()).toEqual([
        ['property.created', false],
        ['rent.overdue', true],
      ]);
    } finally {
      await mock.close();
    }
  });
});

describe('plans (AUTH-5: webhook delivery needs Portfolio or Enterprise with an active subscription)', () => {
  it.each([['professional'], ['essential'], ['noSubscription']] as const)(
    '%s landlords get no delivery',
    async (role) => {
      const sub = await subscribe(role, ['rent.overdue']);
      const eventId = await record(role, 'rent.overdue');
      await t.deps.webhooks.runDue();
      expect(receiver.hitsFor(eventId)).toHaveLength(0);
      expect((await deliveriesOf(sub.id)).data).toHaveLength(0);
      expect(
        (
          await t.deps
            .knex('outbox_events')
            .where({ id: eventId.slice(4) })
            .first<{ status: string }>()
        ).status,
      ).toBe('dispatched');
    },
  );

  it('Portfolio landlords get deliveries', async () => {
    const sub = await subscribe('portfolioLive', ['rent.overdue']);
    const eventId = await record('portfolioLive', 'rent.overdue');
    await t.deps.webhooks.runDue();
    expect(receiver.hitsFor(eventId)).toHaveLength(1);
    await expectSigned(receiver.hits[0], sub.secret);
  });
});

describe('retries (EVT-DELIVERY-2, EVT-DELIVERY-3, STATE-23..26)', () => {
  const DAY = 86_400_000;

  it('fails twice then succeeds: 3 attempts, same id and bytes, spaced ~15 min and ~60 min with ±10 % jitter', async () => {
    const sub = await subscribe('enterpriseLive', ['contract.updated']);
    const worker = fork({ random: seededRandom(7) });
    receiver.answer = (_hit, index) => (index < 2 ? 500 : 200);
    const eventId = await record('enterpriseLive', 'contract.updated');
    await worker.runDue();
    let [delivery] = (await deliveriesOf(sub.id)).data;
    expect(delivery).toMatchObject({ status: 'retry_scheduled', attemptCount: 1 });
    const firstAt = new Date(delivery.attempts[0].attemptedAt).getTime();
    const secondDue = new Date(delivery.nextAttemptAt!).getTime();
    expect(secondDue - firstAt).toBeGreaterThanOrEqual(810_000);
    expect(secondDue - firstAt).toBeLessThanOrEqual(990_000);

    // Not before it is due.
    clock.set(new Date(secondDue - 1000));
    await worker.runDue();
    expect(receiver.hits).toHaveLength(1);
    clock.set(new Date(secondDue));
    await worker.runDue();
    expect(receiver.hits).toHaveLength(2);
    [delivery] = (await deliveriesOf(sub.id)).data;
    expect(delivery).toMatchObject({ status: 'retry_scheduled', attemptCount: 2 });
    const thirdDue = new Date(delivery.nextAttemptAt!).getTime();
    expect(thirdDue - secondDue).toBeGreaterThanOrEqual(3_240_000);
    expect(thirdDue - secondDue).toBeLessThanOrEqual(3_960_000);

    clock.set(new Date(thirdDue));
    await worker.runDue();
    [delivery] = (await deliveriesOf(sub.id)).data;
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 3, nextAttemptAt: null });
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(receiver.hits.map((h) => h.json.id)).toEqual([eventId, eventId, eventId]);
    expect(new Set(receiver.hits.map((h) => h.body.toString('hex'))).size).toBe(1);
    expect(new Set(receiver.hits.map((h) => h.headers['x-service-delivery'])).size).toBe(1);
    clock.advance(DAY);
  });

  it('jitter stays within ±10 % of each delay, whatever the random source (fast-check)', async () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.9999999, noNaN: true }), fc.integer({ min: 1, max: 2 }), (r, attempt) => {
        const delay = retryDelayMs({ delaysSeconds: [900, 3600], jitter: 0.1, random: () => r }, attempt)!;
        const base = attempt === 1 ? 900_000 : 3_600_000;
        return delay >= base * 0.9 && delay <= base * 1.1;
      }),
    );
    expect(retryDelayMs({ delaysSeconds: [900, 3600], jitter: 0.1, random: () => 0.5 }, 3)).toBeNull();
    expect(t.deps.webhooks.maxAttempts).toBe(3);
  });

  it('fails 3 times → permanently failed, no 4th attempt; a manual retry from the dashboard delivers the same id', async () => {
    const sub = await subscribe('enterpriseLive', ['tenant.updated']);
    receiver.answer = () => 503;
    const eventId = await record('enterpriseLive', 'tenant.updated');
    for (let i = 0; i < 3; i++) {
      await t.deps.webhooks.runDue();
      clock.advance(2 * 3600_000);
    }
    clock.advance(DAY);
    await t.deps.webhooks.runDue();
    let [delivery] = (await deliveriesOf(sub.id)).data;
    expect(delivery).toMatchObject({ status: 'permanently_failed', attemptCount: 3, nextAttemptAt: null });
    expect(receiver.hitsFor(eventId)).toHaveLength(3);

    receiver.answer = () => 200;
    const retry = await dashboard('POST', `/deliveries/${delivery.id}/retry`);
    expect(retry.statusCode).toBe(202);
    expect(json<{ data: { status: string } }>(retry).data.status).toBe('pending');
    await t.deps.webhooks.runDue();
    [delivery] = (await deliveriesOf(sub.id)).data;
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 4 });
    expect(delivery.attempts[3]).toMatchObject({ attempt: 4, trigger: 'manual', statusCode: 200 });
    expect(receiver.hitsFor(eventId)).toHaveLength(4);

    const again = await dashboard('POST', `/deliveries/${delivery.id}/retry`);
    expect([again.statusCode, json<{ code: string }>(again).code]).toEqual([409, 'CONFLICT']);
    const one = await dashboard('GET', `/deliveries/${delivery.id}`);
    expect(json<{ data: { attempts: unknown[] } }>(one).data.attempts).toHaveLength(4);
  });

  it('a failed manual retry is one attempt: permanently failed again', async () => {
    const sub = await subscribe('enterpriseLive', ['tenant.deleted']);
    receiver.answer = () => 500;
    await record('enterpriseLive', 'tenant.deleted');
    for (let i = 0; i < 3; i++) {
      await t.deps.webhooks.runDue();
      clock.advance(2 * 3600_000);
    }
    const [failed] = (await deliveriesOf(sub.id)).data;
    expect(failed.status).toBe('permanently_failed');
    expect((await dashboard('POST', `/deliveries/${failed.id}/retry`)).statusCode).toBe(202);
    await t.deps.webhooks.runDue();
    clock.advance(DAY);
    await t.deps.webhooks.runDue();
    const [after] = (await deliveriesOf(sub.id)).data;
    expect(after).toMatchObject({ status: 'permanently_failed', attemptCount: 4 });
  });

  it('a timeout counts as a failed attempt (no status code, error recorded)', async () => {
    const sub = await subscribe('enterpriseLive', ['maintenance.created']);
    receiver.answer = () => 'hold';
    const worker = fork({ timeoutMs: 300 });
    await record('enterpriseLive', 'maintenance.created');
    await worker.runDue();
    receiver.release(200);
    const [delivery] = (await deliveriesOf(sub.id)).data;
    expect(delivery).toMatchObject({ status: 'retry_scheduled', attemptCount: 1 });
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, succeeded: false });
    expect(delivery.attempts[0].error).toMatch(/timeout after 300 ms/);
    expect(delivery.attempts[0].latencyMs).toBeGreaterThanOrEqual(250);
  });

  it('a network error counts as a failed attempt', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const res = await dashboard('POST', `/landlords/${landlords.enterpriseLive}/webhooks`, {
      url: `http://127.0.0.1:${port}/closed`,
      events: ['note.created'],
    });
    const sub = json<{ data: Subscription }>(res).data;
    await record('enterpriseLive', 'note.created');
    await t.deps.webhooks.runDue();
    const [delivery] = (await deliveriesOf(sub.id)).data;
    expect(delivery).toMatchObject({ status: 'retry_scheduled' });
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null });
    expect(delivery.attempts[0].error).toMatch(/network error/);
  });

  it('any 2xx is success; anything else (redirects included) is a failure (fast-check over status codes)', async () => {
    const sub = await subscribe('enterpriseLive', ['document.signed']);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 599 }), async (status) => {
        receiver.answer = () => status;
        const test = await dashboard('POST', `/webhooks/${sub.id}/test`);
        const id = json<{ data: { id: string } }>(test).data.id;
        await t.deps.webhooks.runDue();
        const delivery = json<{ data: { status: string; attempts: Array<{ statusCode: number }> } }>(
          await dashboard('GET', `/deliveries/${id}`),
        ).data;
        return (
          delivery.attempts[0].statusCode === status &&
          delivery.status === (status < 300 ? 'succeeded' : 'permanently_failed')
        );
      }),
      { numRuns: 25, examples: [[407], [401], [302], [304], [204]] },
    ); // 407 once came back as a network error (fetch)
  });
});

describe('fan-out (EVT-DELIVERY-3)', () => {
  it('two subscriptions to one event: two independent deliveries with the same id, each signed with its own secret', async () => {
    const a = await subscribe('enterpriseLive', ['mortgage.created'], '/a');
    const b = await subscribe('enterpriseLive', ['mortgage.created', 'mortgage.updated'], '/b');
    receiver.answer = (hit) => (hit.path.endsWith('/a') ? 500 : 200);
    const eventId = await record('enterpriseLive', 'mortgage.created');
    await t.deps.webhooks.runDue();
    const hits = receiver.hitsFor(eventId);
    expect(hits).toHaveLength(2);
    const hitA = hits.find((h) => h.path.endsWith('/a'))!;
    const hitB = hits.find((h) => h.path.endsWith('/b'))!;
    await expectSigned(hitA, a.secret);
    await expectSigned(hitB, b.secret);
    expect(hitA.body.equals(hitB.body)).toBe(true);
    expect(hitA.headers['x-service-delivery']).toBe(hitB.headers['x-service-delivery']);
    const [da] = (await deliveriesOf(a.id)).data;
    const [db] = (await deliveriesOf(b.id)).data;
    expect(da.id).not.toBe(db.id);
    expect([da.eventId, db.eventId]).toEqual([eventId, eventId]);
    expect([da.status, db.status]).toEqual(['retry_scheduled', 'succeeded']);
  });
});

describe('malformed outbox events', () => {
  it('are logged and skipped (status invalid), and do not stop valid events in the same batch', async () => {
    const sub = await subscribe('enterpriseLive', ['property.deleted', 'property.updated']);
    const bad = await record('enterpriseLive', 'property.deleted', { property_id: randomUUID(), address: 'x' });
    const extra = await record('enterpriseLive', 'property.updated', {
      ...sampleEventData('property.updated', '2026-03-02', clock.now()),
      secret_field: 1,
    });
    const good = await record('enterpriseLive', 'property.updated');
    await t.deps.webhooks.runDue();
    expect(receiver.hits.map((h) => h.json.id)).toEqual([good]);
    for (const id of [bad, extra])
      expect(
        (
          await t.deps
            .knex('outbox_events')
            .where({ id: id.slice(4) })
            .first<{ status: string }>()
        ).status,
      ).toBe('invalid');
    expect((await deliveriesOf(sub.id)).data).toHaveLength(1);
  });
});

describe('dashboard: test delivery, history, retry', () => {
  it('POST /webhooks/{id}/test sends `_test: true` at top level and inside data, signed (EVT-ENV-7, EVT-DELIVERY-10)', async () => {
    const sub = await subscribe('enterpriseLive', ['rent.overdue', 'rent.due_soon']);
    const res = await dashboard('POST', `/webhooks/${sub.id}/test`, { event: 'rent.due_soon' });
    expect(res.statusCode).toBe(202);
    const created = json<{ data: { id: string; eventId: string; test: boolean; status: string; event: string } }>(
      res,
    ).data;
    expect(created).toMatchObject({ test: true, status: 'pending', event: 'rent.due_soon' });
    await t.deps.webhooks.runDue();
    expect(receiver.hits).toHaveLength(1);
    const hit = receiver.hits[0];
    await expectSigned(hit, sub.secret);
    expect(hit.json._test).toBe(true);
    expect(hit.json.data._test).toBe(true);
    expect(hit.json.id).toBe(created.eventId);
    expect(Object.keys(hit.json).sort()).toEqual(['_test', 'created_at', 'data', 'event', 'id', 'landlord_id']);
    expect(
      Object.keys(hit.json.data)
        .filter((k) => k !== '_test')
        .sort(),
    ).toEqual(catalogueFields('rent.due_soon'));
    // Default event: the subscription's first type.
    const byDefault = await dashboard('POST', `/webhooks/${sub.id}/test`);
    expect(json<{ data: { event: string } }>(byDefault).data.event).toBe('rent.overdue');
  });

  it('answers 400 for a type the subscription does not have, 404 for unknown or deleted subscriptions and deliveries, 401 without the token', async () => {
    const sub = await subscribe('enterpriseLive', ['rent.overdue']);
    const wrongType = await dashboard('POST', `/webhooks/${sub.id}/test`, { event: 'rent.created' });
    expect([wrongType.statusCode, json<{ code: string }>(wrongType).code]).toEqual([400, 'VALIDATION_ERROR']);
    const unknownType = await dashboard('POST', `/webhooks/${sub.id}/test`, { event: 'rent.nope' });
    expect(unknownType.statusCode).toBe(400);
    for (const [method, url] of [
      ['POST', `/webhooks/${randomUUID()}/test`],
      ['GET', `/webhooks/${randomUUID()}/deliveries`],
      ['GET', `/deliveries/${randomUUID()}`],
      ['POST', `/deliveries/${randomUUID()}/retry`],
    ]) {
      const res = await dashboard(method, url);
      expect([res.statusCode, json<{ code: string }>(res).code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await dashboard('GET', `/deliveries/not-a-uuid`)).statusCode).toBe(400);
    await dashboard('DELETE', `/webhooks/${sub.id}`);
    expect((await dashboard('POST', `/webhooks/${sub.id}/test`)).statusCode).toBe(404);
    // History stays readable after deletion.
    expect((await dashboard('GET', `/webhooks/${sub.id}/deliveries`)).statusCode).toBe(200);
    const noToken = await t.inject({ method: 'GET', url: `/dashboard/api/webhooks/${sub.id}/deliveries` });
    expect(noToken.statusCode).toBe(401);
  });

  it('history pages and filters by status and event type', async () => {
    const sub = await subscribe('enterpriseLive', ['contact.created', 'contact.updated']);
    for (let i = 0; i < 3; i++) await record('enterpriseLive', 'contact.created');
    await record('enterpriseLive', 'contact.updated');
    await t.deps.webhooks.runDue();
    const page = json<{ data: unknown[]; meta: { page: number; limit: number; total: number } }>(
      await dashboard('GET', `/webhooks/${sub.id}/deliveries?limit=2&page=2`),
    );
    expect(page.meta).toEqual({ page: 2, limit: 2, total: 4 });
    expect(page.data).toHaveLength(2);
    expect((await deliveriesOf(sub.id)).data.every((d) => d.status === 'succeeded')).toBe(true);
    const updated = json<{ meta: { total: number } }>(
      await dashboard('GET', `/webhooks/${sub.id}/deliveries?event=contact.updated`),
    );
    expect(updated.meta.total).toBe(1);
    const failed = json<{ meta: { total: number } }>(
      await dashboard('GET', `/webhooks/${sub.id}/deliveries?status=permanently_failed`),
    );
    expect(failed.meta.total).toBe(0);
    expect((await dashboard('GET', `/webhooks/${sub.id}/deliveries?limit=501`)).statusCode).toBe(400);
    expect((await dashboard('GET', `/webhooks/${sub.id}/deliveries?status=nope`)).statusCode).toBe(400);
  });
});

describe('workers', () => {
  it('two concurrent workers never send the same attempt twice', async () => {
    const sub = await subscribe('enterpriseLive', ['meter.updated']);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await record('enterpriseLive', 'meter.updated'));
    receiver.answer = (hit) => (receiver.hitsFor(hit.json.id).length === 1 ? 500 : 200); // first attempt fails
    const w1 = fork({ workerId: 'worker-1', concurrency: 4 }, false);
    const w2 = fork({ workerId: 'worker-2', concurrency: 4 }, false);
    await Promise.all([w1.runDue(), w2.runDue(), w1.runDue(), w2.runDue()]);
    for (const id of ids) expect(receiver.hitsFor(id)).toHaveLength(1);
    clock.advance(2 * 3600_000);
    await Promise.all([w1.runDue(), w2.runDue(), w1.runDue()]);
    for (const id of ids) expect(receiver.hitsFor(id)).toHaveLength(2);
    const history = await deliveriesOf(sub.id);
    expect(history.data.every((d) => d.status === 'succeeded' && d.attemptCount === 2)).toBe(true);
  });

  it('a worker that dies before sending leaves a lease; once it lapses the attempt is made (same id)', async () => {
    if (t.deps.webhooks.backend.kind !== 'embedded') return; // BullMQ: covered by the process drill
    const sub = await subscribe('enterpriseLive', ['inspection.updated']);
    const eventId = await record('enterpriseLive', 'inspection.updated');
    await t.deps.webhooks.dispatch();
    const claimed = await claimDue(t.deps.knex, {
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 40_000),
      workerId: 'dead-worker',
      limit: 100,
    });
    expect(claimed.map((c) => c.row.subscription_id)).toContain(sub.id);
    await t.deps.webhooks.runDue();
    expect(receiver.hitsFor(eventId)).toHaveLength(0);
    clock.advance(41_000);
    await t.deps.webhooks.runDue();
    expect(receiver.hitsFor(eventId)).toHaveLength(1);
  });

  it('a worker that dies after sending but before recording: the attempt is sent again with the same id (at least once)', async () => {
    const sub = await subscribe('enterpriseLive', ['inspection.completed']);
    const eventId = await record('enterpriseLive', 'inspection.completed');
    let crash = true;
    const crashingSend: Sender = async (request) => {
      const result = await httpSender(request);
      if (crash) {
        crash = false;
        throw new Error('worker died before recording');
      }
      return result;
    };
    const dying = fork({ send: crashingSend, workerId: 'dying' });
    if (dying.backend.kind === 'embedded') {
      await dying.runDue();
      expect(receiver.hitsFor(eventId)).toHaveLength(1);
      expect((await deliveriesOf(sub.id)).data[0].status).toBe('pending');
      clock.advance(60_000); // the lease lapses
      await t.deps.webhooks.runDue();
    } else {
      // BullMQ: the job fails and BullMQ retries it (infrastructure retry), re-sending the same attempt.
      await dying.runDue();
    }
    expect(receiver.hitsFor(eventId)).toHaveLength(2);
    expect(receiver.hitsFor(eventId).map((h) => h.json.id)).toEqual([eventId, eventId]);
    const [delivery] = (await deliveriesOf(sub.id)).data;
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 1 });
  });
});

describe('WEBHOOK_URL + WEBHOOK_SECRET (interfaces.md)', () => {
  it('gives the enterpriseLive landlord subscriptions covering every type (within the per-endpoint limit each), idempotently; every type arrives signed', async () => {
    const parts = envSubscriptionParts();
    expect(parts.length).toBe(2);
    expect(parts.every((p) => p.length <= MAX_EVENT_TYPES_PER_SUBSCRIPTION)).toBe(true);
    expect(parts.flat().sort()).toEqual([...EVENT_TYPES].sort());
    const secret = 'whsec_env_secret_for_tests';
    const first = await provisionEnvSubscriptions(t.deps, { url: `${receiver.url}/env-old`, secret });
    const second = await provisionEnvSubscriptions(t.deps, { url: `${receiver.url}/env`, secret });
    expect(second).toEqual(first);
    const subs = (await t.deps
      .knex('webhook_subscriptions')
      .where({ landlord_id: landlords.enterpriseLive })
      .whereNull('deleted_at')) as Array<{ url: string; events: string[] }>;
    expect(subs).toHaveLength(2);
    expect(subs.every((s) => s.url === `${receiver.url}/env`)).toBe(true);

    const ids = new Map<string, EventType>();
    for (const type of EVENT_TYPES) ids.set(await record('enterpriseLive', type), type);
    await t.deps.webhooks.runDue();
    expect(receiver.hits).toHaveLength(EVENT_TYPES.length);
    for (const hit of receiver.hits) {
      expect(ids.get(hit.json.id)).toBe(hit.json.event);
      expect(hit.headers['x-service-event']).toBe(hit.json.event);
      expect(hit.path).toBe('/hooks/env');
      await expectSigned(hit, secret);
      expect(Object.keys(hit.json.data).sort()).toEqual(catalogueFields(hit.json.event));
      expect(Object.keys(hit.json.data)).toEqual(fieldNamesOf(hit.json.event as EventType));
    }
  });
});
