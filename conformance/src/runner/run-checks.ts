// Runs a set of checks against one target: ordinary checks concurrently (small pool, shared per-key pacing),
// then exclusive ones (rate limits) last and one at a time, so they measure limits nobody else is spending, and
// finally the run's own cleanups (what checks registered with ctx.run.cleanup), whatever the checks did.

import type { CheckResult } from '../model';
import { systemClock, type Clock } from '../http/clock';
import type { Target } from '../targets/types';
import type { Check, Profile } from './check';
import { mapPool } from './pool';
import { newRunId, pacerFor, runCheck } from './run-check';
import { RunScope } from './run-scope';
import { selectChecks } from './select';

export interface RunChecksOptions {
  readonly target: Target;
  readonly checks: readonly Check[];
  readonly seed: number;
  readonly profile?: Profile;
  readonly showSecrets?: boolean;
  /** Glob(s) on check id or rule id; omitted: all checks. */
  readonly only?: string | readonly string[];
  /** Default DEFAULT_CONCURRENCY. */
  readonly concurrency?: number;
  /** Per-check seeds (--rerun-failed reuses the seed each failure was recorded with). */
  readonly seedOverrides?: ReadonlyMap<string, number>;
  /** Called as each check completes (progress output). */
  readonly onResult?: (result: CheckResult) => void;
  /**
   * Called once per notice about the run as a whole (ctx.run.notice), and for each failed run-level cleanup
   * (`run cleanup failed: …`, after the last check).
   */
  readonly onNotice?: (message: string) => void;
  readonly runId?: string;
  readonly clock?: Clock;
  readonly requestTimeoutMs?: number;
  readonly checkTimeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly targetFile?: string;
}

/**
 * Most of a check's time is spent waiting (on the key pacing, the server, deliveries), not computing, and the
 * pacing keeps the target's keys under their limits however many checks share them: more checks at once keep the
 * paced budgets busy. Not more, so a slow machine does not stretch the checks' own waits for mail and deliveries.
 */
export const DEFAULT_CONCURRENCY = 6;

/** Results in the order the checks were given (not completion order), so reports are stable. */
export async function runChecks(options: RunChecksOptions): Promise<CheckResult[]> {
  const selected = selectChecks(options.checks, options.only);
  const clock = options.clock ?? systemClock;
  const pacer = pacerFor(options.target, clock);
  const runId = options.runId ?? newRunId();
  const observers = selected.flatMap((c) => (c.observe ? [{ id: c.id, observe: c.observe }] : []));
  const run = new RunScope({
    target: options.target,
    requestTimeoutMs: options.requestTimeoutMs,
    fetch: options.fetch,
    showSecrets: options.showSecrets,
    onNotice: options.onNotice,
    observers,
  });
  const attempt = (check: Check, retry: boolean): Promise<CheckResult> =>
    runCheck(check, options.target, {
      seed: options.seedOverrides?.get(check.id) ?? options.seed,
      profile: options.profile,
      showSecrets: options.showSecrets,
      // A retry gets a marker of its own: what the first attempt left behind (an email to the marker's address,
      // a resource named with it) must not count in the second attempt's observations.
      runId: retry ? `${runId}-retry` : runId,
      pacer,
      clock,
      requestTimeoutMs: options.requestTimeoutMs,
      checkTimeoutMs: options.checkTimeoutMs,
      fetch: options.fetch,
      targetFile: options.targetFile,
      run,
    });
  const runOne = async (check: Check): Promise<CheckResult> => {
    let result = await attempt(check, false);
    // An error is the suite's or the network's (a reset, a timeout, a crash): one more try before reporting it.
    if (result.status === 'error') {
      const second = await attempt(check, true);
      result =
        second.status === 'error'
          ? { ...second, attempts: 2 }
          : {
              ...second,
              attempts: 2,
              message: `${second.message} (after a retry: the first attempt errored: ${result.message})`,
            };
    }
    options.onResult?.(result);
    return result;
  };

  const results = new Array<CheckResult>(selected.length);
  const ordinary = selected.flatMap((c, i) => (c.exclusive || c.afterAll ? [] : [i]));
  // Long checks start first (registry order otherwise), so the pool's tail is short checks, not one long one.
  const startOrder = [
    ...ordinary.filter((i) => selected[i]?.long === true),
    ...ordinary.filter((i) => selected[i]?.long !== true),
  ];
  const exclusive = selected.flatMap((c, i) => (c.exclusive && !c.afterAll ? [i] : []));
  // Checks that judge what the whole run saw (global invariants) go after every other, exclusive ones included.
  const afterAll = selected.flatMap((c, i) => (c.afterAll ? [i] : []));
  try {
    await mapPool(startOrder, options.concurrency ?? DEFAULT_CONCURRENCY, async (i) => {
      results[i] = await runOne(selected[i]);
    });
    for (const i of exclusive) results[i] = await runOne(selected[i]);
    for (const i of afterAll) results[i] = await runOne(selected[i]);
  } finally {
    // After every check, exclusive ones included: what several checks shared (the suite's landlord) goes last.
    for (const problem of await run.close()) run.notice(`run cleanup failed: ${problem}`);
  }
  return results;
}
