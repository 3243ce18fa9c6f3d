// Deliveries the suite causes itself, checked one by one: real ones from its own property writes, dashboard test
// deliveries of every event type, and one event fanned out to two subscriptions with different secrets.

import { writeName } from '../shared/unnamed';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { EVENT_TYPES } from '../../rules/event-types';
import { EVENT_TYPE_COUNT, EVENT_TYPES_PER_ENDPOINT as MOST } from '../../rules/limits';
import { isRecord, propertyBody } from '../shared/util';
import { about, bodyOf, dataOf, expectDelivery, forSubscription, idOf } from './deliveries';
import { ARRIVAL_MS, describeAttempts, MockReceiverClient, type Attempt } from './mock-receiver-client';
import { createProperty, GROUP, ownLandlord, subscribe, type Subscription } from './setup';

const NEEDS = ['webhook', 'dashboard'] as const;
/** Rules every fully checked delivery proves (expectDelivery). */
export const PER_DELIVERY = [
  'EVT-REQ-1',
  'EVT-REQ-2',
  'EVT-REQ-3',
  'EVT-REQ-4',
  'EVT-REQ-5',
  'EVT-REQ-6',
  'EVT-ENV-1',
  'EVT-ENV-3',
  'EVT-ENV-4',
  'EVT-ENV-5',
  'EVT-ENV-6',
  'EVT-ENV-9',
  'AUTH-9',
];
const PROPERTY_EVENTS = ['property.created', 'property.updated', 'property.deleted'] as const;

/** The first attempt of each event about one resource, once all `events` arrived or `timeoutMs` passed. */
async function firstAttempts(
  ctx: CheckContext,
  receiver: MockReceiverClient,
  sub: Subscription,
  events: readonly string[],
  field: string,
  value: string,
  timeoutMs = ARRIVAL_MS,
): Promise<{ found: Map<string, Attempt>; attempts: Attempt[] }> {
  const pick = (attempts: readonly Attempt[]): Map<string, Attempt> => {
    const found = new Map<string, Attempt>();
    for (const event of events) {
      const first = about(attempts, sub, event, field, value)[0];
      if (first) found.set(event, first);
    }
    return found;
  };
  const { value: all, attempts } = await receiver.waitFor(
    sub.landlordId,
    (a) => {
      const found = pick(a);
      return found.size === events.length ? found : undefined;
    },
    timeoutMs,
  );
  return { found: all ?? pick(attempts), attempts };
}

