import type { ReceiverCase } from '../case-context';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { expectRejected } from '../verdicts';

/** Well-formed signature made with another secret. */
export const rejectsForgedSignature: ReceiverCase = {
  name: 'rejects-forged-signature',
  run: async (ctx) => [
    await runCheck(
      ctx,
      {
        id: 'receiver.rejects-forged-signature',
        title: 'rejects a delivery signed with another secret',
        group: 'Events > Request',
        rules: [RULES.signatureHmac, RULES.receiverDuties],
      },
      async (send) => {
        const delivery = ctx.deliveries.signed(ctx.deliveries.anyEnvelope('forged'), { secret: ctx.deliveries.forgerySecret() });
        return expectRejected(await send(delivery), 'a delivery signed with another secret');
      },
    ),
  ],
};
