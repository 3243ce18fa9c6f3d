// The outbound-webhook machinery of one process: dispatcher (outbox → deliveries), delivery worker (on BullMQ
// or the embedded queue) and scheduler (date-driven events). `start()` runs them on timers for a server or a
// worker process; tests leave it stopped and call `runDue()` / `runScheduler()` with a ManualClock.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ServerConfig } from '../platform/config';
import type { Clock } from '../platform/clock';
import { DeliveryExecutor, type AttemptResult } from './delivery/executor';
import { httpSender, type Sender } from './delivery/http-sender';
import { maxAttemptsOf, type RetryPolicy } from './delivery/retry-policy';
import { dispatchBatch, type DispatchResult } from './dispatch/dispatcher';
import { provisionEnvSubscriptions } from './env-subscriptions';
import { onWebhookWork } from './outbox/signal';
import type { DeliveryBackend } from './queue/backend';
import { BullDeliveryQueue } from './queue/bullmq-queue';
import { EmbeddedDeliveryQueue } from './queue/embedded-queue';
import { EventScheduler, type SchedulerRun } from './scheduler/scheduler';

export interface WebhookRuntimeDeps {
  readonly config: ServerConfig;
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  /** PGlite: this process alone owns the database. */
  readonly databaseKind: 'pglite' | 'postgres';
}

export interface WebhookRuntimeOptions {
  /** Jitter source; Math.random by default. */
  readonly random?: () => number;
  /** The HTTP call; tests may wrap it. */
  readonly send?: Sender;
  readonly timeoutMs?: number;
  readonly concurrency?: number;
  readonly workerId?: string;
  /** BullMQ key prefix (tests give each server its own). */
  readonly queuePrefix?: string;
  /** Force the embedded queue even when REDIS_URL is set. */
  readonly backend?: 'embedded' | 'bullmq';
}

export interface RunDueResult {
  readonly dispatched: DispatchResult;
  readonly attempted: number;
}

const DISPATCH_BATCH = 100;
const NUDGE_COALESCE_MS = 10;

export class WebhookRuntime {
  readonly backend: DeliveryBackend;
  readonly scheduler: EventScheduler;
  readonly policy: RetryPolicy;
  private pollTimer?: NodeJS.Timeout;
  private schedulerTimer?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private started = false;
  private stopped = false;
  private cycling = false;
  private again = false;
  private dispatchNext = false;
  private nudgeTimer?: NodeJS.Timeout;
  private readonly attemptObservers: Array<(outcome: AttemptResult, latencyMs: number) => void> = [];

  constructor(
    readonly deps: WebhookRuntimeDeps,
    readonly options: WebhookRuntimeOptions = {},
  ) {
    const { config, knex, clock, logger } = deps;
    this.policy = {
      delaysSeconds: config.webhookRetryDelays,
      jitter: config.webhookJitter,
      random: options.random ?? Math.random,
    };
    const timeoutMs = options.timeoutMs ?? config.webhookTimeoutMs;
    const executor = new DeliveryExecutor({
      knex,
      clock,
      logger,
      policy: this.policy,
      timeoutMs,
      send: options.send ?? httpSender,
      onAttempt: (outcome, latencyMs) => {
        for (const observer of this.attemptObservers) observer(outcome, latencyMs);
      },
    });
    const concurrency = options.concurrency ?? config.webhookConcurrency;
    // A finished attempt frees a worker slot: hand it more work (no need to look at the outbox for that).
    const onSettled = () => this.wake(false);
    const useBull = (options.backend ?? (config.redisUrl ? 'bullmq' : 'embedded')) === 'bullmq';
    this.backend = useBull
      ? new BullDeliveryQueue({
          knex,
          clock,
          logger,
          executor,
          redisUrl: config.redisUrl!,
          prefix: options.queuePrefix ?? config.webhookQueuePrefix,
          concurrency,
          lockMs: config.webhookQueueLockMs,
          staleMs: Math.max(5 * 60_000, 2 * config.webhookQueueLockMs),
          onSettled,
          runDueTimeoutMs: timeoutMs + 30_000,
        })
      : new EmbeddedDeliveryQueue({
          knex,
          clock,
          logger,
          executor,
          concurrency,
          leaseMs: 2 * timeoutMs + 5000,
          exclusiveDatabase: deps.databaseKind === 'pglite',
          workerId: options.workerId,
          onSettled,
        });
    this.scheduler = new EventScheduler({ knex, clock, logger });
  }

  /** Tells the observer about every attempt this runtime makes (metrics). */
  observeAttempts(observer: (outcome: AttemptResult, latencyMs: number) => void): void {
    this.attemptObservers.push(observer);
  }

