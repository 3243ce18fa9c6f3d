import type { ReceiverCase } from '../case-context';
import { malformedSignatureShapes } from '../malformed-signature-shapes';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { expectRejected } from '../verdicts';

/** One check per malformed header shape (the same shapes as the negative signature vectors). */
export const rejectsMalformedSignature: ReceiverCase = {
  name: 'rejects-malformed-signature',
  run: (ctx) =>
    Promise.all(
      malformedSignatureShapes.map((shape) =>
        runCheck(
          ctx,
          {
            id: `receiver.rejects-malformed-signature.${shape.name}`,
            title: `rejects a signature header: ${shape.description}`,
            group: 'Events > Request',
            rules: shape.reason === 'malformed' ? [RULES.verifyFormat, RULES.signatureFormat, RULES.receiverDuties] : [RULES.signatureFormat, RULES.receiverDuties],
          },
          async (send) => {
            const delivery = ctx.deliveries.signedWithShape(ctx.deliveries.anyEnvelope(`malformed-${shape.name}`), shape.make);
            return expectRejected(await send(delivery), `a signature header with ${shape.description}`);
          },
        ),
      ),
    ),
};
