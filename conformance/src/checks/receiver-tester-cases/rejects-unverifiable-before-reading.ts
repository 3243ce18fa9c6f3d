// Delivery 5: "verify the signature first (reject unverifiable bodies with 401)". A forged delivery the receiver
// cannot even read (not JSON) or would not route (an event type it does not know) gets 401 from a receiver that
// verifies first, and 400 or 404 from one that parses or dispatches first.
import { defineReceiverCheck } from '../../receiver-tester/context';
import type { Envelope } from '../../receiver-tester/wire';
import { camel } from '../../receiver-tester/ids';
import { RULES } from '../../receiver-tester/rules';
import { expectRejected } from '../../receiver-tester/verdicts';

const variants = [
  {
    name: 'not-json',
    what: 'a forged body that is not JSON',
    envelope: (envelope: Envelope): Envelope => envelope,
    body: (envelope: Envelope): string => JSON.stringify(envelope).slice(0, -1),
  },
  {
    name: 'unknown-event',
    what: 'a forged delivery of an event type the catalogue does not have',
    envelope: (envelope: Envelope): Envelope => ({ ...envelope, event: 'conformance.not_an_event' }),
    body: (envelope: Envelope): string => JSON.stringify(envelope),
  },
] as const;

export const rejectsUnverifiableBeforeReading = variants.map((variant) =>
  defineReceiverCheck({
    id: `receiver.rejectsUnverifiableBeforeReading.${camel(variant.name)}`,
    title: `verifies first: rejects ${variant.what} with 401`,
    group: 'Events > Delivery',
    rules: [RULES.receiverDuties, RULES.verifyRawBody],
    async run(ctx) {
      const envelope = variant.envelope(ctx.deliveries.anyEnvelope(`unverifiable-${variant.name}`));
      const delivery = ctx.deliveries.signed(envelope, {
        body: variant.body(envelope),
        secret: ctx.deliveries.forgerySecret(),
      });
      ctx.verdict(expectRejected(await ctx.send(delivery), variant.what, [RULES.verifyRawBody]));
    },
  }),
);
