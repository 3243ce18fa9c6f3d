// Runs the receiver checks against one receiver URL: each check gets a receiver context, its deliveries are
// recorded (exchanges and a curl line each, in order: duplicates and retries need the sequence to reproduce),
// and the results are the suite's CheckResult, for the suite's reporters.
import { performance } from 'node:perf_hooks';

import type { CheckResult, RunMeta } from '@ppapi/spec';
import { selectChecks } from '../runner/select';
import { concurrencyLimit } from './concurrency-limit';
import type { ReceiverCheck, ReceiverContext } from './context';
import { curlReproduction } from './curl-reproduction';
import { DeliveryFactory } from './delivery-factory';
import { assertReachable } from './reachability';
import { randomSeed } from './seeds';
import { sendDelivery, type DeliveryExchange } from './send-delivery';

/** The spec's per-call delivery timeout. */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 4;

export interface ReceiverTestOptions {
  readonly url: string;
  /** The signing secret the receiver verifies with. Never printed. */
  readonly secret: string;
  /** Seeds every generated payload and id; default random (reported, so a run can be replayed). */
  readonly seed?: number;
  readonly timeoutMs?: number;
  /** Deliveries in flight at once. */
  readonly concurrency?: number;
  /** Glob(s) over check ids and rule ids, case-insensitive: the conformance runner's --only. */
  readonly only?: string | readonly string[];
  readonly checks: readonly ReceiverCheck[];
}

export interface ReceiverTestRun {
  readonly results: CheckResult[];
  readonly meta: RunMeta;
}

class ReceiverCheckFailure extends Error {}

/** Throws ReceiverUnreachableError when nothing answers at the URL (exit status 2, not 60 failures). */
export async function runReceiverChecks(options: ReceiverTestOptions): Promise<ReceiverTestRun> {
  const seed = options.seed ?? randomSeed();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startedAt = new Date().toISOString();
  await assertReachable(options.url, timeoutMs);
  const limit = concurrencyLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
  const deliveries = new DeliveryFactory(seed, options.secret);

  const runOne = async (check: ReceiverCheck): Promise<CheckResult> => {
    const started = performance.now();
    const exchanges: DeliveryExchange[] = [];
    const passes: string[] = [];
    const ctx: ReceiverContext = {
      url: options.url,
      timeoutMs,
      seed,
      deliveries,
      send: async (delivery) => {
        const exchange = await limit(() =>
          sendDelivery({ url: options.url, body: delivery.body, headers: delivery.headers }, timeoutMs),
        );
        exchanges.push(exchange);
        return exchange;
      },
      verdict: (verdict) => {
        if (!verdict.passed) throw new ReceiverCheckFailure(verdict.message);
        passes.push(verdict.message);
      },
    };
    let status: CheckResult['status'] = 'passed';
    let message: string;
    try {
      await check.run(ctx);
      message = passes.join('; ');
    } catch (err) {
      status = 'failed';
      message =
        err instanceof ReceiverCheckFailure
          ? err.message
          : `tester error: ${err instanceof Error ? err.message : String(err)}`;
    }
    return {
      id: check.id,
      title: check.title,
      group: check.group,
      rules: check.rules,
      status,
      message,
      reproduction: curlReproduction(
        exchanges.map((e) => e.request),
        timeoutMs,
      ),
      durationMs: Math.round(performance.now() - started),
      seed,
      exchanges: exchanges.map((e) => e.recorded),
    };
  };

  // Checks run side by side (the deliveries inside a check stay in order); the limit above bounds the load.
  const results = await Promise.all(selectChecks(options.checks, options.only).map(runOne));
  return {
    results,
    meta: {
      title: 'Webhook receiver test',
      startedAt,
      finishedAt: new Date().toISOString(),
      target: options.url,
      seed,
      timeoutMs,
    },
  };
}
