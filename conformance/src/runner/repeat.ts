// --repeat N: the same checks N times against the same target; a check whose verdict changes between runs is
// unstable (a stability gate for timing-sensitive checks). Known-flaky checks are reported and never gate.

import type { CheckResult, CheckStatus } from '../model';

export interface Instability {
  readonly check: string;
  /** One verdict per run, in run order. */
  readonly verdicts: readonly CheckStatus[];
}

export function unstableChecks(runs: readonly (readonly CheckResult[])[]): Instability[] {
  const byId = new Map<string, CheckStatus[]>();
  for (const run of runs) for (const r of run) byId.set(r.id, [...(byId.get(r.id) ?? []), r.status]);
  return [...byId.entries()].filter(([, v]) => new Set(v).size > 1).map(([check, verdicts]) => ({ check, verdicts }));
}

const SEVERITY: readonly CheckStatus[] = ['failed', 'blocked', 'error', 'passed', 'skipped', 'disabled'];

/** One result per check for the report: its worst verdict over the runs (a failure in any run shows). */
export function worstOf(runs: readonly (readonly CheckResult[])[]): CheckResult[] {
  const first = runs[0] ?? [];
  return first.map((r) => {
    const all = runs.map((run) => run.find((x) => x.id === r.id)).filter((x): x is CheckResult => x !== undefined);
    return all.reduce((worst, x) => (SEVERITY.indexOf(x.status) < SEVERITY.indexOf(worst.status) ? x : worst), r);
  });
}

export function instabilityLine(u: Instability): string {
  return `unstable: ${u.check} changed verdict over ${u.verdicts.length} runs (${u.verdicts.join(', ')})`;
}
