import type { CheckResult, RunMeta } from '@ppapi/spec';
import type { CaseContext, ReceiverCase } from './case-context';
import { receiverCases } from './cases';
import { concurrencyLimit } from './concurrency-limit';
import { DeliveryFactory } from './delivery-factory';
import { assertReachable } from './reachability';
import { randomSeed } from './seeds';
import { selector } from './select';
import { sendDelivery } from './send-delivery';

/** The spec's per-call delivery timeout. */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 4;

export interface ReceiverTestOptions {
  /** The receiver's delivery URL. */
  readonly url: string;
  /** The signing secret the receiver verifies with. Never printed. */
  readonly secret: string;
  /** Seeds every generated payload and id; default random (reported, so a run can be replayed). */
  readonly seed?: number;
  /** How long a valid delivery may take to be answered 2xx. Default 10000 (the spec's timeout). */
  readonly timeoutMs?: number;
  /** Deliveries in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Glob over check ids and rule ids, as the conformance suite's --only. */
  readonly only?: string;
  /** Cases to run; default all (tests swap in subsets). */
  readonly cases?: readonly ReceiverCase[];
}

export interface ReceiverTestRun {
  readonly results: CheckResult[];
  readonly meta: RunMeta;
}

/** Runs every case against the receiver at `url`. Throws ReceiverUnreachableError when nothing answers there. */
export async function runReceiverTest(options: ReceiverTestOptions): Promise<ReceiverTestRun> {
  const seed = options.seed ?? randomSeed();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startedAt = new Date().toISOString();
  await assertReachable(options.url, timeoutMs);

  const limit = concurrencyLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
  const selects = selector(options.only);
  const ctx: CaseContext = {
    url: options.url,
    timeoutMs,
    seed,
    deliveries: new DeliveryFactory(seed, options.secret),
    selects,
    send: (delivery) => limit(() => sendDelivery({ url: options.url, body: delivery.body, headers: delivery.headers }, timeoutMs)),
  };
  // Cases run side by side (sequences inside a case stay in order); the limit above bounds the load.
  const perCase = await Promise.all((options.cases ?? receiverCases).map((c) => c.run(ctx)));
  const results = perCase.flat().filter((r) => selects(r));
  return {
    results,
    meta: { title: 'Webhook receiver test', startedAt, finishedAt: new Date().toISOString(), target: options.url, seed, timeoutMs },
  };
}
