// Reads an earlier JSON report (ours, or any file in interfaces.md's shape) for --compare and --rerun-failed.

import type { CheckResult, CheckStatus } from '../model';
import { isRecord, readJsonFile } from './json-file';
import { CannotRunError } from './outcomes';

export interface PreviousCheck {
  readonly id: string;
  readonly status: CheckStatus;
  readonly seed?: number;
}

export interface PreviousReport {
  readonly checks: readonly PreviousCheck[];
  /** The run's seed (meta.seed or top-level seed), when recorded. */
  readonly seed?: number;
}

const STATUSES: readonly string[] = ['passed', 'failed', 'skipped'];

export function parsePreviousReport(raw: unknown, source: string): PreviousReport {
  if (!isRecord(raw) || !Array.isArray(raw.checks)) throw new CannotRunError(`report ${source}: not a JSON report (no "checks" array)`);
  const checks = raw.checks.map((c: unknown, i: number): PreviousCheck => {
    if (!isRecord(c) || typeof c.id !== 'string' || typeof c.status !== 'string' || !STATUSES.includes(c.status)) {
      throw new CannotRunError(`report ${source}: checks[${i}] needs a string id and a status of passed, failed or skipped`);
    }
    return { id: c.id, status: c.status as CheckStatus, ...(typeof c.seed === 'number' ? { seed: c.seed } : {}) };
  });
  const meta = isRecord(raw.meta) ? raw.meta : {};
  const seed = typeof meta.seed === 'number' ? meta.seed : typeof raw.seed === 'number' ? raw.seed : undefined;
  return { checks, ...(seed !== undefined ? { seed } : {}) };
}

export function loadPreviousReport(path: string): PreviousReport {
  return parsePreviousReport(readJsonFile(path, 'report'), path);
}

export interface Comparison {
  /** Failed now, and passed, was skipped or did not exist before. */
  readonly newlyFailing: readonly string[];
  /** Passed now, failed before. */
  readonly newlyPassing: readonly string[];
}

export function compareWithPrevious(previous: PreviousReport, current: readonly CheckResult[]): Comparison {
  const before = new Map(previous.checks.map((c) => [c.id, c.status]));
  return {
    newlyFailing: current.filter((r) => r.status === 'failed' && before.get(r.id) !== 'failed').map((r) => r.id),
    newlyPassing: current.filter((r) => r.status === 'passed' && before.get(r.id) === 'failed').map((r) => r.id),
  };
}

/** --rerun-failed: the failed check ids, each with the seed it failed with (else the report's run seed). */
export function failedFromReport(previous: PreviousReport): { readonly ids: readonly string[]; readonly seeds: ReadonlyMap<string, number> } {
  const failed = previous.checks.filter((c) => c.status === 'failed');
  const seeds = new Map<string, number>();
  for (const c of failed) {
    const seed = c.seed ?? previous.seed;
    if (seed !== undefined) seeds.set(c.id, seed);
  }
  return { ids: failed.map((c) => c.id), seeds };
}
