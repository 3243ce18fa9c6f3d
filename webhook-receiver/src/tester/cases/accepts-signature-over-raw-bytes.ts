import type { ReceiverCase } from '../case-context';
import { prettyJson, unicodeEscapedJson, withUnicodeText } from '../json-variants';
import { RULES } from '../rules';
import { runCheck } from '../run-check';
import { expectAccepted } from '../verdicts';

const variants = [
  { name: 'pretty-json', what: 'a pretty-printed body signed over its exact bytes', body: prettyJson },
  { name: 'unicode-escaped-json', what: 'a body with \\u-escaped characters signed over its exact bytes', body: unicodeEscapedJson },
] as const;

/** Valid deliveries whose bytes are not what JSON.stringify would produce: only a raw-bytes verifier accepts them. */
export const acceptsSignatureOverRawBytes: ReceiverCase = {
  name: 'accepts-signature-over-raw-bytes',
  run: (ctx) =>
    Promise.all(
      variants.map((variant) =>
        runCheck(
          ctx,
          {
            id: `receiver.accepts-signature-over-raw-bytes.${variant.name}`,
            title: `verifies the HMAC over the raw body (${variant.name})`,
            group: 'Events > Request',
            rules: [RULES.verifyRawBody, RULES.signatureHmac, RULES.receiverDuties],
          },
          async (send) => {
            const envelope = withUnicodeText(ctx.deliveries.envelope('note.created', `raw-bytes-${variant.name}`));
            const delivery = ctx.deliveries.signed(envelope, { body: variant.body(envelope) });
            return expectAccepted(await send(delivery), ctx.timeoutMs, variant.what);
          },
        ),
      ),
    ),
};
