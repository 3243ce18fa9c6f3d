// A well-formed signature made with another secret.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { RULES } from '../../receiver-tester/rules';
import { expectRejected } from '../../receiver-tester/verdicts';

export const rejectsForgedSignature = defineReceiverCheck({
  id: 'receiver.rejectsForgedSignature',
  title: 'rejects a delivery signed with another secret',
  group: 'Events > Request',
  rules: [RULES.verifyRawBody, RULES.signatureHmac, RULES.receiverDuties],
  async run(ctx) {
    const delivery = ctx.deliveries.signed(ctx.deliveries.anyEnvelope('forged'), {
      secret: ctx.deliveries.forgerySecret(),
    });
    ctx.verdict(
      expectRejected(await ctx.send(delivery), 'a delivery signed with another secret', [RULES.verifyRawBody]),
    );
  },
});
