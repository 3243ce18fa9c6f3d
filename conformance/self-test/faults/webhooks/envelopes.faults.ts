// The faults of the checks in envelopes.ts: each must make its check FAIL (a broken deployment per fault).
import { randomUUID } from 'node:crypto';
import { isRec, jsonResponse, keyOf, readJson, withJson, withKey } from '../../support/faults';
import { accepted, envelopeOf, rewrite, signature, subscriptionOf } from '../../support/webhook-deployment';
import { Rec, broken, sender, api, data, liveKeyOf, wrongSecret } from '../../support/webhook-fault-helpers';
import type { WebhookFaultTable } from '../../support/self-test';
import { EVENT_TYPES_PER_ENDPOINT as MOST } from '../../../src/rules/limits';

/** Run with a mock receiver and a fake sender per run (support/webhook-deployment.ts), on the system clock. */
export const webhookFaults: WebhookFaultTable = {
  'webhooks.liveWritesDeliverSignedCatalogueEnvelopes': [
    wrongSecret,
    broken('the body is re-serialised (pretty-printed) after signing', () =>
      sender((req) => {
        const e = envelopeOf(req);
        return e ? { ...req, body: Buffer.from(JSON.stringify(e, null, 2)) } : undefined;
      }),
    ),
    broken('X-Service-Delivery is left out', () =>
      sender((req) => ({
        ...req,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([n]) => n !== 'x-service-delivery')),
      })),
    ),
    broken('X-Service-Event names another event than the body', () =>
      sender((req) => ({ ...req, headers: { ...req.headers, 'x-service-event': 'property.changed' } })),
    ),
    broken('real deliveries carry _test: false', (s) =>
      sender(
        rewrite(
          s,
          () => true,
          (e) => ({ ...e, _test: false, data: { ...data(e), _test: false } }),
        ),
      ),
    ),
    // Members beyond the Envelope table are allowed (webhook-envelope-extra-members); one of its own missing is not.
    broken('deliveries leave landlord_id out of the envelope', (s) =>
      sender(
        rewrite(
          s,
          () => true,
          (e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'landlord_id')),
        ),
      ),
    ),
    broken('property deliveries lack a catalogue field (address)', (s) =>
      sender(
        rewrite(
          s,
          (e) => String(e.event).startsWith('property.'),
          (e) => ({ ...e, data: Object.fromEntries(Object.entries(data(e)).filter(([k]) => k !== 'address')) }),
        ),
      ),
    ),
    broken('amounts are sent as strings', (s) =>
      sender(
        rewrite(
          s,
          (e) => 'rent_amount' in data(e),
          (e) => ({ ...e, data: { ...data(e), rent_amount: String(data(e).rent_amount) } }),
        ),
      ),
    ),
    broken('deliveries are sent as text/plain', () =>
      sender((req) => ({ ...req, headers: { ...req.headers, 'content-type': 'text/plain' } })),
    ),
    broken('created_at is epoch milliseconds', (s) =>
      sender(
        rewrite(
          s,
          () => true,
          (e) => ({ ...e, created_at: Date.parse(String(e.created_at)) }),
        ),
      ),
    ),
    broken('subscriptions are swallowed: deliveries never reach the receiver', () => sender(() => accepted())),
    broken('property.deleted says status "Removed"', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'property.deleted',
          (e) => ({ ...e, data: { ...data(e), status: 'Removed' } }),
        ),
      ),
    ),
    broken('sandbox property creates really write (and fire property.created), answered as mocks', (s) =>
      api({
        request: (req) => {
          const key = keyOf(req);
          const k = key ? s.keys.get(key) : undefined;
          if (req.method !== 'POST' || req.path !== '/api/public/v1/properties' || k?.mode !== 'sandbox')
            return undefined;
          const live = liveKeyOf(s, k.landlordId);
          return live ? withKey(req, live) : undefined;
        },
      }),
    ),
  ],
  'webhooks.testDeliveriesOfEveryEventTypeCarryTestFlag': [
    broken("test deliveries are signed with another secret than the subscription's", () =>
      sender((req) =>
        envelopeOf(req)?._test === true
          ? {
              ...req,
              headers: {
                ...req.headers,
                'x-service-signature-256': signature('whsec_not_the_subscription_secret', req.body),
              },
            }
          : undefined,
      ),
    ),
    broken('test deliveries send X-Service-Delivery with the evt_ prefix', () =>
      sender((req) => {
        const e = envelopeOf(req);
        return e?._test === true && typeof e.id === 'string'
          ? { ...req, headers: { ...req.headers, 'x-service-delivery': e.id } }
          : undefined;
      }),
    ),
    broken('test deliveries carry _test: "true" (a string) inside data', (s) =>
      sender(
        rewrite(
          s,
          (e) => e._test === true,
          (e) => ({ ...e, data: { ...data(e), _test: 'true' } }),
        ),
      ),
    ),
    broken('test deliveries carry _test only at the top level, not inside data', (s) =>
      sender(
        rewrite(
          s,
          (e) => e._test === true,
          (e) => ({ ...e, data: Object.fromEntries(Object.entries(data(e)).filter(([k]) => k !== '_test')) }),
        ),
      ),
    ),
    broken('the test-delivery route answers 202 but sends nothing', () =>
      api({
        request: (req) =>
          req.method === 'POST' && /^\/provisioning\/v1\/webhooks\/[^/]+\/test$/.test(req.path)
            ? jsonResponse(202, { data: { status: 'pending' } })
            : undefined,
      }),
    ),
    broken(`a subscription to ${MOST + 1} event types is accepted (the last silently dropped)`, () =>
      api({
        request: (req) => {
          if (req.method !== 'POST' || !/^\/provisioning\/v1\/landlords\/[^/]+\/webhooks$/.test(req.path))
            return undefined;
          const body = JSON.parse(req.body.toString('utf8')) as Rec;
          if (!Array.isArray(body.events) || body.events.length <= MOST) return undefined;
          return { ...req, body: Buffer.from(JSON.stringify({ ...body, events: body.events.slice(0, MOST) })) };
        },
      }),
    ),
    broken('meter_reading.recorded test deliveries lack "registers"', (s) =>
      sender(
        rewrite(
          s,
          (e) => e.event === 'meter_reading.recorded',
          (e) => ({ ...e, data: Object.fromEntries(Object.entries(data(e)).filter(([k]) => k !== 'registers')) }),
        ),
      ),
    ),
  ],
  'webhooks.twoSubscriptionsGetTheSameIdEachSignedWithItsOwnSecret': [
    broken("each subscription's delivery gets an event id of its own", (s) =>
      sender(
        rewrite(
          s,
          () => true,
          (e) => ({ ...e, id: `evt_${randomUUID()}` }),
        ),
      ),
    ),
    broken("every delivery of a landlord is signed with its first subscription's secret", (s) =>
      sender((req) => {
        const sub = subscriptionOf(s, req);
        const first = sub && [...s.subscriptions.values()].find((x) => x.landlordId === sub.landlordId);
        return first
          ? { ...req, headers: { ...req.headers, 'x-service-signature-256': signature(first.secret, req.body) } }
          : undefined;
      }),
    ),
    broken('the subscription list shows the signing secrets again', (s) =>
      api({
        response: (res, req) => {
          if (req.method !== 'GET' || !/^\/provisioning\/v1\/landlords\/[^/]+\/webhooks$/.test(req.path))
            return undefined;
          const body = readJson(res);
          if (!isRec(body) || !Array.isArray(body.data)) return undefined;
          const secretOf = (id: unknown): string | undefined =>
            [...s.subscriptions.values()].find((x) => x.id === id)?.secret;
          return withJson(res, {
            ...body,
            data: body.data.map((d: unknown) => (isRec(d) ? { ...d, secret: secretOf(d.id) } : d)),
          });
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
};
