// Delivery 2 and 3: the third attempt comes about 15 + 60 minutes after the first, with the same envelope (same
// id, same created_at). A receiver that refuses events past an age (a replay window borrowed from other
// services) refuses every late retry; one that remembers ids must still answer 2xx to it.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { RULES } from '../../receiver-tester/rules';
import { expectAccepted } from '../../receiver-tester/verdicts';

/** Past the third attempt's "about 75 minutes" with jitter. */
const THIRD_ATTEMPT_AGE_MS = 80 * 60_000;

export const acceptsLateRetry = defineReceiverCheck({
  id: 'receiver.acceptsLateRetry',
  title: 'answers 2xx to a retry of an event created 80 minutes ago',
  group: 'Events > Delivery',
  rules: [
    RULES.deliveryRetries,
    RULES.deliverySameId,
    RULES.receiverDuties,
    RULES.deliveryTimeout,
    RULES.verifyRawBody,
  ],
  async run(ctx) {
    const delivery = ctx.deliveries.signed(ctx.deliveries.anyEnvelope('late-retry', THIRD_ATTEMPT_AGE_MS));
    ctx.verdict(
      expectAccepted(await ctx.send(delivery), ctx.timeoutMs, 'a delivery of an event created 80 minutes ago'),
    );
    ctx.verdict(expectAccepted(await ctx.send(delivery), ctx.timeoutMs, 'the same delivery again (its last retry)'));
  },
});
