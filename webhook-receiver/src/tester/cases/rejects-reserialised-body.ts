import type { ReceiverCase } from '../case-context';
import { keysReversedJson, prettyJson, unicodeEscapedJson, withUnicodeText } from '../json-variants';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { expectRejected } from '../verdicts';

const variants = [
  { name: 'whitespace', what: 'the signed data re-serialised with other whitespace', body: prettyJson },
  { name: 'key-order', what: 'the signed data re-serialised with the keys in another order', body: keysReversedJson },
  { name: 'unicode-escapes', what: 'the signed data re-serialised with \\u escapes', body: unicodeEscapedJson },
] as const;

/**
 * The signature covers the compact body; what arrives is the same data in other bytes. A receiver that
 * re-serialises before verifying would accept it: the signature is over bytes, not over data.
 */
export const rejectsReserialisedBody: ReceiverCase = {
  name: 'rejects-reserialised-body',
  run: (ctx) =>
    Promise.all(
      variants.map((variant) =>
        runCheck(
          ctx,
          {
            id: `receiver.rejects-reserialised-body.${variant.name}`,
            title: `rejects a body whose bytes differ from the signed ones (${variant.name})`,
            group: 'Events > Request',
            rules: [RULES.verifyRawBody, RULES.receiverDuties],
          },
          async (send) => {
            const envelope = withUnicodeText(ctx.deliveries.envelope('note.created', `reserialised-${variant.name}`));
            const delivery = ctx.deliveries.signed(envelope, { body: variant.body(envelope), signedBody: JSON.stringify(envelope) });
            return expectRejected(await send(delivery), variant.what);
          },
        ),
      ),
    ),
};
