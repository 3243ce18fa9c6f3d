// Valid deliveries whose bytes are not what JSON.stringify would produce: only a raw-bytes verifier accepts them.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { camel } from '../../receiver-tester/ids';
import { prettyJson, unicodeEscapedJson, withUnicodeText } from '../../receiver-tester/json-variants';
import type { Envelope } from '../../receiver-tester/wire';
import { RULES } from '../../receiver-tester/rules';
import { expectAccepted } from '../../receiver-tester/verdicts';

const variants = [
  { name: 'pretty-json', what: 'a pretty-printed body signed over its exact bytes', body: prettyJson },
  {
    name: 'unicode-escaped-json',
    what: 'a body with \\u-escaped characters signed over its exact bytes',
    body: unicodeEscapedJson,
  },
  {
    name: 'trailing-newline',
    what: 'a compact body ending in a newline, signed over its exact bytes',
    body: (envelope: Envelope): string => `${JSON.stringify(envelope)}\n`,
  },
] as const;

export const acceptsSignatureOverRawBytes = variants.map((variant) =>
  defineReceiverCheck({
    id: `receiver.acceptsSignatureOverRawBytes.${camel(variant.name)}`,
    title: `verifies the HMAC over the raw body (${variant.name})`,
    group: 'Events > Request',
    rules: [RULES.verifyRawBody, RULES.signatureHmac, RULES.deliveryTimeout],
    async run(ctx) {
      const envelope = withUnicodeText(ctx.deliveries.envelope('note.created', `raw-bytes-${variant.name}`));
      ctx.verdict(
        expectAccepted(
          await ctx.send(ctx.deliveries.signed(envelope, { body: variant.body(envelope) })),
          ctx.timeoutMs,
          variant.what,
          { refusalBreaks: [RULES.verifyRawBody] },
        ),
      );
    },
  }),
);
