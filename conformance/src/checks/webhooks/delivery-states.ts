// States and transitions, webhook delivery: "attempt pending, succeeded, retry scheduled, permanently failed";
// "attempt 1 failed (non-2xx, timeout or network error): retry scheduled"; "any attempt answered with 2xx:
// succeeded". The receiver holds the first attempt of a tenant.created delivery and then drops the connection
// (a network error to the sender); meanwhile the dashboard's delivery history shows the delivery pending, then retry
// scheduled; the retry comes about the first retry delay later, is answered 200, and the history shows it succeeded
// with no further attempt. (The fourth state, permanently failed, is webhooks.threeFailuresArePermanentAnd….)
//
// tenant.created is an event no other webhook check subscribes to or scripts. Which write emits it is not shown
// (EVT-GAP-1): a deployment whose POST /tenants emits none makes the check skip. Like the other retry checks it waits
// through the first retry delay, so the quick profile runs it only against a target declaring short delays.

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { createOwnTenant } from '../shared/own-data';
import { expectDelivery, idOf } from './deliveries';
import { PER_DELIVERY } from './envelopes';
import { ARRIVAL_MS, describeAttempts, MockReceiverClient } from './mock-receiver-client';
import { attemptsOf, describeWindow, historyEntry, retryDelays, spacingMs, waitForHistory, window } from './retries';
import { createProperty, GROUP, ownLandlord, subscribe } from './setup';

const EVENT = 'tenant.created';
/** How long the receiver holds the first attempt before dropping the connection (well under the 10-second timeout). */
const HOLD_MS = 4_000;
/** The history must be read this long before the hold ends for "pending" to be a fair observation. */
const MARGIN_MS = 1_000;
const CHECK_TIMEOUT_MS = 2.5 * 3600_000;

export const deliveryStatesInTheDashboardHistory = defineCheck({
  id: 'webhooks.deliveryHistoryShowsPendingRetryScheduledSucceeded',
  title:
    'A delivery whose first attempt ends in a network error shows in the dashboard history as pending, then retry scheduled; the retry, about the first retry delay later and answered 200, makes it succeeded with no further attempt',
  group: GROUP,
  rules: [
    'STATE-9',
    'STATE-23',
    'STATE-26',
    'EVT-DELIVERY-1',
    'EVT-DELIVERY-2',
    'EVT-DELIVERY-3',
    'EVT-DELIVERY-4',
    'EVT-ENV-8',
    ...PER_DELIVERY,
    'EVT-CAT-tenant.created',
  ],
  needs: ['webhook', 'dashboard'],
  timeoutMs: CHECK_TIMEOUT_MS,
  async run(ctx: CheckContext) {
    const delays = retryDelays(ctx);
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'states');
    const sub = await subscribe(ctx, receiver, landlord.id, [EVENT], 'states');
    // 'timeout': the receiver never answers and destroys the connection after HOLD_MS.
    await receiver.script({
      match: { landlordId: landlord.id, event: EVENT },
      failFirst: 1,
      mode: 'timeout',
      delayMs: HOLD_MS,
    });
    const property = await createProperty(ctx, landlord, 'webhook-states');
    const tenant = await createOwnTenant(ctx, String(property.id), 'webhook-states', landlord.key);

    const arrived = await attemptsOf(ctx, receiver, sub, EVENT, 'tenant_id', tenant.id, 1, ARRIVAL_MS);
    const seenAt = ctx.clock.now();
    const first = arrived[0];
    if (!first)
      ctx.skip(
        `no ${EVENT} delivery for the check's tenant within ${ARRIVAL_MS / 1000} s of POST /tenants (which writes emit which events is not shown, EVT-GAP-1)`,
      );
    expectDelivery(ctx, first, { event: EVENT, sub, test: false });
    const eventId = idOf(first) as string;

    // Attempt 1 is in flight (held by the receiver): the delivery is pending.
    const during = await historyEntry(ctx, sub, eventId);
    const readInTime = ctx.clock.now() - seenAt < HOLD_MS - MARGIN_MS;
    if (readInTime) {
      ctx.expect(
        during?.status === 'pending',
        `delivery ${eventId} "pending" in the dashboard history while its first attempt is unanswered`,
        () => describeValue(during?.raw ?? 'not listed'),
        undefined,
        { rules: ['STATE-9', 'EVT-DELIVERY-4'] },
      );
    }

    // The connection is dropped (a network error): retry scheduled, one attempt recorded.
    const failed = await waitForHistory(ctx, sub, eventId, (d) => d.status !== 'pending', HOLD_MS + 10_000);
    ctx.expect(
      failed?.status === 'retry_scheduled' && failed.attempts.length === 1,
      `delivery ${eventId} "retry_scheduled" with one attempt after its first attempt ended in a network error (the receiver dropped the connection)`,
      () => describeValue(failed?.raw ?? 'not listed'),
      undefined,
      { rules: ['STATE-9', 'STATE-23', 'EVT-DELIVERY-2'] },
    );

    // The retry, about the first delay after the dropped attempt, is answered 200.
    const w = window(delays[0], HOLD_MS);
    const attempts = await attemptsOf(ctx, receiver, sub, EVENT, 'tenant_id', tenant.id, 2, w[1] + ARRIVAL_MS);
    ctx.expect(
      attempts.length >= 2,
      `a retry of ${eventId} after the network error`,
      () => describeAttempts(attempts),
      undefined,
      { rules: ['STATE-23', 'EVT-DELIVERY-2'] },
    );
    const second = attempts[1];
    // The retry is a real delivery like the first: graded in full (signature, headers, envelope, no _test).
    expectDelivery(ctx, second, { event: EVENT, sub, test: false });
    ctx.expect(
      idOf(second) === eventId,
      'the retry to reuse the event id',
      () => describeValue(idOf(second)),
      undefined,
      { rules: ['EVT-DELIVERY-3'] },
    );
    const gap = spacingMs(first, second);
    ctx.expect(
      gap >= w[0] && gap <= w[1],
      `the retry about ${delays[0]} s (the first retry delay) after the dropped attempt ended (${describeWindow(w)} after it arrived)`,
      () => `${(gap / 1000).toFixed(1)} s`,
      undefined,
      { rules: ['STATE-23', 'EVT-DELIVERY-2'] },
    );
    ctx.expect(
      second.status !== null && second.status >= 200 && second.status < 300,
      'the receiver to answer the retry 2xx',
      () => describeAttempts(attempts),
      undefined,
      { rules: ['STATE-26'] },
    );

    // A 2xx answer: succeeded, and no further attempt.
    const done = await waitForHistory(
      ctx,
      sub,
      eventId,
      (d) => d.status !== 'retry_scheduled' && d.status !== 'pending',
    );
    ctx.expect(
      done?.status === 'succeeded' && done.attempts.length === 2,
      `delivery ${eventId} "succeeded" with two attempts once the retry was answered 2xx`,
      () => describeValue(done?.raw ?? 'not listed'),
      undefined,
      { rules: ['STATE-9', 'STATE-26', 'EVT-DELIVERY-1', 'EVT-DELIVERY-4'] },
    );
    const after = await attemptsOf(ctx, receiver, sub, EVENT, 'tenant_id', tenant.id, 3, 0);
    ctx.expect(after.length === 2, 'no attempt after the one answered 2xx', () => describeAttempts(after), undefined, {
      rules: ['STATE-26', 'EVT-DELIVERY-1'],
    });
    ctx.note(
      `${eventId}: ${readInTime ? 'pending while held, ' : ''}retry_scheduled after the dropped connection, retried after ${(gap / 1000).toFixed(1)} s, succeeded`,
    );
  },
});
