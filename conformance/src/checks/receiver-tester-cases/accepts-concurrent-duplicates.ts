// Delivery 3: "Several subscriptions to the same event each get an independent delivery with the same id", so
// two deliveries of one id can arrive at the same moment. A receiver that de-duplicates with a check-then-insert
// race answers one of them 409 or 500.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { RULES } from '../../receiver-tester/rules';
import { expectAccepted } from '../../receiver-tester/verdicts';

export const acceptsConcurrentDuplicates = defineReceiverCheck({
  id: 'receiver.acceptsConcurrentDuplicates',
  title: 'answers 2xx to two deliveries of the same id sent at once',
  group: 'Events > Delivery',
  rules: [RULES.deliverySameId, RULES.receiverDuties, RULES.deliveryTimeout, RULES.verifyRawBody],
  async run(ctx) {
    const delivery = ctx.deliveries.signed(ctx.deliveries.anyEnvelope('concurrent-duplicates'));
    const [first, second] = await Promise.all([ctx.send(delivery), ctx.send(delivery)]);
    if (first === undefined || second === undefined) throw new Error('two deliveries sent, fewer answers recorded');
    ctx.verdict(expectAccepted(first, ctx.timeoutMs, 'one of two simultaneous deliveries of one id'));
    ctx.verdict(expectAccepted(second, ctx.timeoutMs, 'the other of two simultaneous deliveries of one id'));
  },
});
