// The hex digest in upper or mixed case is still the same signature.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { camel } from '../../receiver-tester/ids';
import { RULES } from '../../receiver-tester/rules';
import { expectAccepted } from '../../receiver-tester/verdicts';

const variants = [
  { name: 'uppercase', recase: (hex: string) => hex.toUpperCase() },
  {
    name: 'mixed-case',
    recase: (hex: string) => hex.replace(/[a-f]/g, (c, i: number) => (i % 2 === 0 ? c.toUpperCase() : c)),
  },
] as const;

export const acceptsHexInAnyCase = variants.map((variant) =>
  defineReceiverCheck({
    id: `receiver.acceptsHexInAnyCase.${camel(variant.name)}`,
    title: `accepts a signature written in ${variant.name} hex`,
    group: 'Events > Request',
    rules: [RULES.verifyHexCase, RULES.signatureHmac, RULES.deliveryTimeout],
    async run(ctx) {
      const envelope = ctx.deliveries.anyEnvelope(`hex-case-${variant.name}`);
      const delivery = ctx.deliveries.signedWithShape(
        envelope,
        ({ header }) => `sha256=${variant.recase(header.slice('sha256='.length))}`,
      );
      ctx.verdict(
        expectAccepted(await ctx.send(delivery), ctx.timeoutMs, `a signature in ${variant.name} hex`, {
          refusalBreaks: [RULES.verifyHexCase],
        }),
      );
    },
  }),
);
