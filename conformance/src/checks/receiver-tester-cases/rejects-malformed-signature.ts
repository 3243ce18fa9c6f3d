// One check per malformed header shape (the same shapes as the negative signature vectors).
import { defineReceiverCheck } from '../../receiver-tester/context';
import { camel } from '../../receiver-tester/ids';
import { malformedSignatureShapes } from '../../receiver-tester/malformed-signature-shapes';
import { RULES } from '../../receiver-tester/rules';
import { expectRejected } from '../../receiver-tester/verdicts';

export const rejectsMalformedSignature = malformedSignatureShapes.map((shape) =>
  defineReceiverCheck({
    id: `receiver.rejectsMalformedSignature.${camel(shape.name)}`,
    title: `rejects a signature header: ${shape.description}`,
    group: 'Events > Request',
    rules:
      shape.reason === 'malformed'
        ? [RULES.verifyFormat, RULES.signatureFormat, RULES.receiverDuties]
        : [RULES.verifyRawBody, RULES.signatureFormat, RULES.receiverDuties],
    async run(ctx) {
      const delivery = ctx.deliveries.signedWithShape(
        ctx.deliveries.anyEnvelope(`malformed-${shape.name}`),
        shape.make,
      );
      ctx.verdict(
        expectRejected(
          await ctx.send(delivery),
          `a signature header with ${shape.description}`,
          // No header at all leaves nothing to verify against: accepting it skips verification (EVT-VERIFY-1).
          [shape.reason === 'malformed' ? RULES.verifyFormat : RULES.verifyRawBody],
        ),
      );
    },
  }),
);
