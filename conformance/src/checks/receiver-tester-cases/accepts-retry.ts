// The spec's three attempts of one delivery (retries reuse the id): every one is 2xx.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { RULES } from '../../receiver-tester/rules';
import { expectAccepted } from '../../receiver-tester/verdicts';

const ATTEMPTS = 3;

export const acceptsRetry = defineReceiverCheck({
  id: 'receiver.acceptsRetry',
  title: 'answers 2xx to every attempt of a retried delivery',
  group: 'Events > Delivery',
  rules: [
    RULES.deliveryRetries,
    RULES.deliverySameId,
    RULES.receiverDuties,
    RULES.envelopeIdempotencyKey,
    RULES.deliveryTimeout,
    RULES.verifyRawBody,
  ],
  async run(ctx) {
    const delivery = ctx.deliveries.signed(ctx.deliveries.anyEnvelope('retry'));
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++)
      ctx.verdict(expectAccepted(await ctx.send(delivery), ctx.timeoutMs, `attempt ${attempt} of ${ATTEMPTS}`));
  },
});