  get maxAttempts(): number {
    return maxAttemptsOf(this.policy);
  }

  /** A sibling runtime on the same database and queue: a second worker, or other test options. */
  fork(options: WebhookRuntimeOptions = {}): WebhookRuntime {
    return new WebhookRuntime(this.deps, { ...this.options, ...options });
  }

  /** Dispatches every pending outbox row. */
  async dispatch(): Promise<DispatchResult> {
    const total = { events: 0, deliveries: 0, invalid: 0 };
    for (;;) {
      const r = await dispatchBatch(
        { knex: this.deps.knex, clock: this.deps.clock, logger: this.deps.logger, maxAttempts: this.maxAttempts },
        DISPATCH_BATCH,
      );
      total.events += r.events;
      total.deliveries += r.deliveries;
      total.invalid += r.invalid;
      if (r.events < DISPATCH_BATCH) return total;
    }
  }

  /** Dispatches, then makes every attempt due now (by the clock) and waits until each is recorded. */
  async runDue(): Promise<RunDueResult> {
    const dispatched = await this.dispatch();
    const attempted = await this.backend.runDue();
    return { dispatched, attempted };
  }

  runScheduler(): Promise<SchedulerRun> {
    return this.scheduler.runOnce();
  }

  /** WEBHOOK_URL + WEBHOOK_SECRET: the enterpriseLive landlord's subscriptions to every type (idempotent). */
  async provisionFromEnv(): Promise<void> {
    const { config, logger } = this.deps;
    if (config.webhookUrl && config.webhookSecret) {
      await provisionEnvSubscriptions(this.deps, { url: config.webhookUrl, secret: config.webhookSecret });
    } else if (config.webhookUrl || config.webhookSecret) {
      logger.warn('WEBHOOK_URL and WEBHOOK_SECRET must both be set; no environment subscriptions created');
    }
  }

  /** Starts the loops: env subscriptions, the worker, a scheduler pass, then polling (and waking on local writes). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { config, logger } = this.deps;
    await this.provisionFromEnv();
    await this.backend.start();
    // The first pass runs in the background: a large portfolio must not delay the server's start.
    void this.runScheduler().catch((err: unknown) => logger.error({ err }, 'scheduler pass failed'));
    this.unsubscribe = onWebhookWork(() => this.nudge());
    this.schedulerTimer = setInterval(
      () => void this.runScheduler().catch((err: unknown) => logger.error({ err }, 'scheduler pass failed')),
      config.webhookSchedulerIntervalMs,
    );
    this.schedulerTimer.unref();
    this.wake();
    logger.info(
      { queue: this.backend.kind, retryDelays: config.webhookRetryDelays },
      'webhook dispatcher, worker and scheduler started',
    );
  }

  /**
   * A local write recorded an event: dispatch shortly. Writes that land within a few milliseconds of each other
   * are dispatched in one batch (one transaction instead of one each), for a few milliseconds of latency.
   */
  private nudge(): void {
    if (this.nudgeTimer || !this.started || this.stopped) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = undefined;
      this.wake();
    }, NUDGE_COALESCE_MS);
  }

  /** Runs a cycle now (or right after the one in progress): dispatch the outbox (unless only a slot freed), then pump. */
  wake(dispatch = true): void {
    if (!this.started || this.stopped) return;
    this.dispatchNext ||= dispatch;
    if (this.cycling) {
      this.again = true;
      return;
    }
    void this.cycle();
  }

  private async cycle(): Promise<void> {
    this.cycling = true;
    clearTimeout(this.pollTimer);
    try {
      do {
        this.again = false;
        const dispatch = this.dispatchNext;
        this.dispatchNext = false;
        if (dispatch) await this.dispatch();
        await this.backend.pump();
      } while (this.again && !this.stopped);
    } catch (err) {
      this.deps.logger.error({ err }, 'webhook cycle failed');
    } finally {
      this.cycling = false;
      if (!this.stopped) this.pollTimer = setTimeout(() => this.wake(), this.deps.config.webhookPollMs);
    }
  }

  /** Tests and benchmarks: drops the BullMQ queue's keys from Redis once done (no-op for the embedded queue). */
  async discardQueue(): Promise<void> {
    if (this.backend instanceof BullDeliveryQueue) await this.backend.obliterate();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.pollTimer);
    clearTimeout(this.nudgeTimer);
    clearInterval(this.schedulerTimer);
    // Let a cycle or scheduler pass in progress finish its database work before the connection closes.
    while (this.cycling) await new Promise((resolve) => setTimeout(resolve, 5));
    await this.scheduler.idle();
    await this.backend.stop();
  }
}
