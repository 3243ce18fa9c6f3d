import type { CheckResult } from '@ppapi/spec';
import type { DeliveryFactory, OutgoingDelivery } from './delivery-factory';
import type { DeliveryExchange } from './send-delivery';

/** What every case gets: where to send, how long to wait, and a seeded source of signed deliveries. */
export interface CaseContext {
  readonly url: string;
  readonly timeoutMs: number;
  readonly seed: number;
  readonly deliveries: DeliveryFactory;
  /** False when --only leaves this check out: it then sends nothing. */
  selects(check: { readonly id: string; readonly rules: readonly string[] }): boolean;
  /** Sends one delivery to the receiver under test (shared concurrency limit, per-call timeout). */
  send(delivery: OutgoingDelivery): Promise<DeliveryExchange>;
}

/** One kind of delivery the tester throws at a receiver; it may yield several checks (one per variant). */
export interface ReceiverCase {
  readonly name: string;
  run(ctx: CaseContext): Promise<CheckResult[]>;
}
