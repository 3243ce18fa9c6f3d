// Checks aimed at a webhook receiver: the same Check type as every other check (registerCheck: one id style,
// catalogue rule ids, one --only, one set of reporters), run with a receiver context instead of a target one.
import { registerCheck, type Check, type CheckDefinition } from '../runner/check';
import type { DeliveryFactory, OutgoingDelivery } from './delivery-factory';
import type { DeliveryExchange } from './send-delivery';
import type { Verdict } from './verdicts';

export interface ReceiverContext {
  /** The receiver's delivery URL. */
  readonly url: string;
  /** How long a valid delivery may take to be answered 2xx (the spec's 10 s, or --timeout-ms). */
  readonly timeoutMs: number;
  readonly seed: number;
  /** Seeded, signed deliveries (signed by the suite's own code, src/receiver-tester/wire.ts). */
  readonly deliveries: DeliveryFactory;
  /** Sends one delivery (shared concurrency limit, per-call timeout); recorded for the report and the curl lines. */
  send(delivery: OutgoingDelivery): Promise<DeliveryExchange>;
  /** A failed verdict fails the case (graded by its failedRules), an errored one makes it `error`; a passed
   * verdict's message becomes part of the case's message. */
  verdict(verdict: Verdict): void;
}

export type ReceiverCheckDefinition = Pick<
  CheckDefinition<ReceiverContext>,
  'id' | 'title' | 'group' | 'rules' | 'run'
>;
export type ReceiverCheck = Check<ReceiverContext>;

export function defineReceiverCheck(definition: ReceiverCheckDefinition): ReceiverCheck {
  return registerCheck<ReceiverContext>(definition, 'receiver-tester');
}
