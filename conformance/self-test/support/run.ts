// Running checks in the self-tests: a fixed seed (deterministic), and a clock whose sleeps take no time (the
// suite waits through ctx.sleep only, so no self-test ever sleeps) but whose now() follows real time (the
// headers checks compare X-RateLimit-Reset with it).

import type { Clock } from '../../src/http/clock';
import type { CheckResult } from '../../src/model';
import { runCheck, runChecks, type Check, type Profile } from '../../src/runner';
import type { Target } from '../../src/targets';

export const SELF_TEST_SEED = 20261121;

export class FastClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  async sleep(ms: number): Promise<void> {
    if (ms > 0) this.offset += ms;
  }
}

export function runOne(check: Check, target: Target, profile: Profile = 'quick'): Promise<CheckResult> {
  return runCheck(check, target, {
    seed: SELF_TEST_SEED,
    profile,
    clock: new FastClock(),
    runId: `selftest-${Date.now().toString(36)}`,
  });
}

export function runAll(
  checks: readonly Check[],
  target: Target,
  options: { readonly requestTimeoutMs?: number } = {},
): Promise<CheckResult[]> {
  return runChecks({ target, checks, seed: SELF_TEST_SEED, clock: new FastClock(), concurrency: 4, ...options });
}

/** One line for a failed expectation: what the check said. */
export function explain(result: CheckResult): string {
  return `${result.id}: ${result.status}: ${result.message}${result.reproduction ? `\n  ${result.reproduction}` : ''}`;
}
