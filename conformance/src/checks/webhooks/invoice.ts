// rent.invoice_sent: the one event the spec ties to a REST write. After a successful live invoice email it is
// delivered later, by a background job (never inside the request); a sandbox invoice email queues none.

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { suiteEmail, suitePeriod } from '../shared/own-data';
import { addDays, utcDate } from '../shared/dates';
import { isRecord, type Json } from '../shared/util';
import { about, expectDelivery, idsOf } from './deliveries';
import { dueDate } from './event-values';
import { ARRIVAL_MS, describeAttempts, MockReceiverClient } from './mock-receiver-client';
import { createChain, createRent, GROUP, ownLandlord, subscribe } from './setup';

/** The receiver holds each rent.invoice_sent delivery this long (then answers 2xx, within the 10-second timeout). */
const HOLD_MS = 8_000;

function emailResult(
  ctx: CheckContext,
  res: Awaited<ReturnType<CheckContext['http']['request']>>,
  what: string,
  rules: readonly string[],
): Json {
  const data = isRecord(res.json) ? res.json.data : undefined;
  ctx.expect(
    res.status === 200 && isRecord(data),
    `${what}: 200 { data: { sent, sandbox } }`,
    () => describeResponse(res),
    res.exchange,
    { rules },
  );
  return data;
}

