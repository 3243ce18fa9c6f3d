// A correctly signed delivery of each of the catalogue's event types, data generated from the catalogue.
import { eventCatalogue } from '@ppapi/spec';
import { defineReceiverCheck } from '../../receiver-tester/context';
import { catalogueRule, RULES } from '../../receiver-tester/rules';
import { expectAccepted } from '../../receiver-tester/verdicts';

export const acceptsEveryEventType = eventCatalogue.map((spec) =>
  defineReceiverCheck({
    id: `receiver.acceptsEvent.${spec.event}`,
    title: `accepts a signed ${spec.event} delivery`,
    group: 'Events > Event catalog',
    rules: [
      catalogueRule(spec.event),
      RULES.signatureHmac,
      RULES.verifyRawBody,
      RULES.deliveryTimeout,
      RULES.receiverDuties,
    ],
    async run(ctx) {
      const delivery = ctx.deliveries.signed(ctx.deliveries.envelope(spec.event, 'accepts-event'));
      ctx.verdict(expectAccepted(await ctx.send(delivery), ctx.timeoutMs, `a signed ${spec.event} delivery`));
    },
  }),
);
