import type { ReceiverCase } from '../case-context';
import { withOneByteChanged } from '../json-variants';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { expectRejected } from '../verdicts';

/** Signed, then one byte of the body changed in transit. */
export const rejectsChangedBody: ReceiverCase = {
  name: 'rejects-changed-body',
  run: async (ctx) => [
    await runCheck(
      ctx,
      {
        id: 'receiver.rejects-changed-body',
        title: 'rejects a body changed by one byte after signing',
        group: 'Events > Request',
        rules: [RULES.verifyRawBody, RULES.signatureHmac, RULES.receiverDuties],
      },
      async (send) => {
        const original = ctx.deliveries.anyEnvelope('changed-body');
        const delivery = ctx.deliveries.signed(withOneByteChanged(original), { signedBody: JSON.stringify(original) });
        return expectRejected(await send(delivery), 'a body changed by one byte after signing');
      },
    ),
  ],
};