export const invoiceSentAfterLiveEmailOnlyAndAsynchronously = defineCheck({
  id: 'webhooks.invoiceSentFollowsALiveInvoiceEmailNeverASandboxOne',
  title:
    'A live invoice email is followed by one rent.invoice_sent delivery, sent after the response (not inside the request); a sandbox invoice email and a repeated send queue none',
  group: GROUP,
  rules: [
    'RENT-EMAIL-6',
    'RENT-EMAIL-8',
    'RENT-EMAIL-2',
    'EVT-DELIVERY-6',
    'EVT-CAT-rent.invoice_sent',
    'EVT-CAT-rent.created',
    'EVT-ENV-8',
    'EVT-REQ-4',
  ],
  needs: ['webhook', 'dashboard'],
  async run(ctx: CheckContext) {
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'invoice', { sandbox: true });
    const sub = await subscribe(ctx, receiver, landlord.id, ['rent.invoice_sent', 'rent.created'], 'invoice');
    const chain = await createChain(ctx, landlord, 'webhook-invoice');
    const payment = await createRent(ctx, landlord, chain, {
      period: suitePeriod(ctx, 'webhook invoice'),
      status: 'Pending',
      due: addDays(utcDate(), 20),
    });
    const paymentId = String(payment.id);
    const address = suiteEmail(ctx, 'webhook-invoice');
    const path = `/rent/${paymentId}/invoice/email`;

    // 1. Sandbox: sends nothing and queues no webhook.
    const sandbox = await ctx.http.request({
      method: 'POST',
      path,
      key: landlord.sandboxKey,
      json: { email: address },
    });
    const sandboxData = emailResult(ctx, sandbox, 'the sandbox invoice email', ['RENT-EMAIL-8']);
    ctx.expect(
      sandboxData.sent === false && sandboxData.sandbox === true,
      'the sandbox invoice email to answer sent: false, sandbox: true',
      () => describeValue(sandboxData),
      sandbox.exchange,
      { rules: ['RENT-EMAIL-8'] },
    );

    // 2. A later live event of the same subscription bounds the wait: by the time it arrived, a rent.invoice_sent
    //    queued by the sandbox send would have too.
    const later = await createRent(ctx, landlord, chain, {
      period: suitePeriod(ctx, 'webhook barrier'),
      status: 'Pending',
      due: addDays(utcDate(), 50),
    });
    const laterId = String(later.id);
    const barrier = await receiver.waitFor(
      landlord.id,
      (all) => about(all, sub, 'rent.created', 'rent_payment_id', laterId)[0],
    );
    const early = about(barrier.attempts, sub, 'rent.invoice_sent', 'rent_payment_id', paymentId);
    ctx.expect(
      early.length === 0,
      `no rent.invoice_sent for payment ${paymentId} after its sandbox invoice email (checked once ${barrier.value ? 'a later rent.created of the same subscription had arrived' : `${ARRIVAL_MS / 1000} s had passed`})`,
      () => describeAttempts(early),
      undefined,
      { rules: ['RENT-EMAIL-8', 'EVT-DELIVERY-6'] },
    );
    if (barrier.value) expectDelivery(ctx, barrier.value, { event: 'rent.created', sub, test: false });

    // 3. Live: answered without waiting for the delivery, which the receiver holds HOLD_MS.
    await receiver.script({
      match: { landlordId: landlord.id, event: 'rent.invoice_sent' },
      failFirst: 1,
      mode: 'slow',
      delayMs: HOLD_MS,
    });
    const started = ctx.clock.now();
    const live = await ctx.http.request({ method: 'POST', path, key: landlord.key, json: { email: address } });
    const took = ctx.clock.now() - started;
    // A request that waited for the delivery waited for its answer or for the sender's call timeout, whichever came
    // first: a target that declares a timeout shorter than the hold (a test deployment) is judged by that.
    const declared = ctx.target.webhooks?.timeoutSeconds;
    const waited = declared === undefined ? HOLD_MS : Math.min(HOLD_MS, declared * 1000);
    const liveData = emailResult(ctx, live, 'the live invoice email', ['RENT-EMAIL-6']);
    ctx.expect(
      liveData.sent === true && liveData.sandbox === false,
      'the live invoice email to send (sent: true, sandbox: false)',
      () => describeValue(liveData),
      live.exchange,
      { rules: ['RENT-EMAIL-6'] },
    );
    ctx.expect(
      took < waited,
      `the live invoice email answered within ${waited / 1000} s, without waiting for the rent.invoice_sent delivery (the receiver holds each one ${HOLD_MS / 1000} s${waited < HOLD_MS ? `, the sender gives up after ${waited / 1000} s` : ''}): delivered later by a background job, never inside the request`,
      () => `the answer took ${(took / 1000).toFixed(1)} s`,
      live.exchange,
      { rules: ['RENT-EMAIL-6', 'EVT-DELIVERY-6'] },
    );

    const { value: sent, attempts } = await receiver.waitFor(
      landlord.id,
      (all) => about(all, sub, 'rent.invoice_sent', 'rent_payment_id', paymentId)[0],
    );
    ctx.expect(
      sent !== undefined,
      `a rent.invoice_sent delivery for payment ${paymentId} within ${ARRIVAL_MS / 1000} s of the live invoice email`,
      () => describeAttempts(attempts),
      undefined,
      { rules: ['RENT-EMAIL-6', 'EVT-DELIVERY-6'] },
    );
    const envelope = expectDelivery(ctx, sent, { event: 'rent.invoice_sent', sub, test: false });
    // The event is about this payment: its ids, period, amount and due date (under the name the deployment showed).
    const data = envelope.data as Json;
    const expected: Json = {
      contract_id: chain.contractId,
      property_id: chain.propertyId,
      tenant_id: chain.tenant.id,
      period: payment.period,
      amount: payment.amount,
      ...dueDate(ctx, payment),
    };
    const wrong = Object.entries(expected).filter(([k, v]) => v !== undefined && data[k] !== v);
    ctx.expect(
      wrong.length === 0,
      `rent.invoice_sent data about payment ${paymentId} (${describeValue(expected)})`,
      () => wrong.map(([k]) => `${k}: ${describeValue(data[k])}`).join(', '),
      undefined,
      { rules: ['EVT-CAT-rent.invoice_sent'] },
    );
    ctx.expect(
      [address, chain.tenant.email].includes(String(data.tenant_email)),
      `tenant_email the address the invoice went to (${address}) or the tenant's`,
      () => describeValue(data.tenant_email),
      undefined,
      { rules: ['EVT-CAT-rent.invoice_sent'] },
    );

    // 4. A repeated send answers the stored payload and sends nothing: no second event either (checked once a
    //    later live event of the subscription arrived).
    const again = await ctx.http.request({ method: 'POST', path, key: landlord.key, json: { email: address } });
    emailResult(ctx, again, 'the repeated live invoice email', ['RENT-EMAIL-2']);
    const last = await createRent(ctx, landlord, chain, {
      period: suitePeriod(ctx, 'webhook barrier 2'),
      status: 'Pending',
      due: addDays(utcDate(), 80),
    });
    const lastId = String(last.id);
    const closing = await receiver.waitFor(
      landlord.id,
      (all) => about(all, sub, 'rent.created', 'rent_payment_id', lastId)[0],
    );
    const ids = idsOf(about(closing.attempts, sub, 'rent.invoice_sent', 'rent_payment_id', paymentId));
    ctx.expect(
      ids.length === 1,
      `one rent.invoice_sent event for payment ${paymentId}: the live send's (the sandbox send queues none, and a repeated send sends no second email)`,
      () => `${ids.length} event ids: ${ids.join(', ')}`,
      undefined,
      { rules: ['RENT-EMAIL-8', 'RENT-EMAIL-2', 'EVT-DELIVERY-6'] },
    );
    ctx.note(
      `sandbox send: no event (checked after ${barrier.value ? 'a later rent.created arrived' : 'the arrival bound'}); live send answered in ${took} ms, rent.invoice_sent ${ids[0]} arrived afterwards; the repeated send queued no second event`,
    );
  },
});
