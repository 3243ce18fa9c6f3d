import type { ReceiverCase } from '../case-context';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { expectAccepted } from '../verdicts';

/** The dashboard's test delivery (`_test: true` at top level and in data) is signed like any other. */
export const acceptsTestDelivery: ReceiverCase = {
  name: 'accepts-test-delivery',
  run: async (ctx) => [
    await runCheck(
      ctx,
      {
        id: 'receiver.accepts-test-delivery',
        title: 'answers 2xx to a test delivery',
        group: 'Events > Delivery',
        rules: [RULES.envelopeTest, RULES.receiverDuties],
      },
      async (send) => {
        const delivery = ctx.deliveries.signed(ctx.deliveries.testEnvelope('test-delivery'));
        return expectAccepted(await send(delivery), ctx.timeoutMs, 'a test delivery (_test: true)');
      },
    ),
  ],
};
