// Runs the receiver tester's cases against one receiver URL: each case gets a receiver context, its deliveries
// are recorded (exchanges and a curl line each, in order: duplicates and retries need the sequence to reproduce),
// and the results are the suite's CheckResult, for the suite's grading, baseline and reporters. The outcome
// contract is the suite's: a verdict against the receiver is `failed`; a broken connection or the tester's own
// crash is `error` (retried once first, as the suite retries an errored check), never `failed`.
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
import type { Verdict } from './verdicts';

/** The spec's per-call delivery timeout. */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 4;
/** An errored case runs once more before its error is reported (the suite's documented retry). */
export const ERROR_ATTEMPTS = 2;

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
  /** Called with each result as its case completes (the console's progress lines). */
  readonly onResult?: (result: CheckResult) => void;
  /** What "now" is for envelopes that carry an age (a retry's created_at); default the system clock. */
  readonly now?: () => Date;
}

export interface ReceiverTestRun {
  readonly results: CheckResult[];
  readonly meta: RunMeta;
}

type FailedVerdict = Extract<Verdict, { outcome: 'failed' }>;

class ReceiverCheckFailure extends Error {
  constructor(readonly verdict: FailedVerdict) {
    super(verdict.message);
  }
}

class BrokenConnection extends Error {}

type Attempt =
  | { readonly status: 'passed'; readonly message: string }
  | { readonly status: 'failed'; readonly verdict: FailedVerdict }
  | { readonly status: 'error'; readonly message: string };

/** Throws ReceiverUnreachableError when nothing answers at the URL (exit status 2, not 60 failures). */
export async function runReceiverChecks(options: ReceiverTestOptions): Promise<ReceiverTestRun> {
  const seed = options.seed ?? randomSeed();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startedAt = new Date().toISOString();
  await assertReachable(options.url, timeoutMs);
  const limit = concurrencyLimit(options.concurrency ?? DEFAULT_CONCURRENCY);
  const deliveries = new DeliveryFactory(seed, options.secret, options.now);

  const attempt = async (check: ReceiverCheck, exchanges: DeliveryExchange[]): Promise<Attempt> => {
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
        if (verdict.outcome === 'failed') throw new ReceiverCheckFailure(verdict);
        if (verdict.outcome === 'error') throw new BrokenConnection(verdict.message);
        passes.push(verdict.message);
      },
    };
    try {
      await check.run(ctx);
      return { status: 'passed', message: passes.join('; ') };
    } catch (err) {
      if (err instanceof ReceiverCheckFailure) return { status: 'failed', verdict: err.verdict };
      if (err instanceof BrokenConnection) return { status: 'error', message: err.message };
      return { status: 'error', message: `tester error: ${err instanceof Error ? err.message : String(err)}` };
    }
  };

  const runOne = async (check: ReceiverCheck): Promise<CheckResult> => {
    const started = performance.now();
    let exchanges: DeliveryExchange[] = [];
    let outcome = await attempt(check, exchanges);
    let attempts = 1;
    while (outcome.status === 'error' && attempts < ERROR_ATTEMPTS) {
      exchanges = [];
      outcome = await attempt(check, exchanges);
      attempts++;
    }
    const result: CheckResult = {
      id: check.id,
      title: check.title,
      group: check.group,
      rules: check.rules,
      status: outcome.status,
      message: outcome.status === 'failed' ? outcome.verdict.message : outcome.message,
      ...(outcome.status === 'failed'
        ? {
            expected: outcome.verdict.expected,
            got: outcome.verdict.got,
            failedRules: outcome.verdict.failedRules,
          }
        : {}),
      ...(outcome.status === 'error' ? { attempts } : {}),
      reproduction: curlReproduction(
        exchanges.map((e) => e.request),
        timeoutMs,
      ),
      durationMs: Math.round(performance.now() - started),
      seed,
      exchanges: exchanges.map((e) => e.recorded),
    };
    options.onResult?.(result);
    return result;
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
