// The dashboard's test delivery (_test: true at top level and in data) is answered 2xx like any other.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { RULES } from '../../receiver-tester/rules';
import { expectAccepted } from '../../receiver-tester/verdicts';

export const acceptsTestDelivery = defineReceiverCheck({
  id: 'receiver.acceptsTestDelivery',
  title: 'answers 2xx to a test delivery',
  group: 'Events > Delivery',
  rules: [RULES.envelopeTest, RULES.receiverDuties, RULES.deliveryTimeout, RULES.verifyRawBody],
  async run(ctx) {
    const delivery = ctx.deliveries.signed(ctx.deliveries.testEnvelope('test-delivery'));
    ctx.verdict(expectAccepted(await ctx.send(delivery), ctx.timeoutMs, 'a test delivery (_test: true)'));
  },
});
