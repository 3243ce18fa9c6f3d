// Signed, then one byte of the body changed in transit.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { withOneByteChanged } from '../../receiver-tester/json-variants';
import { RULES } from '../../receiver-tester/rules';
import { expectRejected } from '../../receiver-tester/verdicts';

export const rejectsChangedBody = defineReceiverCheck({
  id: 'receiver.rejectsChangedBody',
  title: 'rejects a body changed by one byte after signing',
  group: 'Events > Request',
  rules: [RULES.verifyRawBody, RULES.signatureHmac, RULES.receiverDuties],
  async run(ctx) {
    const original = ctx.deliveries.anyEnvelope('changed-body');
    const delivery = ctx.deliveries.signed(withOneByteChanged(original), { signedBody: JSON.stringify(original) });
    ctx.verdict(
      expectRejected(await ctx.send(delivery), 'a body changed by one byte after signing', [RULES.verifyRawBody]),
    );
  },
});
