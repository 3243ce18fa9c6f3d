import type { ReceiverCase } from '../case-context';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { allOf, expectAccepted } from '../verdicts';

/** The same delivery twice (as two subscriptions to one event would send it): the second is 2xx too. */
export const acceptsDuplicate: ReceiverCase = {
  name: 'accepts-duplicate',
  run: async (ctx) => [
    await runCheck(
      ctx,
      {
        id: 'receiver.accepts-duplicate',
        title: 'answers 2xx to a second delivery with the same id',
        group: 'Events > Delivery',
        rules: [RULES.receiverDuties, RULES.deliverySameId, RULES.envelopeIdempotencyKey],
      },
      async (send) => {
        const delivery = ctx.deliveries.signed(ctx.deliveries.anyEnvelope('duplicate'));
        const first = expectAccepted(await send(delivery), ctx.timeoutMs, 'the first delivery');
        if (!first.passed) return first;
        return allOf([first, expectAccepted(await send(delivery), ctx.timeoutMs, 'the same delivery again (a duplicate)')]);
      },
    ),
  ],
};
