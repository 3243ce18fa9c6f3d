// The signature covers the compact body; what arrives is the same data in other bytes. A receiver that
// re-serialises before verifying would accept it: the signature is over bytes, not over data.
import { defineReceiverCheck } from '../../receiver-tester/context';
import { camel } from '../../receiver-tester/ids';
import { keysReversedJson, prettyJson, unicodeEscapedJson, withUnicodeText } from '../../receiver-tester/json-variants';
import { RULES } from '../../receiver-tester/rules';
import { expectRejected } from '../../receiver-tester/verdicts';

const variants = [
  { name: 'whitespace', what: 'the signed data re-serialised with other whitespace', body: prettyJson },
  { name: 'key-order', what: 'the signed data re-serialised with the keys in another order', body: keysReversedJson },
  { name: 'unicode-escapes', what: 'the signed data re-serialised with \\u escapes', body: unicodeEscapedJson },
] as const;

export const rejectsReserialisedBody = variants.map((variant) =>
  defineReceiverCheck({
    id: `receiver.rejectsReserialisedBody.${camel(variant.name)}`,
    title: `rejects a body whose bytes differ from the signed ones (${variant.name})`,
    group: 'Events > Request',
    rules: [RULES.verifyRawBody, RULES.receiverDuties],
    async run(ctx) {
      const envelope = withUnicodeText(ctx.deliveries.envelope('note.created', `reserialised-${variant.name}`));
      const delivery = ctx.deliveries.signed(envelope, {
        body: variant.body(envelope),
        signedBody: JSON.stringify(envelope),
      });
      ctx.verdict(expectRejected(await ctx.send(delivery), variant.what, [RULES.verifyRawBody]));
    },
  }),
);
