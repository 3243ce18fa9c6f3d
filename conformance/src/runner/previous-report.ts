// Reads an earlier JSON report (ours, or any file in interfaces.md's shape) for --compare and --rerun-failed.

import type { CheckResult, CheckStatus } from '../model';
import { isRecord, readJsonFile } from './json-file';
import { CannotRunError } from './outcomes';

export interface PreviousCheck {
  readonly id: string;
  readonly status: CheckStatus;
  readonly seed?: number;
  /** The rules the check proves (interfaces.md's `rules`); absent in a report that omits them. */
  readonly rules?: readonly string[];
  readonly warning?: boolean;
}

export interface PreviousReport {
  readonly checks: readonly PreviousCheck[];
  /** The run's seed (meta.seed or top-level seed), when recorded. */
  readonly seed?: number;
}

const STATUSES: readonly string[] = ['passed', 'failed', 'skipped', 'error', 'disabled', 'blocked'];

export function parsePreviousReport(raw: unknown, source: string): PreviousReport {
  if (!isRecord(raw) || !Array.isArray(raw.checks))
    throw new CannotRunError(`report ${source}: not a JSON report (no "checks" array)`);
  const checks = raw.checks.map((c: unknown, i: number): PreviousCheck => {
    if (!isRecord(c) || typeof c.id !== 'string' || typeof c.status !== 'string' || !STATUSES.includes(c.status)) {
      throw new CannotRunError(
        `report ${source}: checks[${i}] needs a string id and a status of ${STATUSES.join(', ')}`,
      );
    }
    const rules = Array.isArray(c.rules) && c.rules.every((r: unknown) => typeof r === 'string') ? c.rules : undefined;
    return {
      id: c.id,
      status: c.status as CheckStatus,
      ...(typeof c.seed === 'number' ? { seed: c.seed } : {}),
      ...(rules ? { rules } : {}),
      ...(c.warning === true ? { warning: true } : {}),
    };
  });
  const meta = isRecord(raw.meta) ? raw.meta : {};
  const seed = typeof meta.seed === 'number' ? meta.seed : typeof raw.seed === 'number' ? raw.seed : undefined;
  return { checks, ...(seed !== undefined ? { seed } : {}) };
}

export function loadPreviousReport(path: string): PreviousReport {
  return parsePreviousReport(readJsonFile(path, 'report'), path);
}

export interface RuleChange {
  readonly rule: string;
  readonly before: RuleVerdict;
  readonly now: RuleVerdict;
}

export interface Comparison {
  /** Failed now, and passed, was skipped or did not exist before. */
  readonly newlyFailing: readonly string[];
  /** Passed now, failed before. */
  readonly newlyPassing: readonly string[];
  /** Rules whose verdict changed between the two runs, in rule-id order. */
  readonly ruleChanges: readonly RuleChange[];
}

/**
 * A rule's verdict in a run: `failed` when a check of it failed (a warning does not count), `proven` when every
 * check of it that ran passed, `error` when one errored and none failed, else `unproven` (skipped, disabled, absent).
 */
export type RuleVerdict = 'failed' | 'error' | 'proven' | 'unproven';

interface RuleEvidence {
  readonly id: string;
  readonly status: CheckStatus;
  readonly rules?: readonly string[];
  readonly warning?: boolean;
}

export function ruleVerdicts(checks: readonly RuleEvidence[]): Map<string, RuleVerdict> {
  const statuses = new Map<string, CheckStatus[]>();
  for (const c of checks)
    for (const rule of c.rules ?? [])
      statuses.set(rule, [...(statuses.get(rule) ?? []), c.warning === true ? 'passed' : c.status]);
  const out = new Map<string, RuleVerdict>();
  for (const [rule, s] of statuses) {
    const ran = s.filter((x) => x === 'passed' || x === 'failed' || x === 'error');
    out.set(
      rule,
      s.includes('failed') ? 'failed' : s.includes('error') ? 'error' : ran.length > 0 ? 'proven' : 'unproven',
    );
  }
  return out;
}

export function compareWithPrevious(previous: PreviousReport, current: readonly CheckResult[]): Comparison {
  const before = new Map(previous.checks.map((c) => [c.id, c.status]));
  const rulesBefore = ruleVerdicts(previous.checks);
  const rulesNow = ruleVerdicts(current);
  const ids = [...new Set([...rulesBefore.keys(), ...rulesNow.keys()])].sort();
  const ruleChanges = ids
    .map((rule) => ({ rule, before: rulesBefore.get(rule) ?? 'unproven', now: rulesNow.get(rule) ?? 'unproven' }))
    .filter((c) => c.before !== c.now);
  return {
    newlyFailing: current.filter((r) => r.status === 'failed' && before.get(r.id) !== 'failed').map((r) => r.id),
    newlyPassing: current.filter((r) => r.status === 'passed' && before.get(r.id) === 'failed').map((r) => r.id),
    ruleChanges,
  };
}

/** --rerun-failed: the failed (and errored) check ids, each with the seed it ran with (else the report's run seed). */
export function failedFromReport(previous: PreviousReport): {
  readonly ids: readonly string[];
  readonly seeds: ReadonlyMap<string, number>;
} {
  const failed = previous.checks.filter((c) => c.status === 'failed' || c.status === 'error');
  const seeds = new Map<string, number>();
  for (const c of failed) {
    const seed = c.seed ?? previous.seed;
    if (seed !== undefined) seeds.set(c.id, seed);
  }
  return { ids: failed.map((c) => c.id), seeds };
}
