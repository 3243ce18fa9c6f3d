// Counting results the same way everywhere: expected failures (baseline) are not counted as failed.

import type { CheckResult } from '../model';

export interface Summary {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly expectedFailures: number;
}

export function summarize(results: readonly CheckResult[]): Summary {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let expectedFailures = 0;
  for (const r of results) {
    if (r.status === 'passed') passed++;
    else if (r.status === 'skipped') skipped++;
    else if (r.expectedFailure) expectedFailures++;
    else failed++;
  }
  return { passed, failed, skipped, expectedFailures };
}

/** The last line of every console run, alone on its line (CI greps for it). */
export function summaryLine(summary: Summary): string {
  return `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`;
}

/** Unexpected failures first, then expected ones, each in run order. */
export function failuresFirst(results: readonly CheckResult[]): { failures: CheckResult[]; expected: CheckResult[] } {
  return {
    failures: results.filter((r) => r.status === 'failed' && !r.expectedFailure),
    expected: results.filter((r) => r.status === 'failed' && r.expectedFailure),
  };
}

/** Groups in order of first appearance. */
export function byGroup(results: readonly CheckResult[]): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  return groups;
}
