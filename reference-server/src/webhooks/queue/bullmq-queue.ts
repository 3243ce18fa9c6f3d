// BullMQ on Redis (REDIS_URL set). The pump adds one job per due attempt with jobId `<delivery id>-<attempt>`,
// so however many processes pump, each attempt has one job, and BullMQ runs a job on one worker at a time;
// a worker killed mid-job loses its lock and BullMQ hands the job to another worker (stalled-job recovery),
// which sends again with the same event id. The worker re-reads the delivery first and skips an attempt that
// is already recorded. Scheduling stays in the database (next_attempt_at, on the runtime's clock), so jobs
// are added when due, never with BullMQ delays.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { Queue, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock';
import type { DeliveryExecutor } from '../delivery/executor';
import { findDeliveryWithTarget, markDueForEnqueue, OPEN_STATUSES } from '../delivery/repository';
import type { DeliveryBackend } from './backend';

export const QUEUE_NAME = 'webhook-deliveries';

interface JobData {
  deliveryId: string;
  attempt: number;
}

export interface BullQueueOptions {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly executor: DeliveryExecutor;
  readonly redisUrl: string;
  readonly prefix: string;
  readonly concurrency: number;
  /** Lock duration of a running job; a killed worker's job is retried once it lapses. */
  readonly lockMs: number;
  /** A marked attempt whose job has not run after this long is looked at again (its job may be lost). */
  readonly staleMs: number;
  readonly onSettled?: () => void;
  /** How long runDue waits for the attempts it queued to be recorded. */
  readonly runDueTimeoutMs: number;
}

export const jobIdOf = (deliveryId: string, attempt: number): string => `${deliveryId}-${attempt}`;

