// JSON report: exactly interfaces.md's shape ({ summary, checks[{ id, rules, status, message, reproduction }] })
// plus extra fields, never fewer.

import type { CheckResult, RunMeta, SuiteReport } from '../model';
import { baselineRemovableOf, comparisonOf, coverageOf, notConformanceOf, plainMeta } from './meta';
import { summarize } from '../runner/summary';

function checkEntry(r: CheckResult): SuiteReport['checks'][number] {
  return {
    id: r.id,
    rules: r.rules,
    status: r.status,
    message: r.message,
    // interfaces.md: a command reproducing a failure; empty for checks that did not fail.
    reproduction: r.status === 'failed' || r.status === 'error' || r.status === 'blocked' ? (r.reproduction ?? '') : '',
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
    ...(r.knownFlaky ? { knownFlaky: r.knownFlaky } : {}),
    ...(r.level !== undefined ? { level: r.level } : {}),
    ...(r.warning ? { warning: true } : {}),
    ...(r.failedRules !== undefined ? { failedRules: r.failedRules } : {}),
    ...(r.attempts !== undefined ? { attempts: r.attempts } : {}),
    ...(r.core !== undefined ? { core: r.core } : {}),
    ...(r.disabledBy !== undefined ? { disabledBy: r.disabledBy } : {}),
    ...(r.blockedBy !== undefined ? { blockedBy: r.blockedBy } : {}),
    // Exchanges with real values (masked keys) where someone reproduces a problem: failures and errors.
    ...((r.status === 'failed' || r.status === 'error' || r.status === 'blocked') && r.exchanges?.length
      ? { exchanges: r.exchanges }
      : {}),
    // The diffable trace, for every check that made requests (passed ones too).
    ...(r.trace?.length ? { trace: r.trace } : {}),
  };
}

export function toJsonReport(results: readonly CheckResult[], meta: RunMeta): SuiteReport {
  const s = summarize(results);
  const coverage = coverageOf(meta);
  const removable = baselineRemovableOf(meta);
  const comparison = comparisonOf(meta);
  const notConformance = notConformanceOf(meta);
  return {
    // First, so a reader sees it before any count.
    ...(notConformance !== undefined ? { notAConformanceResult: notConformance } : {}),
    summary: {
      passed: s.passed,
      failed: s.failed,
      skipped: s.skipped,
      expectedFailures: s.expectedFailures,
      errored: s.errored,
      disabled: s.disabled,
      warnings: s.warnings,
      flaky: s.flaky,
      blocked: s.blocked,
    },
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
