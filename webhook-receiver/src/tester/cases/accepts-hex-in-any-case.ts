import type { ReceiverCase } from '../case-context';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { expectAccepted } from '../verdicts';

const variants = [
  { name: 'uppercase', recase: (hex: string) => hex.toUpperCase() },
  { name: 'mixed-case', recase: (hex: string) => hex.replace(/[a-f]/g, (c, i: number) => (i % 2 === 0 ? c.toUpperCase() : c)) },
] as const;

/** The hex digest in upper or mixed case is still the same signature. */
export const acceptsHexInAnyCase: ReceiverCase = {
  name: 'accepts-hex-in-any-case',
  run: (ctx) =>
    Promise.all(
      variants.map((variant) =>
        runCheck(
          ctx,
          {
            id: `receiver.accepts-hex-in-any-case.${variant.name}`,
            title: `accepts a signature written in ${variant.name} hex`,
            group: 'Events > Request',
            rules: [RULES.verifyHexCase, RULES.signatureHmac],
          },
          async (send) => {
            const envelope = ctx.deliveries.anyEnvelope(`hex-case-${variant.name}`);
            const delivery = ctx.deliveries.signedWithShape(envelope, ({ header }) => `sha256=${variant.recase(header.slice('sha256='.length))}`);
            return expectAccepted(await send(delivery), ctx.timeoutMs, `a signature in ${variant.name} hex`);
          },
        ),
      ),
    ),
};
