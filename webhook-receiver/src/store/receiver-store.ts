import { EventEmitter } from 'node:events';
import type { Clock } from './clock';
import { DeliveryLog, type DeliveryAttempt, type DeliveryFilter } from './delivery-log';
import { FailureScripts } from './failure-scripts';
import { SeenIds } from './seen-ids';
import { SigningSecrets } from './signing-secrets';

/** What a running receiver knows: attempts, seen ids and failure scripts. Readable in-process or via the admin API. */
export class ReceiverStore {
  readonly log: DeliveryLog;
  readonly seenIds: SeenIds;
  readonly scripts = new FailureScripts();
  /** The signing secrets deliveries are verified with (start-up ones, plus those added through the admin API). */
  readonly secrets: SigningSecrets;
  /**
   * `attempt` (a recorded attempt, again each time it changes: answered, dropped) and `scripts` (added, removed,
   * an attempt counted): what the live page streams.
   */
  readonly changes = new EventEmitter<{ attempt: [DeliveryAttempt]; scripts: []; cleared: [] }>();

  constructor(clock: Clock, dedupeTtlMs: number, secrets: readonly string[] = []) {
    this.log = new DeliveryLog(clock);
    this.seenIds = new SeenIds(dedupeTtlMs, clock);
    this.secrets = new SigningSecrets(secrets);
    // One listener set per open live page.
    this.changes.setMaxListeners(100);
  }

  deliveries(filter?: DeliveryFilter): DeliveryAttempt[] {
    return this.log.list(filter);
  }

  /** Every attempt of one delivery id (with or without `evt_`), oldest first. */
  attemptsOf(id: string): DeliveryAttempt[] {
    return this.log.list({ id });
  }

  /** Forget attempts and seen ids (not scripts): a fresh start for the next test. */
  clearDeliveries(): void {
    this.log.clear();
    this.seenIds.clear();
    this.changes.emit('cleared');
  }
}