export const liveWritesDeliverSignedCatalogueEnvelopes = defineCheck({
  id: 'webhooks.liveWritesDeliverSignedCatalogueEnvelopes',
  title:
    "Creating, updating and deleting a property delivers signed property.* events to a dashboard subscription: POST, JSON, HMAC over the raw body, X-Service-Event/-Delivery, the envelope without _test, the catalogue's data fields",
  group: GROUP,
  rules: [
    ...PER_DELIVERY,
    'EVT-ENV-8',
    'EVT-DELIVERY-9',
    'EVT-CAT-property.created',
    'EVT-CAT-property.updated',
    'EVT-CAT-property.deleted',
    'AUTH-2',
    'OVERVIEW-6',
  ],
  needs: [...NEEDS],
  async run(ctx: CheckContext) {
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'writes', { sandbox: true });
    const sub = await subscribe(ctx, receiver, landlord.id, PROPERTY_EVENTS, 'writes');
    // A sandbox create writes nothing, so it fires no property.created (looked for once the live events are in).
    const sandboxTag = 'webhook-sandbox-write';
    const sandbox = await ctx.http.request({
      method: 'POST',
      path: '/properties',
      key: landlord.sandboxKey,
      json: propertyBody(ctx, sandboxTag),
    });
    const sandboxCreated = sandbox.status === 200 || sandbox.status === 201;
    const property = await createProperty(ctx, landlord, 'webhook-writes');
    const id = String(property.id);
    const patch = await ctx.http.request({
      method: 'PATCH',
      path: `/properties/${id}`,
      key: landlord.key,
      json: { [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} webhook-writes renamed` },
    });
    ctx.expectStatus(patch, 200);
    const del = await ctx.http.request({ method: 'DELETE', path: `/properties/${id}`, key: landlord.key });
    ctx.expectStatus(del, [200, 204]);

    const { found, attempts } = await firstAttempts(ctx, receiver, sub, PROPERTY_EVENTS, 'property_id', id);
    ctx.expect(
      found.size > 0,
      `at least one of ${PROPERTY_EVENTS.join(', ')} for property ${id} (the check created, updated and deleted it; the catalogue fires them when a property is created, updated, deleted) within ${ARRIVAL_MS / 1000} s`,
      () => describeAttempts(forSubscription(attempts, sub)),
      undefined,
      { rules: PROPERTY_EVENTS.map((e) => `EVT-CAT-${e}`) },
    );
    for (const [event, attempt] of found) expectDelivery(ctx, attempt, { event, sub, test: false });
    const deleted = found.get('property.deleted');
    if (deleted)
      ctx.expect(
        dataOf(deleted)?.status === 'Deleted',
        'property.deleted with status "Deleted"',
        () => describeValue(dataOf(deleted)?.status),
        undefined,
        { rules: ['EVT-CAT-property.deleted'] },
      );
    if (sandboxCreated) {
      const fromSandbox = forSubscription(await receiver.deliveries(landlord.id), sub).filter((a) =>
        JSON.stringify(dataOf(a) ?? {}).includes(sandboxTag),
      );
      ctx.expect(
        fromSandbox.length === 0,
        'no event for the property the sandbox key "created" (sandbox writes write nothing)',
        () => describeAttempts(fromSandbox),
        undefined,
        { rules: ['AUTH-2'] },
      );
    } else {
      ctx.note(`the sandbox create answered ${describeResponse(sandbox)}, so its absence of events was not checked`);
    }
    const missing = PROPERTY_EVENTS.filter((e) => !found.has(e));
    ctx.note(
      `${[...found.keys()].join(', ')} delivered and verified${missing.length ? `; not emitted within ${ARRIVAL_MS / 1000} s: ${missing.join(', ')} (which writes emit which events is not shown, EVT-GAP-1)` : ''}`,
    );
  },
});

/** How long the test deliveries (one per event type) may take to arrive, all together. */
const BATCH_ARRIVAL_MS = 3 * ARRIVAL_MS;

/** The items in runs of `size` (the event types in subscriptions of at most the per-endpoint limit). */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const testDeliveriesOfEveryEventType = defineCheck({
  id: 'webhooks.testDeliveriesOfEveryEventTypeCarryTestFlag',
  title: `A dashboard test delivery of each of the ${EVENT_TYPE_COUNT} event types arrives signed, with _test: true at the top level and inside data, and data carrying every catalogue field; one endpoint takes at most ${MOST} types`,
  group: GROUP,
  rules: [
    ...PER_DELIVERY,
    'EVT-ENV-7',
    'EVT-DELIVERY-7',
    'EVT-DELIVERY-8',
    'EVT-DELIVERY-10',
    ...EVENT_TYPES.map((e) => `EVT-CAT-${e.type}`),
    'EVT-CAT-CHANGEOVER',
  ],
  needs: [...NEEDS],
  async run(ctx: CheckContext) {
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'test-deliveries');
    const types = EVENT_TYPES.map((e) => e.type);

    // At most the per-endpoint limit of event types on one registered endpoint.
    const hooks = ctx.target.webhooks;
    if (!hooks) ctx.skip('needs a webhook receiver: the target has no "webhooks" section');
    const tooMany = await ctx.dashboard.request({
      method: 'POST',
      path: `/landlords/${landlord.id}/webhooks`,
      json: {
        url: hooks.receiverUrl,
        events: types.slice(0, MOST + 1),
        description: `${ctx.marker} ${MOST + 1} types`,
      },
    });
    const created = isRecord(tooMany.json) && isRecord(tooMany.json.data) ? tooMany.json.data.id : undefined;
    if (typeof created === 'string')
      ctx.cleanup(() => ctx.dashboard.request({ method: 'DELETE', path: `/webhooks/${created}` }));
    ctx.expect(
      tooMany.status >= 400 && tooMany.status < 500,
      `a subscription to ${MOST + 1} event types to be refused (4xx): one endpoint subscribes to at most ${MOST}`,
      () => describeResponse(tooMany),
      tooMany.exchange,
      { rules: ['EVT-DELIVERY-8'] },
    );

    // Every type, in subscriptions within the per-endpoint limit (all are accepted: EVT-DELIVERY-7).
    const subs: Subscription[] = [];
    for (const [i, part] of chunks(types, MOST).entries())
      subs.push(await subscribe(ctx, receiver, landlord.id, part, `test-deliveries-${i + 1}`));
    for (const sub of subs) {
      for (const event of sub.events) {
        const res = await ctx.dashboard.request({ method: 'POST', path: `/webhooks/${sub.id}/test`, json: { event } });
        ctx.expect(
          res.status >= 200 && res.status < 300,
          `the dashboard to send a test delivery of ${event} (POST /webhooks/{id}/test → 2xx)`,
          () => describeResponse(res),
          res.exchange,
          { rules: ['EVT-DELIVERY-10'] },
        );
      }
    }

    const firstOf = (attempts: readonly Attempt[], sub: Subscription, event: string): Attempt | undefined =>
      forSubscription(attempts, sub).find((a) => (bodyOf(a)?.event ?? a.event) === event);
    const pick = (attempts: readonly Attempt[]): Map<string, [Subscription, Attempt]> => {
      const found = new Map<string, [Subscription, Attempt]>();
      for (const sub of subs)
        for (const event of sub.events) {
          const a = firstOf(attempts, sub, event);
          if (a) found.set(event, [sub, a]);
        }
      return found;
    };
    // The deliveries queue behind each other and behind other checks' deliveries: a longer bound than one
    // delivery's (it is only waited out when one never comes).
    const { value, attempts } = await receiver.waitFor(
      landlord.id,
      (a) => {
        const found = pick(a);
        return found.size === types.length ? found : undefined;
      },
      BATCH_ARRIVAL_MS,
    );
    const found = value ?? pick(attempts);
    const missing = types.filter((t) => !found.has(t));
    ctx.expect(
      missing.length === 0,
      `a test delivery of each of the ${types.length} types within ${BATCH_ARRIVAL_MS / 1000} s`,
      () => `none for ${missing.join(', ')} (${describeAttempts(attempts, 3)})`,
      undefined,
      { rules: ['EVT-DELIVERY-10', 'EVT-ENV-7'] },
    );
    for (const event of types) {
      const [sub, attempt] = found.get(event) as [Subscription, Attempt];
      expectDelivery(ctx, attempt, { event, sub, test: true });
    }

    // A meter reading on a changeover date links one check_out and one check_in contract.
    const reading = dataOf((found.get('meter_reading.recorded') as [Subscription, Attempt])[1]);
    if (reading?.reason === 'changeover') {
      const roles = Array.isArray(reading.contracts)
        ? reading.contracts.map((c) => (isRecord(c) ? c.role : undefined)).sort()
        : [];
      ctx.expect(
        roles.length === 2 && roles[0] === 'check_in' && roles[1] === 'check_out',
        'a changeover meter reading to carry two contract links, one check_out and one check_in',
        () => describeValue(reading.contracts),
        undefined,
        { rules: ['EVT-CAT-CHANGEOVER'] },
      );
    }
    ctx.note(
      `${types.length} test deliveries verified (_test in envelope and data, catalogue fields); a ${MOST + 1}-type subscription answered ${tooMany.status}${reading?.reason === 'changeover' ? '; the changeover reading links check_out and check_in' : ''}`,
    );
  },
});

export const oneEventFansOutWithOneIdAndPerSubscriptionSecrets = defineCheck({
  id: 'webhooks.twoSubscriptionsGetTheSameIdEachSignedWithItsOwnSecret',
  title:
    'Two subscriptions to the same event each get a delivery with the same id, each signed with its own secret only; the secrets differ and are not shown again',
  group: GROUP,
  rules: [...PER_DELIVERY, 'EVT-ENV-2', 'EVT-ENV-8', 'EVT-DELIVERY-3', 'EVT-CAT-property.created'],
  needs: [...NEEDS],
  async run(ctx: CheckContext) {
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'fanout');
    const a = await subscribe(ctx, receiver, landlord.id, ['property.created'], 'fanout-a');
    const b = await subscribe(ctx, receiver, landlord.id, ['property.created'], 'fanout-b');
    ctx.expect(
      a.secret !== b.secret,
      'each subscription to get a signing secret of its own',
      () => 'both subscriptions got the same secret',
      b.created.exchange,
      { rules: ['AUTH-9'] },
    );

    // Shown once: the subscription list does not show a secret again.
    const list = await ctx.dashboard.request({ path: `/landlords/${landlord.id}/webhooks` });
    ctx.expectStatus(list, 200, { rules: ['AUTH-9'] });
    ctx.expect(
      !list.text.includes(a.secret) && !list.text.includes(b.secret),
      'the subscription list (GET /landlords/{id}/webhooks) not to show the signing secrets again (shown once, at creation)',
      () => 'a secret appears in the list',
      list.exchange,
      { rules: ['AUTH-9'] },
    );

    const property = await createProperty(ctx, landlord, 'webhook-fanout');
    const id = String(property.id);
    const { value, attempts } = await receiver.waitFor(landlord.id, (all) => {
      const first = about(all, a, 'property.created', 'property_id', id)[0];
      const second = about(all, b, 'property.created', 'property_id', id)[0];
      return first && second ? ([first, second] as const) : undefined;
    });
    ctx.expect(
      value !== undefined,
      `a property.created delivery for property ${id} at each of the two subscriptions within ${ARRIVAL_MS / 1000} s`,
      () =>
        `first: ${describeAttempts(forSubscription(attempts, a))}; second: ${describeAttempts(forSubscription(attempts, b))}`,
      undefined,
      { rules: ['EVT-DELIVERY-3', 'EVT-CAT-property.created'] },
    );
    const [first, second] = value;
    expectDelivery(ctx, first, { event: 'property.created', sub: a, test: false, otherSecrets: [b.secret] });
    expectDelivery(ctx, second, { event: 'property.created', sub: b, test: false, otherSecrets: [a.secret] });
    ctx.expect(
      idOf(first) === idOf(second),
      'both deliveries to carry the same event id',
      () => `${idOf(first)} and ${idOf(second)}`,
      undefined,
      { rules: ['EVT-DELIVERY-3', 'EVT-ENV-2'] },
    );
    ctx.note(
      `one property.created, id ${idOf(first)}, delivered to both subscriptions, each signed with its own secret only`,
    );
  },
});
