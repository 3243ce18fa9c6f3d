// The job queue that runs delivery attempts. Two implementations with the same guarantees: BullMQ on Redis
// (REDIS_URL set) and an embedded queue on the deliveries table itself (nothing configured). Either way the
// database is the source of truth for what is due; the queue only decides who runs it.
export interface DeliveryBackend {
  readonly kind: 'embedded' | 'bullmq';
  /** Starts consuming (workers, leases). */
  start(): Promise<void>;
  /** Hands what is due now to the workers (embedded: starts running it in the background). */
  pump(): Promise<void>;
  /** Runs every attempt due now and resolves once each is recorded: what tests call with a ManualClock. */
  runDue(): Promise<number>;
  /** Readiness: the queue's store answers (Redis for BullMQ, the database for the embedded queue). */
  ping(): Promise<void>;
  stop(): Promise<void>;
}
