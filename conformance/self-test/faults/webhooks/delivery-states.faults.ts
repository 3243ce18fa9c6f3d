// The faults of the checks in delivery-states.ts: each must make its check FAIL (a broken deployment per fault).
import { errorResponse } from '../../support/faults';
import { accepted } from '../../support/webhook-deployment';
import {
  broken,
  sender,
  api,
  is2xx,
  historyStatuses,
  fromAttempt,
  breakDelivery,
} from '../../support/webhook-fault-helpers';
import type { WebhookFaultTable } from '../../support/self-test';

/** Run with a mock receiver and a fake sender per run (support/webhook-deployment.ts), on the system clock. */
export const webhookFaults: WebhookFaultTable = {
  'webhooks.deliveryHistoryShowsPendingRetryScheduledSucceeded': [
    broken('the delivery history never shows a delivery pending (retry_scheduled from the start)', () =>
      api({ response: historyStatuses({ pending: 'retry_scheduled' }) }),
    ),
    broken('a failed attempt leaves the delivery "pending" in the history (never retry_scheduled)', () =>
      api({ response: historyStatuses({ retry_scheduled: 'pending' }) }),
    ),
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
    broken("the retry after a network error is signed with another secret than the subscription's", (s) =>
      fromAttempt(s, 2, breakDelivery.otherSecret),
    ),
    broken('a 2xx answer does not end the delivery: the sender counts it a failure and retries', () =>
      sender(undefined, (res) =>
        is2xx(res.status) ? errorResponse(500, 'SENDER_FAULT', 'the fake sender ignores 2xx') : undefined,
      ),
    ),
  ],
};