export class BullDeliveryQueue implements DeliveryBackend {
  readonly kind = 'bullmq' as const;
  private queue?: Queue<JobData>;
  private worker?: Worker<JobData>;
  private readonly connections: Redis[] = [];
  private readonly shutdown = new AbortController();
  readonly workerId = `bullmq:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(private readonly options: BullQueueOptions) {
    // Every running attempt listens for shutdown: as many listeners as the concurrency, which is not a leak.
    setMaxListeners(0, this.shutdown.signal);
  }

  private connection(): Redis {
    // BullMQ needs maxRetriesPerRequest null on the connections it blocks on.
    const redis = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    redis.on('error', (err: Error) => this.options.logger.warn({ err: err.message }, 'webhook queue redis error'));
    this.connections.push(redis);
    return redis;
  }

  private queueRedis?: Redis;

  private theQueue(): Queue<JobData> {
    this.queueRedis ??= this.connection();
    this.queue ??= new Queue<JobData>(QUEUE_NAME, {
      connection: this.queueRedis,
      prefix: this.options.prefix,
      defaultJobOptions: {
        // BullMQ-level retries cover infrastructure errors only (a failed HTTP call is a recorded attempt).
        attempts: 5,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: 24 * 3600, count: 100_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    });
    return this.queue;
  }

  async start(): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker<JobData>(QUEUE_NAME, (job) => this.process(job), {
      connection: this.connection(),
      prefix: this.options.prefix,
      concurrency: this.options.concurrency,
      lockDuration: this.options.lockMs,
      stalledInterval: this.options.lockMs,
      // At least once: a job whose worker died is always handed out again, however often that happens.
      maxStalledCount: 1000,
    });
    this.worker.on('error', (err) => this.options.logger.warn({ err: err.message }, 'webhook worker error'));
    this.worker.on('completed', () => this.options.onSettled?.());
    this.worker.on('failed', (job, err) =>
      this.options.logger.error({ jobId: job?.id, err: err.message }, 'webhook job failed'),
    );
    await this.worker.waitUntilReady();
  }

  private async process(job: Job<JobData>): Promise<string> {
    const { deliveryId, attempt } = job.data;
    const found = await findDeliveryWithTarget(this.options.knex, deliveryId);
    // Already recorded (a duplicate job, or a retry of a job whose worker recorded before dying), or deleted with
    // its landlord: nothing to send.
    if (!found || !OPEN_STATUSES.includes(found.row.status) || found.row.attempt_count >= attempt) return 'skipped';
    const result = await this.options.executor.execute(found.row, {
      target: found.target,
      shutdown: this.shutdown.signal,
    });
    // Cut short by shutdown: fail the job so BullMQ hands it out again (completing it would drop the attempt).
    if (result === 'interrupted') throw new Error('interrupted by shutdown');
    return result;
  }

  /** The queue's own Redis connection (opened on first use); it queues commands while Redis is away: callers bound the wait. */
  async ping(): Promise<void> {
    this.theQueue();
    await this.queueRedis?.ping();
  }

  /** Adds the jobs of every attempt due now. */
  async pump(): Promise<void> {
    await this.enqueueDue();
  }

  private async enqueueDue(): Promise<Array<{ id: string; attempt: number }>> {
    const now = this.options.clock.now();
    const all: Array<{ id: string; attempt: number }> = [];
    for (;;) {
      const due = await markDueForEnqueue(this.options.knex, {
        now,
        staleBefore: new Date(now.getTime() - this.options.staleMs),
        limit: 500,
      });
      if (due.length === 0) return all;
      const queue = this.theQueue();
      const fresh = due.filter((d) => !d.stale);
      if (fresh.length > 0) {
        await queue.addBulk(
          fresh.map((d) => ({
            name: 'deliver',
            data: { deliveryId: d.id, attempt: d.attempt },
            opts: { jobId: jobIdOf(d.id, d.attempt) },
          })),
        );
      }
      for (const d of due.filter((x) => x.stale)) await this.requeue(queue, d.id, d.attempt);
      all.push(...due);
      if (due.length < 500) return all;
    }
  }

  /** A due attempt whose job did not run: re-add it, whatever became of the old job. */
  private async requeue(queue: Queue<JobData>, deliveryId: string, attempt: number): Promise<void> {
    const jobId = jobIdOf(deliveryId, attempt);
    const job = (await queue.getJob(jobId)) as Job<JobData> | undefined;
    const state = job ? await job.getState() : 'missing';
    if (job && state === 'failed') await job.retry();
    else if (job && state === 'completed') {
      await job.remove();
      await queue.add('deliver', { deliveryId, attempt }, { jobId });
    } else if (!job || state === 'unknown') await queue.add('deliver', { deliveryId, attempt }, { jobId });
    this.options.logger.warn({ deliveryId, attempt, state }, 'webhook job re-queued');
  }

  async runDue(): Promise<number> {
    await this.start();
    const queued = await this.enqueueDue();
    if (queued.length === 0) return 0;
    // Wait until each queued attempt is recorded (by whichever worker took it) or its delivery is closed.
    const deadline = Date.now() + this.options.runDueTimeoutMs;
    const waiting = new Map(queued.map((q) => [q.id, q.attempt]));
    while (waiting.size > 0) {
      const rows = await this.options
        .knex('webhook_deliveries')
        .whereIn('id', [...waiting.keys()])
        .select<
          Array<{
            id: string;
            attempt_count: number;
            status: string;
          }>
        >('id', 'attempt_count', 'status');
      const found = new Set(rows.map((r) => r.id));
      for (const row of rows) {
        if (row.attempt_count >= waiting.get(row.id)! || !OPEN_STATUSES.includes(row.status as never))
          waiting.delete(row.id);
      }
      // A delivery deleted meanwhile (its landlord was deleted) has nothing left to wait for.
      for (const id of [...waiting.keys()]) if (!found.has(id)) waiting.delete(id);
      if (waiting.size === 0) break;
      if (Date.now() > deadline)
        throw new Error(`webhook attempts not recorded in time: ${[...waiting.keys()].join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return queued.length;
  }

  /** Tests and benchmarks: removes the queue and all its jobs from Redis (never in production). */
  async obliterate(): Promise<void> {
    await this.theQueue().obliterate({ force: true });
  }

  async stop(): Promise<void> {
    // Close the worker first (it finishes its running jobs), interrupting calls that outlive the grace period.
    const timer = setTimeout(() => this.shutdown.abort(), 2000);
    await this.worker?.close().catch(() => undefined);
    clearTimeout(timer);
    this.shutdown.abort();
    await this.queue?.close().catch(() => undefined);
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
