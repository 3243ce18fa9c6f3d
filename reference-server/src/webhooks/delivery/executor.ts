// One delivery attempt, whichever queue runs it: sign the stored body with the subscription's secret, POST
// it, and record the attempt with the delivery's next state. The POST happens outside any transaction; the
// recording is conditional, so a late or duplicate worker never records an attempt twice.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock';
import { deliveryHeaders } from '../signer/sign';
import type { Sender } from './http-sender';
import { AttemptRecorder } from './recorder';
import { abandon, findDelivery, targetsOf, type DeliveryRow, type DeliveryStatus, type Target } from './repository';
import { retryDelayMs, type RetryPolicy } from './retry-policy';

export interface ExecutorDeps {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly policy: RetryPolicy;
  readonly timeoutMs: number;
  readonly send: Sender;
  /** Told each attempt that was made (its HTTP call over, not cut short by shutdown): what it led to, and how long the call took. */
  readonly onAttempt?: (outcome: AttemptResult, latencyMs: number) => void;
}

/** `vanished`: the delivery row was deleted meanwhile (its landlord was deleted from the dashboard). */
export type AttemptResult = DeliveryStatus | 'lost' | 'abandoned' | 'interrupted' | 'vanished';

export class DeliveryExecutor {
  private readonly recorder: AttemptRecorder;

  constructor(private readonly deps: ExecutorDeps) {
    this.recorder = new AttemptRecorder(deps.knex);
  }

  /**
   * `onSent` is called as soon as the HTTP call is over (before the attempt is recorded), so the caller can free
   * its slot for the next call while the recording is batched with others.
   */
  async execute(
    row: DeliveryRow,
    options: { target?: Target; lockedBy?: string; shutdown?: AbortSignal; onSent?: () => void } = {},
  ): Promise<AttemptResult> {
    const { knex, clock, logger, policy, timeoutMs, send } = this.deps;
    const target = options.target ?? (await targetsOf(knex, [row.subscription_id])).get(row.subscription_id);
    if (!target?.usable) {
      await abandon(knex, row.id, 'subscription deleted or inactive', clock.now());
      return 'abandoned';
    }
    const attempt = row.attempt_count + 1;
    const attemptedAt = clock.now();
    const headers = deliveryHeaders({
      body: row.body,
      secret: target.secret,
      eventType: row.event_type,
      eventUuid: row.event_id,
    });
    const result = await send({ url: target.url, body: row.body, headers, timeoutMs, shutdown: options.shutdown });
    options.onSent?.();
    // Shutting down mid-call: record nothing; the lease (or the BullMQ lock) lapses and the attempt is made again.
    if (result.interrupted) return 'interrupted';

    const now = clock.now();
    let status: DeliveryStatus;
    let nextAttemptAt: Date | null = null;
    if (result.succeeded) status = 'succeeded';
    else {
      const delay = attempt < row.max_attempts ? retryDelayMs(policy, attempt) : null;
      if (delay === null) status = 'permanently_failed';
      else {
        status = 'retry_scheduled';
        nextAttemptAt = new Date(now.getTime() + delay);
      }
    }
    const recorded = await this.recorder.record({
      deliveryId: row.id,
      outcome: {
        attempt,
        trigger: row.next_trigger,
        attemptedAt,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        error: result.error,
        succeeded: result.succeeded,
        status,
        nextAttemptAt,
        now,
      },
      lockedBy: options.lockedBy,
    });
    if (!recorded) {
      // A deleted landlord takes its deliveries along: nothing to record, and nothing wrong.
      if (!(await findDelivery(knex, row.id))) {
        logger.debug({ deliveryId: row.id, attempt }, 'webhook attempt of a deleted delivery not recorded');
        this.deps.onAttempt?.('vanished', result.latencyMs);
        return 'vanished';
      }
      logger.warn({ deliveryId: row.id, attempt }, 'webhook attempt already recorded by another worker');
      this.deps.onAttempt?.('lost', result.latencyMs);
      return 'lost';
    }
    this.deps.onAttempt?.(status, result.latencyMs);
    logger[result.succeeded ? 'debug' : 'info'](
      {
        deliveryId: row.id,
        eventId: row.event_id,
        event: row.event_type,
        attempt,
        status,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        error: result.error,
      },
      'webhook attempt',
    );
    return status;
  }
}
