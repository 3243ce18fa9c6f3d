// One check per malformed header shape (the same shapes as the negative signature vectors).
import { defineReceiverCheck } from '../../receiver/context';
import { camel } from '../../receiver/ids';
import { malformedSignatureShapes } from '../../receiver/malformed-signature-shapes';
import { RULES } from '../../receiver/rules';
import { expectRejected } from '../../receiver/verdicts';

export const rejectsMalformedSignature = malformedSignatureShapes.map((shape) =>
  defineReceiverCheck({
    id: `receiver.rejectsMalformedSignature.${camel(shape.name)}`,
    title: `rejects a signature header: ${shape.description}`,
    group: 'Events > Request',
    rules:
      shape.reason === 'malformed'
        ? [RULES.verifyFormat, RULES.signatureFormat, RULES.receiverDuties]
        : [RULES.signatureFormat, RULES.receiverDuties],
    async run(ctx) {
      const delivery = ctx.deliveries.signedWithShape(
        ctx.deliveries.anyEnvelope(`malformed-${shape.name}`),
        shape.make,
      );
      ctx.verdict(expectRejected(await ctx.send(delivery), `a signature header with ${shape.description}`));
    },
  }),
);
