// SELF_TESTS for the webhook checks. Each entry is a broken deployment the check must FAIL against: a fault in
// front of the reference server (public API and dashboard), a fake webhook sender in front of the receiver, or
// both (support/webhook-deployment.ts). `fault` names it for the shared table; `broken` builds it, and
// webhooks.test.ts runs it (the generic suite.ts proxy alone cannot stand between the server and the receiver).

import { randomUUID } from 'node:crypto';
import { eventCatalogue } from '@ppapi/spec';
import type { Profile } from '../../src/runner';
import type { Fault, ProxyRequest } from '../support/broken';
import { errorResponse, isRec, jsonResponse, keyOf, readJson, withJson, withKey } from '../support/faults';
import {
  accepted,
  deliver,
  envelopeOf,
  rewrite,
  signature,
  subscriptionOf,
  withEnvelope,
  type WebhookFaultPair,
  type WebhookShared,
} from '../support/webhook-deployment';
import type { SelfTest, SelfTestTable } from './platform.self-tests';

type Rec = Record<string, unknown>;

export interface WebhookSelfTest extends SelfTest {
  readonly broken: (shared: WebhookShared) => WebhookFaultPair;
}

function broken(description: string, build: (shared: WebhookShared) => WebhookFaultPair, profile?: Profile): WebhookSelfTest {
  return { fault: () => ({ description }), broken: build, ...(profile ? { profile } : {}) };
}

const sender = (request: Fault['request'], response?: Fault['response']): WebhookFaultPair => ({ sender: { description: 'sender', request, ...(response ? { response } : {}) } });
const api = (fault: Omit<Fault, 'description'>): WebhookFaultPair => ({ api: { description: 'api', ...fault } });
const data = (e: Rec): Rec => (isRec(e.data) ? e.data : {});
const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** Forwards the delivery to the receiver in the background (the sender is answered 202 at once). */
function forwardLater(req: ProxyRequest, upstream: (r: ProxyRequest) => Promise<unknown>, delayMs = 0): void {
  setTimeout(() => void upstream(req).catch(() => undefined), delayMs).unref();
}

/** How many times the fake sender has seen this delivery id. */
function seen(shared: WebhookShared, id: string): number {
  const n = ((shared.state.get(`seen:${id}`) as number | undefined) ?? 0) + 1;
  shared.state.set(`seen:${id}`, n);
  return n;
}

/** A rent.overdue envelope with catalogue-shaped data, as a forger would make it. */
function forgedOverdue(landlordId: string): Rec {
  const fields: Rec = {};
  for (const f of eventCatalogue.find((e) => e.event === 'rent.overdue')?.fields ?? []) fields[f.name] = f.type === 'integer' ? 5 : f.type === 'number' ? 950 : f.type === 'date' ? '2026-01-01' : f.type === 'uuid' ? randomUUID() : 'forged';
  return { id: `evt_${randomUUID()}`, event: 'rent.overdue', created_at: new Date().toISOString(), landlord_id: landlordId, data: fields };
}

const DASH = '/dashboard/api';
const DOCUMENT = /^\/api\/public\/v1\/(properties|contracts)\/[^/]+\/documents\/[^/]+$/;

/** Rewrites the status of every delivery the dashboard's history lists (GET …/webhooks/{id}/deliveries). */
function historyStatuses(map: Readonly<Record<string, string>>): NonNullable<Fault['response']> {
  return (res, req) => {
    if (req.method !== 'GET' || !/^\/dashboard\/api\/webhooks\/[^/]+\/deliveries$/.test(req.path)) return undefined;
    const body = readJson(res);
    if (!isRec(body) || !Array.isArray(body.data)) return undefined;
    return withJson(res, { ...body, data: body.data.map((d) => (isRec(d) && typeof d.status === 'string' && map[d.status] ? { ...d, status: map[d.status] } : d)) });
  };
}
const INVOICE_EMAIL = /^\/api\/public\/v1\/rent\/([^/]+)\/invoice\/email$/;

/** The key of the landlord's live key, as the dashboard issued it. */
function liveKeyOf(shared: WebhookShared, landlordId: string): string | undefined {
  for (const [key, k] of shared.keys) if (k.landlordId === landlordId && k.mode === 'live') return key;
  return undefined;
}

// ---- faults shared by several checks ----------------------------------------------------------------------------

