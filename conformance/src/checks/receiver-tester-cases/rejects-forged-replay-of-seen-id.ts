// A valid delivery, then a forgery reusing its id. A receiver that de-duplicates before verifying answers the
// forgery "2xx, duplicate"; the spec says verify first, so it must be 401.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { RULES } from '../../receiver-tester/rules';
import { expectAccepted, expectRejected } from '../../receiver-tester/verdicts';

export const rejectsForgedReplayOfSeenId = defineReceiverCheck({
  id: 'receiver.rejectsForgedReplayOfSeenId',
  title: 'verifies before de-duplicating: a forgery reusing a seen id is rejected',
  group: 'Events > Delivery',
  rules: [RULES.receiverDuties, RULES.signatureHmac, RULES.deliveryTimeout, RULES.verifyRawBody],
  async run(ctx) {
    const envelope = ctx.deliveries.anyEnvelope('forged-replay');
    ctx.verdict(expectAccepted(await ctx.send(ctx.deliveries.signed(envelope)), ctx.timeoutMs, 'the genuine delivery'));
    const forged = ctx.deliveries.signed(envelope, { secret: ctx.deliveries.forgerySecret() });
    ctx.verdict(
      expectRejected(await ctx.send(forged), 'a forgery reusing the id just accepted', [RULES.receiverDuties]),
    );
  },
});
