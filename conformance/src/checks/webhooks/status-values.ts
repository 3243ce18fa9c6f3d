// States and transitions, value sets "seen in webhooks": maintenance issues `Open`, `In_Progress`, `Deleted`;
// inspections `in_progress`, `completed`, `deleted`; tenants `INVITED`, `ACTIVE`, `DELETED`; and "a deleted contract
// is reported as `Deleted` in its webhook". The values only "seen" are not a closed set (the catalogue's STATE-5..7
// note), so a check may not reject others; the members the Event catalog FIXES for an event are checked: the status
// of maintenance.deleted, inspection.deleted, inspection.completed, tenant.deleted and contract.deleted. These events
// (no public write of maintenance issues, inspections or tenants is specified) are seen through dashboard test
// deliveries, which carry the catalogue's data fields like real ones.

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { bodyOf, dataOf, expectDelivery, forSubscription } from './deliveries';
import { PER_DELIVERY } from './envelopes';
import { ARRIVAL_MS, describeAttempts, MockReceiverClient, type Attempt } from './mock-receiver-client';
import { GROUP, ownLandlord, subscribe } from './setup';

/** Event → the status value the catalogue fixes for it, and the value-set rule it belongs to. */
export const FIXED_STATUSES: ReadonlyArray<{ readonly event: string; readonly status: string; readonly rule: string }> =
  [
    { event: 'maintenance.deleted', status: 'Deleted', rule: 'STATE-5' },
    { event: 'inspection.completed', status: 'completed', rule: 'STATE-6' },
    { event: 'inspection.deleted', status: 'deleted', rule: 'STATE-6' },
    { event: 'tenant.deleted', status: 'DELETED', rule: 'STATE-7' },
    { event: 'contract.deleted', status: 'Deleted', rule: 'STATE-3' },
  ];

export const fixedStatusValuesInWebhooks = defineCheck({
  id: 'webhooks.deletedAndCompletedStatusesAreTheCatalogueValues',
  title:
    "Test deliveries of maintenance.deleted, inspection.completed, inspection.deleted, tenant.deleted and contract.deleted report the status values of the spec's value sets (Deleted, completed, deleted, DELETED, Deleted)",
  group: GROUP,
  rules: [
    'STATE-3',
    'STATE-5',
    'STATE-6',
    'STATE-7',
    'EVT-ENV-7',
    'EVT-DELIVERY-10',
    ...PER_DELIVERY,
    ...FIXED_STATUSES.map((f) => `EVT-CAT-${f.event}`),
  ],
  needs: ['webhook', 'dashboard'],
  async run(ctx: CheckContext) {
    const receiver = new MockReceiverClient(ctx);
    const landlord = await ownLandlord(ctx, 'status-values');
    const sub = await subscribe(
      ctx,
      receiver,
      landlord.id,
      FIXED_STATUSES.map((f) => f.event),
      'status-values',
    );
    for (const { event } of FIXED_STATUSES) {
      const res = await ctx.dashboard.request({ method: 'POST', path: `/webhooks/${sub.id}/test`, json: { event } });
      ctx.expect(
        res.status >= 200 && res.status < 300,
        `the dashboard to send a test delivery of ${event} (POST /webhooks/{id}/test → 2xx)`,
        () => `${res.status} ${res.text.slice(0, 200)}`,
        res.exchange,
        { rules: ['EVT-DELIVERY-10'] },
      );
    }
    const pick = (attempts: readonly Attempt[]): Map<string, Attempt> => {
      const found = new Map<string, Attempt>();
      for (const a of forSubscription(attempts, sub)) {
        const named = bodyOf(a)?.event;
        const event = typeof named === 'string' ? named : String(a.event);
        if (!found.has(event)) found.set(event, a);
      }
      return found;
    };
    const { value, attempts } = await receiver.waitFor(landlord.id, (all) => {
      const found = pick(all);
      return FIXED_STATUSES.every((f) => found.has(f.event)) ? found : undefined;
    });
    const found = value ?? pick(attempts);
    for (const { event, status, rule } of FIXED_STATUSES) {
      const attempt = found.get(event);
      ctx.expect(
        attempt !== undefined,
        `a test delivery of ${event} within ${ARRIVAL_MS / 1000} s`,
        () => describeAttempts(forSubscription(attempts, sub)),
        undefined,
        { rules: ['EVT-DELIVERY-10', rule] },
      );
      expectDelivery(ctx, attempt, { event, sub, test: true });
      const got = dataOf(attempt)?.status;
      ctx.expect(
        got === status,
        `${event} to report status "${status}" (the value the spec gives it)`,
        () => `status ${describeValue(got)}`,
        undefined,
        { rules: [rule, `EVT-CAT-${event}`] },
      );
    }
    ctx.note(FIXED_STATUSES.map((f) => `${f.event}: ${f.status}`).join(', '));
  },
});
