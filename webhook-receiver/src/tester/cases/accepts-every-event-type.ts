import { eventCatalogue } from '@ppapi/spec';
import type { ReceiverCase } from '../case-context';
import { catalogueRule, RULES } from '../rules';
import { runCheck } from '../run-check';
import { expectAccepted } from '../verdicts';

/** A correctly signed delivery of each of the 43 event types, data generated from the catalogue. */
export const acceptsEveryEventType: ReceiverCase = {
  name: 'accepts-event',
  run: (ctx) =>
    Promise.all(
      eventCatalogue.map((spec) =>
        runCheck(
          ctx,
          {
            id: `receiver.accepts-event.${spec.event}`,
            title: `accepts a signed ${spec.event} delivery`,
            group: 'Events > Event catalog',
            rules: [catalogueRule(spec.event), RULES.signatureHmac, RULES.deliveryTimeout, RULES.receiverDuties],
          },
          async (send) => {
            const delivery = ctx.deliveries.signed(ctx.deliveries.envelope(spec.event, 'accepts-event'));
            return expectAccepted(await send(delivery), ctx.timeoutMs, `a signed ${spec.event} delivery`);
          },
        ),
      ),
    ),
};
