// The embedded queue: the deliveries table is the queue. A worker claims due rows with one atomic
// UPDATE … WHERE … RETURNING that sets a lease (locked_until, locked_by); a row under a live lease is never
// claimed again, so two workers never run the same attempt; a worker killed at any point leaves its lease to
// lapse (or, on PGlite, which one process owns, to be voided at the next start), and the attempt is made
// again with the same event id: at least once, nothing lost.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock';
import type { DeliveryExecutor } from '../delivery/executor';
import { claimDue, releaseAllLeases, type Claimed } from '../delivery/repository';
import type { DeliveryBackend } from './backend';

export interface EmbeddedQueueOptions {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly executor: DeliveryExecutor;
  readonly concurrency: number;
  /** Longer than the call timeout, so a lease never lapses while its attempt is still running. */
  readonly leaseMs: number;
  /** True when this process alone owns the database (PGlite): leases found at start belong to a dead process. */
  readonly exclusiveDatabase: boolean;
  readonly workerId?: string;
  /** Called when an attempt finishes, so the runtime can hand the freed slot more work. */
  readonly onSettled?: () => void;
}

export class EmbeddedDeliveryQueue implements DeliveryBackend {
  readonly kind = 'embedded' as const;
  private readonly workerId: string;
  /** Every attempt not yet recorded (what stop() waits for). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts whose HTTP call is still running: what the concurrency limits. */
  private sending = 0;
  private readonly shutdown = new AbortController();

  constructor(private readonly options: EmbeddedQueueOptions) {
    // Every running attempt listens for shutdown: as many listeners as the concurrency, which is not a leak.
    setMaxListeners(0, this.shutdown.signal);
    this.workerId = options.workerId ?? `embedded:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  async start(): Promise<void> {
    if (this.options.exclusiveDatabase) {
      const released = await releaseAllLeases(this.options.knex);
      if (released > 0) this.options.logger.info({ released }, 'webhook leases of a previous run released');
    }
  }

  private claim(limit: number): Promise<Claimed[]> {
    const now = this.options.clock.now();
    return claimDue(this.options.knex, {
      now,
      leaseUntil: new Date(now.getTime() + this.options.leaseMs),
      workerId: this.workerId,
      limit,
    });
  }

  /** Runs claimed rows, each as its own task; a task holds a sending slot until its HTTP call is over. */
  private launch(claimed: readonly Claimed[]): Array<Promise<void>> {
    return claimed.map(({ row, target }) => {
      this.sending += 1;
      let slotHeld = true;
      const freeSlot = (): void => {
        if (!slotHeld) return;
        slotHeld = false;
        this.sending -= 1;
        this.options.onSettled?.();
      };
      const task: Promise<void> = (async () => {
        try {
          await this.options.executor.execute(row, {
            target,
            lockedBy: this.workerId,
            shutdown: this.shutdown.signal,
            onSent: freeSlot,
          });
        } catch (err) {
          // The lease lapses and the attempt is made again later.
          this.options.logger.error({ err, deliveryId: row.id }, 'webhook attempt failed to run');
        }
      })().finally(() => {
        this.inFlight.delete(task);
        freeSlot();
      });
      this.inFlight.add(task);
      return task;
    });
  }

  async pump(): Promise<void> {
    if (this.shutdown.signal.aborted) return;
    const free = this.options.concurrency - this.sending;
    // Claim in batches: while calls are running, wait until a quarter of the slots are free (a claim costs
    // about as much for one row as for many).
    if (free <= 0 || (this.sending > 0 && free < Math.ceil(this.options.concurrency / 4))) return;
    // The tasks are tracked in inFlight and never reject (a failed attempt is logged).
    void this.launch(await this.claim(free));
  }

  async runDue(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const rows = await this.claim(Math.max(1, this.options.concurrency));
      if (rows.length === 0) return attempted;
      await Promise.all(this.launch(rows));
      attempted += rows.length;
    }
  }

  /** Waits briefly for running attempts, then interrupts the rest (they are not recorded, so they run again). */
  async ping(): Promise<void> {
    await this.options.knex.raw('select 1 from webhook_deliveries limit 1');
  }

  async stop(graceMs = 2000): Promise<void> {
    const pending = Promise.allSettled([...this.inFlight]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      pending,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    this.shutdown.abort();
    await pending;
  }
}
