// From results to the run's verdict: requirement levels (a failed SHOULD is a warning unless --strict), what
// counts against the deployment, and the exit-code contract (README): 1 on any failure, 3 when nothing failed but
// something errored, 0 otherwise (2, could not run, is the CLI's).

import type { CheckResult, Rule, RuleLevel } from '../model';
import { runVerdict, summarize } from './summary';

/** Strongest first. */
const ORDER: readonly RuleLevel[] = ['MUST', 'SHOULD', 'MAY', 'not-shown'];

/** The strongest level among `rules`; MUST for a rule the catalogue does not know (never weaker by accident). */
export function strongestLevel(rules: readonly string[], levels: ReadonlyMap<string, RuleLevel>): RuleLevel {
  let best = ORDER.length - 1;
  for (const id of rules) best = Math.min(best, ORDER.indexOf(levels.get(id) ?? 'MUST'));
  return rules.length === 0 ? 'MUST' : ORDER[best];
}

export function levelIndex(rules: readonly Rule[]): ReadonlyMap<string, RuleLevel> {
  return new Map(rules.map((r) => [r.id, r.level]));
}

/**
 * Adds `level` (of the rules the verdict is about: the failed assertion's on a failure) and marks a failure that
 * only a SHOULD-or-weaker rule backs as a warning, unless `strict`.
 */
export function grade(result: CheckResult, levels: ReadonlyMap<string, RuleLevel>, strict: boolean): CheckResult {
  const level = strongestLevel(
    result.status === 'failed' ? (result.failedRules ?? result.rules) : result.rules,
    levels,
  );
  const warning = result.status === 'failed' && level !== 'MUST' && !strict;
  return { ...result, level, ...(warning ? { warning: true } : {}) };
}

/** A failure that counts against the deployment: not a warning, not listed as known failing or known flaky. */
export function countsAsFailure(r: CheckResult): boolean {
  return r.status === 'failed' && r.warning !== true && r.expectedFailure === undefined && r.knownFlaky === undefined;
}

/** An error that counts (exit 3): a known-flaky check's error never fails the run. */
export function countsAsError(r: CheckResult): boolean {
  return r.status === 'error' && r.knownFlaky === undefined;
}

export const EXIT = { ok: 0, failed: 1, cannotRun: 2, errored: 3 } as const;

/**
 * `extraFailures`: reasons the run fails besides check failures (stale baseline entries, unstable checks). The
 * verdict is the reports' own (runner/summary.ts), so the exit status and every summary agree.
 */
export function exitStatus(results: readonly CheckResult[], extraFailures = 0): number {
  return runVerdict(summarize(results), extraFailures).exitStatus;
}

/** Core checks the target file disabled: such a run is "not a conformance result". */
export function disabledCore(results: readonly CheckResult[]): CheckResult[] {
  return results.filter((r) => r.status === 'disabled' && r.core === true);
}

export const NOT_A_CONFORMANCE_RESULT = 'NOT A CONFORMANCE RESULT';

export function notConformanceLine(disabled: ReadonlyArray<{ readonly id: string }>): string {
  return `${NOT_A_CONFORMANCE_RESULT}: the target file disables ${disabled.length} Core check${disabled.length === 1 ? '' : 's'} (${disabled.map((r) => r.id).join(', ')}); Core rules hold for every deployment`;
}
