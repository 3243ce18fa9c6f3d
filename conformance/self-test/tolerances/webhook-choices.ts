// Choices a correct webhook sender may make that the mock sender (the reference server) does not: members of its
// own inside `data` and beside it in the envelope, the signature's hex in upper case, a charset on the content
// type, deliveries arriving in another order, timestamps with an offset. The webhook tolerance run
// (../../mutation/webhook-variants.test.ts) sends every delivery through each alone and all of them at once.

import type { Fault, ProxyRequest } from '../support/broken';
import { both, isRec } from '../support/faults';
import { rewrite, type WebhookShared } from '../support/webhook-deployment';
import { everyString, withExtension, withOffset } from './field-choices';

type Rec = Record<string, unknown>;

export interface WebhookChoice {
  /** Stable id, the heading of its row in docs/conformance-tolerances.md. */
  readonly id: string;
  readonly choice: string;
  /** The fake sender's rewrite of each delivery on its way to the receiver. */
  readonly sender: (shared: WebhookShared) => NonNullable<Fault['request']>;
}

const isDelivery = (envelope: Rec): boolean => isRec(envelope.data);

export const WEBHOOK_CHOICES: readonly WebhookChoice[] = [
  {
    id: 'webhook-data-extra-members',
    choice: "every delivery's `data` carries members the catalogue does not list, at any depth",
    sender: (shared) =>
      rewrite(shared, isDelivery, (envelope) => ({ ...envelope, data: withExtension(envelope.data) })),
  },
  {
    id: 'webhook-timestamps-with-offset',
    choice: '`created_at` and the timestamps inside `data` written with a `+02:00` offset and microseconds',
    sender: (shared) =>
      rewrite(shared, isDelivery, (envelope) => {
        const shifted = everyString(envelope, withOffset);
        return isRec(shifted) ? shifted : envelope;
      }),
  },
  {
    id: 'webhook-envelope-extra-members',
    choice: "every delivery's envelope carries members the Envelope table does not list (`api_version`, `delivery`)",
    sender: (shared) =>
      rewrite(shared, isDelivery, (envelope) => ({
        ...envelope,
        api_version: '1.0.0',
        delivery: { attempt_limit: 3, sender: 'other-choices' },
      })),
  },
  {
    id: 'webhook-signature-upper-hex',
    choice: '`X-Service-Signature-256` written with upper-case hex digits after `sha256=`',
    sender: () => (req: ProxyRequest) => {
      const value = req.headers['x-service-signature-256'];
      return value?.startsWith('sha256=')
        ? { ...req, headers: { ...req.headers, 'x-service-signature-256': `sha256=${value.slice(7).toUpperCase()}` } }
        : undefined;
    },
  },
  {
    id: 'webhook-content-type-charset',
    choice: 'deliveries sent as `Content-Type: application/json; charset=utf-8`',
    sender: () => (req: ProxyRequest) => ({
      ...req,
      headers: { ...req.headers, 'content-type': 'application/json; charset=utf-8' },
    }),
  },
  {
    id: 'webhook-deliveries-out-of-order',
    choice: 'each delivery held up to 500 ms on its way, so deliveries fired together arrive in any order',
    sender: () => {
      // A fixed sequence of holds (deterministic, not random): 0, 137, 274, 411, 48, … ms.
      let n = 0;
      return async (req: ProxyRequest) => {
        const hold = (n++ * 137) % 500;
        await new Promise((resolveHold) => setTimeout(resolveHold, hold));
        return req;
      };
    },
  },
];

/** A fake sender making every choice at once (the rewrites in order, the signature's case last of the re-signs). */
export function senderMakingEveryChoice(shared: WebhookShared, choices = WEBHOOK_CHOICES): Fault {
  return both(
    choices.map((c) => c.id).join(' + '),
    ...choices.map((c): Fault => ({ description: c.id, request: c.sender(shared) })),
  );
}
