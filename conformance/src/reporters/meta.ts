// The extras the conformance CLI puts into RunMeta (its open `[extra]` fields), read back with guards
// because writeReports is also called by the webhook receiver tester, which sets none of them.

import type { RunMeta } from '../model';
import { isCoverage, type Coverage } from '../runner/coverage';

export interface BaselineNote {
  readonly check: string;
  readonly reason: string;
}

export interface ComparisonNote {
  readonly previous: string;
  readonly newlyFailing: readonly string[];
  readonly newlyPassing: readonly string[];
}

export interface ConformanceMeta extends RunMeta {
  readonly coverage?: Coverage;
  /** Baseline entries whose check passed: "baseline entry can be removed". */
  readonly baselineRemovable?: readonly BaselineNote[];
  readonly comparison?: ComparisonNote;
  /** Notices about the run as a whole (runChecks' onNotice), e.g. landlords the target's dashboard could not delete. */
  readonly notices?: readonly string[];
}

export function coverageOf(meta: RunMeta): Coverage | undefined {
  return isCoverage(meta.coverage) ? meta.coverage : undefined;
}

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

export function baselineRemovableOf(meta: RunMeta): readonly BaselineNote[] {
  const v = meta.baselineRemovable;
  if (!Array.isArray(v)) return [];
  return v.filter((e): e is BaselineNote => typeof e === 'object' && e !== null && typeof (e as BaselineNote).check === 'string');
}

export function comparisonOf(meta: RunMeta): ComparisonNote | undefined {
  const v = meta.comparison;
  if (typeof v !== 'object' || v === null) return undefined;
  const c = v as Record<string, unknown>;
  if (typeof c.previous !== 'string' || !isStringArray(c.newlyFailing) || !isStringArray(c.newlyPassing)) return undefined;
  return { previous: c.previous, newlyFailing: c.newlyFailing, newlyPassing: c.newlyPassing };
}

/** Meta without the big extras that get sections of their own in reports. */
export function plainMeta(meta: RunMeta): Record<string, unknown> {
  const { coverage: _c, baselineRemovable: _b, comparison: _p, ...rest } = meta;
  return rest;
}
