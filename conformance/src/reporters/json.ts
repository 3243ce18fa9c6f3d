// JSON report: exactly interfaces.md's shape ({ summary, checks[{ id, rules, status, message, reproduction }] })
// plus extra fields, never fewer.

import type { CheckResult, RunMeta, SuiteReport } from '../model';
import { baselineRemovableOf, comparisonOf, coverageOf, plainMeta } from './meta';
import { summarize } from './summary';

function checkEntry(r: CheckResult): SuiteReport['checks'][number] {
  return {
    id: r.id,
    rules: r.rules,
    status: r.status,
    message: r.message,
    // interfaces.md: a command reproducing a failure; empty for checks that did not fail.
    reproduction: r.status === 'failed' ? (r.reproduction ?? '') : '',
    title: r.title,
    group: r.group,
    durationMs: r.durationMs,
    ...(r.command !== undefined ? { command: r.command } : {}),
    ...(r.seed !== undefined ? { seed: r.seed } : {}),
    ...(r.property !== undefined ? { property: r.property } : {}),
    ...(r.path !== undefined ? { path: r.path } : {}),
    ...(r.counterexample !== undefined ? { counterexample: r.counterexample } : {}),
    ...(r.expected !== undefined ? { expected: r.expected } : {}),
    ...(r.got !== undefined ? { got: r.got } : {}),
    ...(r.expectedFailure ? { expectedFailure: r.expectedFailure } : {}),
    // Exchanges only where someone will read them: failures.
    ...(r.status === 'failed' && r.exchanges?.length ? { exchanges: r.exchanges } : {}),
  };
}

export function toJsonReport(results: readonly CheckResult[], meta: RunMeta): SuiteReport {
  const s = summarize(results);
  const coverage = coverageOf(meta);
  const removable = baselineRemovableOf(meta);
  const comparison = comparisonOf(meta);
  return {
    summary: { passed: s.passed, failed: s.failed, skipped: s.skipped, expectedFailures: s.expectedFailures },
    checks: results.map(checkEntry),
    meta: plainMeta(meta),
    ...(meta.seed !== undefined ? { seed: meta.seed } : {}),
    ...(coverage ? { coverage } : {}),
    ...(removable.length ? { baselineRemovable: removable } : {}),
    ...(comparison ? { comparison } : {}),
  };
}

export function renderJson(results: readonly CheckResult[], meta: RunMeta): string {
  return `${JSON.stringify(toJsonReport(results, meta), null, 2)}\n`;
}
