// What each result means for the run, decided once: `outcomeOf` sorts a result into one outcome, `summarize`
// counts them and `runVerdict` turns the counts into the run's verdict and exit status. The console, JUnit, JSON,
// HTML and the CI job summary (reporters/markdown.ts) all render from these, so none can call a warning a failure.

import type { CheckResult } from '../model';

export type Outcome =
  'passed' | 'failed' | 'warning' | 'expectedFailure' | 'flaky' | 'errored' | 'blocked' | 'skipped' | 'disabled';

/** The fields an outcome depends on: a CheckResult, or a check of a JSON report read back. */
export interface OutcomeFields {
  /** `blocked`: a check that could not run because an operation it needs failed. */
  readonly status: CheckResult['status'] | 'blocked';
  readonly warning?: boolean;
  readonly expectedFailure?: unknown;
  readonly knownFlaky?: unknown;
}

export interface Summary {
  readonly passed: number;
  /** Only what fails the run: not expected failures (baseline), warnings (a failed SHOULD) or known flakes. */
  readonly failed: number;
  readonly skipped: number;
  readonly expectedFailures: number;
  readonly errored: number;
  readonly blocked: number;
  readonly disabled: number;
  readonly warnings: number;
  /** Known-flaky checks that failed or errored (never counted against the run). */
  readonly flaky: number;
}

export interface OutcomeInfo {
  readonly outcome: Outcome;
  readonly count: keyof Summary;
  /** Console and job-summary tag. */
  readonly tag: string;
  /** Heading of its section in the job summary. */
  readonly heading: string;
  /** Its element in JUnit: CI tools count failures and errors red, skipped grey. */
  readonly junit: 'pass' | 'failure' | 'error' | 'skipped' | 'note';
  /** What it means, after its count at the end of a console run (absent: no line). */
  readonly explanation?: (n: number) => string;
  /** Failed, errored or blocked checks carry a reproduction worth showing. */
  readonly reproduce: boolean;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Every outcome, in the order reports show them: what needs attention first. */
export const OUTCOMES: readonly OutcomeInfo[] = [
  { outcome: 'failed', count: 'failed', tag: 'FAIL', heading: 'Failed', junit: 'failure', reproduce: true },
  {
    outcome: 'errored',
    count: 'errored',
    tag: 'ERROR',
    heading: 'Errored',
    junit: 'error',
    reproduce: true,
    explanation: (n) =>
      `${plural(n, 'error')} (the suite or the network broke, after one retry; exit status 3 when nothing failed)`,
  },
  {
    outcome: 'blocked',
    count: 'blocked',
    tag: 'BLOCKED',
    heading: 'Blocked',
    junit: 'failure',
    reproduce: true,
    explanation: (n) =>
      `${plural(n, 'blocked check')} (could not run: an operation every deployment must support failed; exit status 1)`,
  },
  {
    outcome: 'warning',
    count: 'warnings',
    tag: 'WARN',
    heading: 'Warnings',
    junit: 'note',
    reproduce: false,
    explanation: (n) => `${plural(n, 'warning')} (failed SHOULD rules; --strict counts them as failures)`,
  },
  {
    outcome: 'expectedFailure',
    count: 'expectedFailures',
    tag: 'XFAIL',
    heading: 'Expected failures (baseline)',
    junit: 'skipped',
    reproduce: false,
    explanation: (n) => `${plural(n, 'expected failure')} (listed in the baseline, not counted as failed)`,
  },
  {
    outcome: 'flaky',
    count: 'flaky',
    tag: 'FLAKY',
    heading: 'Known flaky (baseline)',
    junit: 'skipped',
    reproduce: false,
    explanation: (n) =>
      `${plural(n, 'known-flaky check')} failed or errored (listed in the baseline, never fail the run)`,
  },
  { outcome: 'skipped', count: 'skipped', tag: 'SKIP', heading: 'Skipped', junit: 'skipped', reproduce: false },
  { outcome: 'disabled', count: 'disabled', tag: 'OFF', heading: 'Disabled', junit: 'skipped', reproduce: false },
  { outcome: 'passed', count: 'passed', tag: 'PASS', heading: 'Passed', junit: 'pass', reproduce: false },
];

export function outcomeInfo(outcome: Outcome): OutcomeInfo {
  const info = OUTCOMES.find((o) => o.outcome === outcome);
  if (!info) throw new Error(`unknown outcome ${outcome}`);
  return info;
}

/** The one place a result is sorted: a known flake before an error, a baseline entry before a warning. */
export function outcomeOf(r: OutcomeFields): Outcome {
  switch (r.status) {
    case 'passed':
      return 'passed';
    case 'skipped':
      return 'skipped';
    case 'disabled':
      return 'disabled';
    default:
      if (r.knownFlaky !== undefined) return 'flaky';
      if (r.status === 'error') return 'errored';
      if (r.status === 'blocked') return 'blocked';
      if (r.expectedFailure !== undefined) return 'expectedFailure';
      if (r.warning === true) return 'warning';
      return 'failed';
  }
}

export const EMPTY_SUMMARY: Summary = {
  passed: 0,
  failed: 0,
  skipped: 0,
  expectedFailures: 0,
  errored: 0,
  blocked: 0,
  disabled: 0,
  warnings: 0,
  flaky: 0,
};

export function summarize(results: readonly OutcomeFields[]): Summary {
  const s: Record<keyof Summary, number> = { ...EMPTY_SUMMARY };
  for (const r of results) s[outcomeInfo(outcomeOf(r)).count]++;
  return s;
}

export type RunVerdict = 'passed' | 'failed' | 'errored';

/**
 * The run's verdict and exit status (interfaces.md): failed (1) when a check failed or was blocked (a required operation failed) or the run has failures of its
 * own (`runFailures`: a stale baseline entry, an unstable check under --repeat); errored (3) when nothing failed
 * but a check errored; passed (0) otherwise, warnings, expected failures and flakes included.
 */
export function runVerdict(summary: Summary, runFailures = 0): { verdict: RunVerdict; exitStatus: 0 | 1 | 3 } {
  if (summary.failed > 0 || summary.blocked > 0 || runFailures > 0) return { verdict: 'failed', exitStatus: 1 };
  if (summary.errored > 0) return { verdict: 'errored', exitStatus: 3 };
  return { verdict: 'passed', exitStatus: 0 };
}

/** The last line of every console run, alone on its line (CI greps for it): the three counts first, as ever. */
export function summaryLine(summary: Summary): string {
  const extra = [
    summary.errored ? plural(summary.errored, 'error') : '',
    summary.blocked ? `${summary.blocked} blocked` : '',
    summary.warnings ? plural(summary.warnings, 'warning') : '',
    summary.disabled ? `${summary.disabled} disabled` : '',
  ].filter((p) => p.length > 0);
  return [`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`, ...extra].join(', ');
}

/** Checks that need attention first (failed, errored, blocked), then the baseline's expected failures. */
export function failuresFirst<R extends OutcomeFields>(results: readonly R[]): { failures: R[]; expected: R[] } {
  const attention = new Set<Outcome>(['failed', 'errored', 'blocked']);
  return {
    failures: results.filter((r) => attention.has(outcomeOf(r))),
    expected: results.filter((r) => outcomeOf(r) === 'expectedFailure'),
  };
}

/** Groups in order of first appearance. */
export function byGroup(results: readonly CheckResult[]): Map<string, CheckResult[]> {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) groups.set(r.group, [...(groups.get(r.group) ?? []), r]);
  return groups;
}
