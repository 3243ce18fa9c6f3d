import type { ReceiverCase } from '../case-context';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { allOf, expectAccepted, type Verdict } from '../verdicts';

/** The spec's three attempts of one delivery (retries reuse the id): every one is 2xx. */
const ATTEMPTS = 3;

export const acceptsRetry: ReceiverCase = {
  name: 'accepts-retry',
  run: async (ctx) => [
    await runCheck(
      ctx,
      {
        id: 'receiver.accepts-retry',
        title: 'answers 2xx to every attempt of a retried delivery',
        group: 'Events > Delivery',
        rules: [RULES.deliveryRetries, RULES.deliverySameId, RULES.receiverDuties, RULES.envelopeIdempotencyKey],
      },
      async (send) => {
        const delivery = ctx.deliveries.signed(ctx.deliveries.anyEnvelope('retry'));
        const verdicts: Verdict[] = [];
        for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
          const verdict = expectAccepted(await send(delivery), ctx.timeoutMs, `attempt ${attempt} of ${ATTEMPTS}`);
          verdicts.push(verdict);
          if (!verdict.passed) break;
        }
        return allOf(verdicts);
      },
    ),
  ],
};
