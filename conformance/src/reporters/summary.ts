// Counting results the same way everywhere. `failed` counts only what fails the run: not expected failures
// (baseline), not warnings (a failed SHOULD without --strict), not known-flaky checks.

import type { CheckResult } from '../model';
import { countsAsBlocked, countsAsFailure } from '../runner/verdict';

export interface Summary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly expectedFailures: number;
  readonly errored: number;
  readonly disabled: number;
  readonly warnings: number;
  /** Known-flaky checks that failed or errored (never counted against the run). */
  readonly flaky: number;
  /** Checks a failed required operation kept from running (they fail the run). */
  readonly blocked: number;
}

export function summarize(results: readonly CheckResult[]): Summary {
  const s = {
    passed: 0,
    failed: 0,
    skipped: 0,
    expectedFailures: 0,
    errored: 0,
    disabled: 0,
    warnings: 0,
    flaky: 0,
    blocked: 0,
  };
  for (const r of results) {
    if (r.status === 'passed') s.passed++;
    else if (countsAsBlocked(r)) s.blocked++;
    else if (r.status === 'skipped') s.skipped++;
    else if (r.status === 'disabled') s.disabled++;
    else if (r.knownFlaky) s.flaky++;
    else if (r.status === 'error') s.errored++;
    else if (r.expectedFailure) s.expectedFailures++;
    else if (r.warning) s.warnings++;
    else if (countsAsFailure(r)) s.failed++;
  }
  return s;
}

/** The last line of every console run, alone on its line (CI greps for it): the three counts first, as ever. */
export function summaryLine(summary: Summary): string {
  const extra = [
    summary.blocked ? `${summary.blocked} blocked` : '',
    summary.errored ? `${summary.errored} error${summary.errored === 1 ? '' : 's'}` : '',
    summary.warnings ? `${summary.warnings} warning${summary.warnings === 1 ? '' : 's'}` : '',
    summary.disabled ? `${summary.disabled} disabled` : '',
  ].filter((p) => p.length > 0);
  return [`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`, ...extra].join(', ');
}

/** Unexpected failures first, then expected ones, each in run order. */
export function failuresFirst(results: readonly CheckResult[]): { failures: CheckResult[]; expected: CheckResult[] } {
  return {
    failures: results.filter(
      (r) => (r.status === 'failed' && !r.expectedFailure) || r.status === 'error' || r.status === 'blocked',
    ),
    expected: results.filter((r) => r.status === 'failed' && r.expectedFailure),
  };
}

/** Groups in order of first appearance. */
export function byGroup(results: readonly CheckResult[]): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  return groups;
}
