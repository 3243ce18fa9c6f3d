// The same delivery twice (as two subscriptions to one event would send it): the second is 2xx too.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { RULES } from '../../receiver-tester/rules';
import { expectAccepted } from '../../receiver-tester/verdicts';

export const acceptsDuplicate = defineReceiverCheck({
  id: 'receiver.acceptsDuplicate',
  title: 'answers 2xx to a second delivery with the same id',
  group: 'Events > Delivery',
  rules: [
    RULES.receiverDuties,
    RULES.deliverySameId,
    RULES.envelopeIdempotencyKey,
    RULES.deliveryTimeout,
    RULES.verifyRawBody,
  ],
  async run(ctx) {
    const delivery = ctx.deliveries.signed(ctx.deliveries.anyEnvelope('duplicate'));
    ctx.verdict(expectAccepted(await ctx.send(delivery), ctx.timeoutMs, 'the first delivery'));
    ctx.verdict(expectAccepted(await ctx.send(delivery), ctx.timeoutMs, 'the same delivery again (a duplicate)'));
  },
});