/** Deliveries of `event` report another status (re-signed, so only the value is wrong). */
function statusSays(event: string, status: string): WebhookSelfTest {
  return broken(`${event} deliveries report status "${status}"`, (s) => sender(rewrite(s, (e) => e.event === event, (e) => ({ ...e, data: { ...data(e), status } }))));
}

const wrongSecret = broken('deliveries are signed with a secret other than the subscription\'s', () =>
  sender((req) => ({ ...req, headers: { ...req.headers, 'x-service-signature-256': signature('whsec_not_the_subscription_secret', req.body) } })),
);

export const WEBHOOK_SELF_TESTS: Readonly<Record<string, readonly WebhookSelfTest[]>> = {
  'webhooks.liveWritesDeliverSignedCatalogueEnvelopes': [
    wrongSecret,
    broken('the body is re-serialised (pretty-printed) after signing', () =>
      sender((req) => {
        const e = envelopeOf(req);
        return e ? { ...req, body: Buffer.from(JSON.stringify(e, null, 2)) } : undefined;
      }),
    ),
    broken('X-Service-Delivery is left out', () => sender((req) => ({ ...req, headers: Object.fromEntries(Object.entries(req.headers).filter(([n]) => n !== 'x-service-delivery')) }))),
    broken('X-Service-Event names another event than the body', () => sender((req) => ({ ...req, headers: { ...req.headers, 'x-service-event': 'property.changed' } }))),
    broken('real deliveries carry _test: false', (s) => sender(rewrite(s, () => true, (e) => ({ ...e, _test: false, data: { ...data(e), _test: false } })))),
    broken('property deliveries lack a catalogue field (address)', (s) => sender(rewrite(s, (e) => String(e.event).startsWith('property.'), (e) => ({ ...e, data: Object.fromEntries(Object.entries(data(e)).filter(([k]) => k !== 'address')) })))),
    broken('amounts are sent as strings', (s) => sender(rewrite(s, (e) => 'rent_amount' in data(e), (e) => ({ ...e, data: { ...data(e), rent_amount: String(data(e).rent_amount) } })))),
    broken('deliveries are sent as text/plain', () => sender((req) => ({ ...req, headers: { ...req.headers, 'content-type': 'text/plain' } }))),
    broken('created_at is epoch milliseconds', (s) => sender(rewrite(s, () => true, (e) => ({ ...e, created_at: Date.parse(String(e.created_at)) })))),
    broken('subscriptions are swallowed: deliveries never reach the receiver', () => sender(() => accepted())),
    broken('property.deleted says status "Removed"', (s) => sender(rewrite(s, (e) => e.event === 'property.deleted', (e) => ({ ...e, data: { ...data(e), status: 'Removed' } })))),
    broken('sandbox property creates really write (and fire property.created), answered as mocks', (s) =>
      api({
        request: (req) => {
          const key = keyOf(req);
          const k = key ? s.keys.get(key) : undefined;
          if (req.method !== 'POST' || req.path !== '/api/public/v1/properties' || k?.mode !== 'sandbox') return undefined;
          const live = liveKeyOf(s, k.landlordId);
          return live ? withKey(req, live) : undefined;
        },
      }),
    ),
  ],

  'webhooks.testDeliveriesOfEveryEventTypeCarryTestFlag': [
    broken('test deliveries carry _test only at the top level, not inside data', (s) => sender(rewrite(s, (e) => e._test === true, (e) => ({ ...e, data: Object.fromEntries(Object.entries(data(e)).filter(([k]) => k !== '_test')) })))),
    broken('the test-delivery route answers 202 but sends nothing', () =>
      api({ request: (req) => (req.method === 'POST' && /^\/dashboard\/api\/webhooks\/[^/]+\/test$/.test(req.path) ? jsonResponse(202, { data: { status: 'pending' } }) : undefined) }),
    ),
    broken('a subscription to 33 event types is accepted (the 33rd silently dropped)', () =>
      api({
        request: (req) => {
          if (req.method !== 'POST' || !/^\/dashboard\/api\/landlords\/[^/]+\/webhooks$/.test(req.path)) return undefined;
          const body = JSON.parse(req.body.toString('utf8')) as Rec;
          if (!Array.isArray(body.events) || body.events.length <= 32) return undefined;
          return { ...req, body: Buffer.from(JSON.stringify({ ...body, events: body.events.slice(0, 32) })) };
        },
      }),
    ),
    broken('meter_reading.recorded test deliveries lack "registers"', (s) => sender(rewrite(s, (e) => e.event === 'meter_reading.recorded', (e) => ({ ...e, data: Object.fromEntries(Object.entries(data(e)).filter(([k]) => k !== 'registers')) })))),
  ],

  'webhooks.twoSubscriptionsGetTheSameIdEachSignedWithItsOwnSecret': [
    broken('each subscription\'s delivery gets an event id of its own', (s) => sender(rewrite(s, () => true, (e) => ({ ...e, id: `evt_${randomUUID()}` })))),
    broken("every delivery of a landlord is signed with its first subscription's secret", (s) =>
      sender((req) => {
        const sub = subscriptionOf(s, req);
        const first = sub && [...s.subscriptions.values()].find((x) => x.landlordId === sub.landlordId);
        return first ? { ...req, headers: { ...req.headers, 'x-service-signature-256': signature(first.secret, req.body) } } : undefined;
      }),
    ),
    broken('the subscription list shows the signing secrets again', (s) =>
      api({
        response: (res, req) => {
          if (req.method !== 'GET' || !/^\/dashboard\/api\/landlords\/[^/]+\/webhooks$/.test(req.path)) return undefined;
          const body = readJson(res);
          if (!isRec(body) || !Array.isArray(body.data)) return undefined;
          const secretOf = (id: unknown): string | undefined => [...s.subscriptions.values()].find((x) => x.id === id)?.secret;
          return withJson(res, { ...body, data: body.data.map((d) => (isRec(d) ? { ...d, secret: secretOf(d.id) } : d)) });
        },
      }),
    ),
    broken('only the first subscription of an event is delivered to', (s) =>
      sender((req) => {
        const sub = subscriptionOf(s, req);
        const first = sub && [...s.subscriptions.values()].find((x) => x.landlordId === sub.landlordId);
        return sub && first && first.id !== sub.id ? accepted() : undefined;
      }),
    ),
  ],

  'webhooks.invoiceSentFollowsALiveInvoiceEmailNeverASandboxOne': [
    broken('a sandbox invoice email really sends and queues rent.invoice_sent (answered as a sandbox mock)', (s) =>
      api({
        request: (req) => {
          const key = keyOf(req);
          const k = key ? s.keys.get(key) : undefined;
          if (req.method !== 'POST' || !INVOICE_EMAIL.test(req.path) || k?.mode !== 'sandbox') return undefined;
          const live = liveKeyOf(s, k.landlordId);
          return live ? withKey(req, live) : undefined;
        },
        response: (res, req) => {
          const key = keyOf(req);
          if (req.method !== 'POST' || !INVOICE_EMAIL.test(req.path) || (key ? s.keys.get(key)?.mode : undefined) !== 'sandbox' || res.status !== 200) return undefined;
          return { ...withJson(res, { data: { sent: false, sandbox: true } }), headers: { 'content-type': 'application/json; charset=utf-8', 'x-service-mode': 'sandbox' } };
        },
      }),
    ),
    broken('the invoice email answers only once its rent.invoice_sent delivery was answered (delivered inside the request)', (s) =>
      api({
        async response(res, req) {
          const m = INVOICE_EMAIL.exec(req.path);
          if (req.method !== 'POST' || !m || res.status !== 200 || (readJson(res) as Rec | undefined)?.data === undefined) return undefined;
          if (!isRec((readJson(res) as Rec).data) || ((readJson(res) as Rec).data as Rec).sent !== true) return undefined;
          const deadline = Date.now() + 20_000;
          while (Date.now() < deadline) {
            const list = (await (await fetch(`${s.receiverAdminUrl}/deliveries?event=rent.invoice_sent`)).json()) as { data: Array<{ envelope: Rec | null; status: number | null }> };
            if (list.data.some((a) => isRec(a.envelope) && data(a.envelope).rent_payment_id === m[1] && a.status !== null)) break;
            await new Promise((r) => setTimeout(r, 100));
          }
          return res;
        },
      }),
    ),
    broken('subscriptions point nowhere: nothing is ever delivered', () =>
      api({
        request: (req) => {
          if (req.method !== 'POST' || !/^\/dashboard\/api\/landlords\/[^/]+\/webhooks$/.test(req.path)) return undefined;
          const body = JSON.parse(req.body.toString('utf8')) as Rec;
          return { ...req, body: Buffer.from(JSON.stringify({ ...body, url: 'http://127.0.0.1:9/nowhere' })) };
        },
      }),
    ),
    broken('a repeated invoice email queues a second rent.invoice_sent', (s) => ({
      sender: {
        description: 'sender',
        request(req, ctx) {
          const e = envelopeOf(req);
          const sub = subscriptionOf(s, req);
          if (e?.event === 'rent.invoice_sent' && sub && typeof e.id === 'string' && seen(s, e.id) === 1) {
            forwardLater(withEnvelope(req, { ...e, id: `evt_${randomUUID()}` }, sub.secret), ctx.upstream, 300);
          }
          return undefined;
        },
      },
    })),
    broken("rent.invoice_sent names another contract than the payment's", (s) => sender(rewrite(s, (e) => e.event === 'rent.invoice_sent', (e) => ({ ...e, data: { ...data(e), contract_id: randomUUID() } })))),
    broken('rent.invoice_sent lacks tenant_email', (s) => sender(rewrite(s, (e) => e.event === 'rent.invoice_sent', (e) => ({ ...e, data: Object.fromEntries(Object.entries(data(e)).filter(([k]) => k !== 'tenant_email')) })))),
  ],

  'webhooks.failedDeliveriesAreRetriedTwiceWithTheSameId': [
    broken('failed deliveries are never retried (the sender takes any answer as success)', () =>
      sender(undefined, (res) => (is2xx(res.status) ? undefined : accepted())),
    ),
    broken('each retry carries a new event id', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        const sub = subscriptionOf(s, req);
        if (!e || !sub || typeof e.id !== 'string' || seen(s, e.id) === 1) return undefined;
        return withEnvelope(req, { ...e, id: `evt_${randomUUID()}` }, sub.secret);
      }),
    ),
    broken('failed deliveries are retried at once, not after the retry delays', () => ({
      sender: {
        description: 'sender',
        async request(req, ctx) {
          let res = await ctx.upstream(req);
          for (let i = 0; i < 2 && !is2xx(res.status); i++) res = await ctx.upstream(req);
          return accepted();
        },
      },
    })),
    broken('retries are signed with another secret (only the first attempt verifies)', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        if (!e || typeof e.id !== 'string' || seen(s, e.id) === 1) return undefined;
        return withEnvelope(req, e, 'not-the-subscription-secret');
      }),
    ),
    broken('a failed delivery is retried only once', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        return e && typeof e.id === 'string' && seen(s, e.id) >= 3 ? errorResponse(503, 'GONE', 'dropped by the fake sender') : undefined;
      }),
    ),
  ],

  'webhooks.threeFailuresArePermanentAndAManualRetryDelivers': [
    broken('a fourth automatic attempt follows the third failure', (s) => ({
      sender: {
        description: 'sender',
        async request(req, ctx) {
          const e = envelopeOf(req);
          const res = await ctx.upstream(req);
          if (e && typeof e.id === 'string' && seen(s, e.id) === 3 && !is2xx(res.status)) forwardLater(req, ctx.upstream, 500);
          return res;
        },
      },
    })),
    broken('the manual retry is sent as a test delivery (carries _test: true)', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        const sub = subscriptionOf(s, req);
        if (!e || !sub || typeof e.id !== 'string' || seen(s, e.id) !== 4) return undefined;
        return withEnvelope(req, { ...e, _test: true }, sub.secret);
      }),
    ),
    broken('the manual retry answers 202 but sends nothing', () =>
      api({ request: (req) => (req.method === 'POST' && /^\/dashboard\/api\/deliveries\/[^/]+\/retry$/.test(req.path) ? jsonResponse(202, { data: { status: 'pending' } }) : undefined) }),
    ),
    broken('the delivery history shows no latency', () =>
      api({
        response: (res, req) => {
          if (req.method !== 'GET' || !req.path.startsWith(`${DASH}/webhooks/`)) return undefined;
          const body = readJson(res);
          if (!isRec(body) || !Array.isArray(body.data)) return undefined;
          return withJson(res, { ...body, data: body.data.map((d) => (isRec(d) && Array.isArray(d.attempts) ? { ...d, attempts: d.attempts.map((a) => (isRec(a) ? { ...a, latencyMs: undefined } : a)) } : d)) });
        },
      }),
    ),
    broken('a manual retry gets a new event id', (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        const sub = subscriptionOf(s, req);
        if (!e || !sub || typeof e.id !== 'string' || seen(s, e.id) < 4) return undefined;
        return withEnvelope(req, { ...e, id: `evt_${randomUUID()}` }, sub.secret);
      }),
    ),
  ],

  'webhooks.answersSlowerThan10SecondsCountAsFailures': [
    broken('the sender has no 10-second timeout (it waits for the slow answer: a success)', () => ({
      sender: {
        description: 'sender',
        request(req, ctx) {
          forwardLater(req, ctx.upstream);
          return accepted(202);
        },
      },
    }), 'full'),
  ],

  'webhooks.portfolioLandlordsReceiveDeliveriesProfessionalOnesNone': [
    broken("a Professional landlord's new subscription is delivered to", (s) =>
      api({
        response(res, req) {
          const m = /^\/dashboard\/api\/landlords\/([^/]+)\/webhooks$/.exec(req.path);
          const body = readJson(res);
          const d = isRec(body) && isRec(body.data) ? body.data : undefined;
          if (req.method !== 'POST' || !m || s.plans.get(m[1]!) !== 'Professional' || !d || typeof d.url !== 'string' || typeof d.secret !== 'string') return undefined;
          const [url, secret] = [d.url, d.secret];
          setTimeout(() => void deliver(url, forgedOverdue(m[1]!), secret).catch(() => undefined), 300).unref();
          return undefined;
        },
      }),
    ),
    broken("a Portfolio landlord's deliveries are dropped", (s) =>
      sender((req) => {
        const e = envelopeOf(req);
        return e && s.plans.get(String(e.landlord_id)) === 'Portfolio' ? accepted() : undefined;
      }),
    ),
  ],

  'webhooks.liveDeletesFireTheMatchingDeletedEvents': [
    broken('a contract delete fires no contract.deleted (the deliveries are dropped)', () => sender((req) => (envelopeOf(req)?.event === 'contract.deleted' ? accepted() : undefined))),
    broken('contract.deleted reports the deleted contract as status "Ended"', (s) => sender(rewrite(s, (e) => e.event === 'contract.deleted', (e) => ({ ...e, data: { ...data(e), status: 'Ended' } })))),
    broken('document deletes fire no event (property_document.deleted and contract_document.deleted dropped)', () =>
      sender((req) => (/_document\.deleted$/.test(String(envelopeOf(req)?.event)) ? accepted() : undefined)),
    ),
    broken('a sandbox document delete really deletes (and fires property_document.deleted), answered as a mock', (s) =>
      api({
        request: (req) => {
          const key = keyOf(req);
          const k = key ? s.keys.get(key) : undefined;
          if (req.method !== 'DELETE' || !DOCUMENT.test(req.path) || k?.mode !== 'sandbox') return undefined;
          const live = liveKeyOf(s, k.landlordId);
          return live ? withKey(req, live) : undefined;
        },
        response: (res, req) => {
          const key = keyOf(req);
          if (req.method !== 'DELETE' || !DOCUMENT.test(req.path) || (key ? s.keys.get(key)?.mode : undefined) !== 'sandbox' || res.status !== 200) return undefined;
          const body = readJson(res);
          const d = isRec(body) && isRec(body.data) ? body.data : {};
          return { ...withJson(res, { data: { ...d, sandbox: true } }), headers: { 'content-type': 'application/json; charset=utf-8', 'x-service-mode': 'sandbox' } };
        },
      }),
    ),
  ],

  'webhooks.deletedAndCompletedStatusesAreTheCatalogueValues': [
    statusSays('maintenance.deleted', 'Removed'),
    statusSays('inspection.deleted', 'Deleted'),
    statusSays('inspection.completed', 'done'),
    statusSays('tenant.deleted', 'INACTIVE'),
    statusSays('contract.deleted', 'Ended'),
  ],

  'webhooks.deliveryHistoryShowsPendingRetryScheduledSucceeded': [
    broken('the delivery history never shows a delivery pending (retry_scheduled from the start)', () => api({ response: historyStatuses({ pending: 'retry_scheduled' }) })),
    broken('a failed attempt leaves the delivery "pending" in the history (never retry_scheduled)', () => api({ response: historyStatuses({ retry_scheduled: 'pending' }) })),
    broken('a network error counts as a success: the delivery is never retried', () => ({
      sender: {
        description: 'sender',
        async request(req, ctx) {
          try {
            return await ctx.upstream(req);
          } catch {
            return accepted();
          }
        },
      },
    })),
    broken('a 2xx answer does not end the delivery: the sender counts it a failure and retries', () => sender(undefined, (res) => (is2xx(res.status) ? errorResponse(500, 'SENDER_FAULT', 'the fake sender ignores 2xx') : undefined))),
  ],
};

/** The same table in the shape the completeness test counts. */
export const WEBHOOK_SELF_TEST_TABLE: SelfTestTable = WEBHOOK_SELF_TESTS;
