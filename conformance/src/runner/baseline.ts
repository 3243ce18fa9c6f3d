// --baseline: known failures (the s3-tests `fails_on_*` markers, as data). A listed failure is reported as an
// expected failure and does not fail the run; a listed check that passes is flagged so the entry gets removed.

import type { CheckResult } from '../model';
import { isRecord, readJsonFile } from './json-file';
import { CannotRunError } from './outcomes';

export interface BaselineEntry {
  readonly check: string;
  readonly reason: string;
}

export interface Baseline {
  readonly expectedFailures: readonly BaselineEntry[];
}

export function parseBaseline(raw: unknown, source: string): Baseline {
  const bad = (problem: string): never => {
    throw new CannotRunError(`baseline ${source}: ${problem}`);
  };
  if (!isRecord(raw) || !Array.isArray(raw.expectedFailures)) bad('must be { "expectedFailures": [{ "check": "<id>", "reason": "..." }] }');
  const entries = (raw as { expectedFailures: unknown[] }).expectedFailures.map((entry, i) => {
    if (!isRecord(entry) || typeof entry.check !== 'string' || entry.check.length === 0) bad(`expectedFailures[${i}].check must be a check id`);
    const e = entry as Record<string, unknown>;
    if (typeof e.reason !== 'string' || e.reason.trim().length === 0) bad(`expectedFailures[${i}].reason must say why`);
    return { check: e.check as string, reason: e.reason as string };
  });
  return { expectedFailures: entries };
}

export function loadBaseline(path: string): Baseline {
  return parseBaseline(readJsonFile(path, 'baseline'), path);
}

export function baselineIndex(baseline: Baseline | undefined): ReadonlyMap<string, BaselineEntry> {
  return new Map((baseline?.expectedFailures ?? []).map((e) => [e.check, e]));
}

/** Marks a failed result as expected when the baseline lists it. */
export function applyBaseline(result: CheckResult, index: ReadonlyMap<string, BaselineEntry>): CheckResult {
  const entry = index.get(result.id);
  if (!entry || result.status !== 'failed') return result;
  return { ...result, expectedFailure: { reason: entry.reason } };
}

/** Baseline entries whose check passed this run: "baseline entry can be removed". */
export function removableEntries(results: readonly CheckResult[], index: ReadonlyMap<string, BaselineEntry>): BaselineEntry[] {
  return results.filter((r) => r.status === 'passed' && index.has(r.id)).map((r) => index.get(r.id) as BaselineEntry);
}

/** Failures that count against the run (exit status 1). */
export function unexpectedFailures(results: readonly CheckResult[]): CheckResult[] {
  return results.filter((r) => r.status === 'failed' && !r.expectedFailure);
}
