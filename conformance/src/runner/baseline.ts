// --baseline: known failures and known flakes, as data (the s3-tests `fails_on_*` markers, WPT expectations).
// A known-failing entry (a check id or a rule id) turns the listed failure into an expected failure; when every
// check it names passes, the entry is stale and FAILS the run until it is removed, so the list cannot rot. A
// known-flaky entry never fails the run: its check's failure or error is reported and not counted.

import type { CheckResult } from '../model';
import { isRecord, readJsonFile } from './json-file';
import { CannotRunError } from './outcomes';

export interface BaselineEntry {
  /** A check id or a rule id. */
  readonly check: string;
  readonly reason: string;
  readonly issue?: string;
}

export interface Baseline {
  readonly knownFailing: readonly BaselineEntry[];
  readonly knownFlaky: readonly BaselineEntry[];
}

export const EMPTY_BASELINE: Baseline = { knownFailing: [], knownFlaky: [] };

const SHAPE =
  '{ "knownFailing": [{ "check": "<check or rule id>", "reason": "...", "issue": "<url>" }], "knownFlaky": [...] }';

function parseEntries(list: unknown, field: string, bad: (problem: string) => never): BaselineEntry[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return bad(`${field} must be an array`);
  return list.map((entry: unknown, i: number) => {
    if (!isRecord(entry)) return bad(`${field}[${i}] must be an object`);
    const id = entry.check ?? entry.rule;
    if (typeof id !== 'string' || id.length === 0) return bad(`${field}[${i}].check must be a check id or a rule id`);
    if (typeof entry.reason !== 'string' || entry.reason.trim().length === 0)
      return bad(`${field}[${i}].reason must say why`);
    if (entry.issue !== undefined && typeof entry.issue !== 'string') return bad(`${field}[${i}].issue must be a link`);
    return { check: id, reason: entry.reason, ...(typeof entry.issue === 'string' ? { issue: entry.issue } : {}) };
  });
}

export function parseBaseline(raw: unknown, source: string): Baseline {
  const bad = (problem: string): never => {
    throw new CannotRunError(`baseline ${source}: ${problem}`);
  };
  if (!isRecord(raw)) return bad(`must be ${SHAPE}`);
  // `expectedFailures` is the earlier name of knownFailing; files written for it keep working.
  const failing = [
    ...parseEntries(raw.knownFailing, 'knownFailing', bad),
    ...parseEntries(raw.expectedFailures, 'expectedFailures', bad),
  ];
  const flaky = parseEntries(raw.knownFlaky, 'knownFlaky', bad);
  if (raw.knownFailing === undefined && raw.expectedFailures === undefined && raw.knownFlaky === undefined)
    bad(`must be ${SHAPE}`);
  return { knownFailing: failing, knownFlaky: flaky };
}

export function loadBaseline(path: string): Baseline {
  return parseBaseline(readJsonFile(path, 'baseline'), path);
}

function names(entry: BaselineEntry, r: Pick<CheckResult, 'id' | 'rules'>): boolean {
  return entry.check === r.id || r.rules.includes(entry.check);
}

const note = (e: BaselineEntry): { reason: string; issue?: string } => ({
  reason: e.reason,
  ...(e.issue !== undefined ? { issue: e.issue } : {}),
});

/** Marks a listed failure as expected, and a known-flaky check's failure or error as flaky. */
export function applyBaseline(result: CheckResult, baseline: Baseline): CheckResult {
  let r = result;
  const flaky = baseline.knownFlaky.find((e) => names(e, result));
  if (flaky && (result.status === 'failed' || result.status === 'error')) r = { ...r, knownFlaky: note(flaky) };
  const failing = baseline.knownFailing.find((e) => names(e, result));
  if (failing && result.status === 'failed') r = { ...r, expectedFailure: note(failing) };
  return r;
}

export interface StaleEntry extends BaselineEntry {
  /** The checks the entry names, all of which passed. */
  readonly passing: readonly string[];
}

/** Known-failing entries whose checks ran and all passed: each fails the run until it is removed. */
export function staleEntries(results: readonly CheckResult[], baseline: Baseline): StaleEntry[] {
  return baseline.knownFailing.flatMap((e) => {
    const named = results.filter((r) => names(e, r));
    if (named.length === 0 || !named.every((r) => r.status === 'passed')) return [];
    return [{ ...e, passing: named.map((r) => r.id) }];
  });
}

export function staleMessage(e: StaleEntry): string {
  return `baseline entry ${e.check} is stale: ${e.passing.join(', ')} pass${e.passing.length === 1 ? 'es' : ''} now; remove it from the known-failing list (listed because: ${e.reason})`;
}
