import type { ReceiverCase } from '../case-context';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { allOf, expectAccepted, expectRejected } from '../verdicts';

/**
 * A valid delivery, then a forgery reusing its id. A receiver that de-duplicates before verifying answers the
 * forgery "2xx, duplicate"; the spec says verify first, so it must be 401.
 */
export const rejectsForgedReplayOfSeenId: ReceiverCase = {
  name: 'rejects-forged-replay-of-seen-id',
  run: async (ctx) => [
    await runCheck(
      ctx,
      {
        id: 'receiver.rejects-forged-replay-of-seen-id',
        title: 'verifies before de-duplicating: a forgery reusing a seen id is rejected',
        group: 'Events > Delivery',
        rules: [RULES.receiverDuties, RULES.signatureHmac],
      },
      async (send) => {
        const envelope = ctx.deliveries.anyEnvelope('forged-replay');
        const first = expectAccepted(await send(ctx.deliveries.signed(envelope)), ctx.timeoutMs, 'the genuine delivery');
        if (!first.passed) return first;
        const forged = ctx.deliveries.signed(envelope, { secret: ctx.deliveries.forgerySecret() });
        return allOf([first, expectRejected(await send(forged), 'a forgery reusing the id just accepted')]);
      },
    ),
  ],
};
