// The extras the conformance CLI puts into RunMeta (its open `[extra]` fields), read back with guards
// because writeReports is also called by the webhook receiver tester, which sets none of them.

import type { RunMeta } from '../model';
import { isCoverage, type Coverage } from '../runner/coverage';

export interface BaselineNote {
  readonly check: string;
  readonly reason: string;
}

export interface RuleChangeNote {
  readonly rule: string;
  readonly before: string;
  readonly now: string;
}

export interface ComparisonNote {
  readonly previous: string;
  readonly newlyFailing: readonly string[];
  readonly newlyPassing: readonly string[];
  readonly ruleChanges?: readonly RuleChangeNote[];
}

/** The spec version the catalogue is written against (VERSION-2: "The description version is 1.0.0"). */
export const SPEC_VERSION = '1.0.0';

export interface ConformanceMeta extends RunMeta {
  readonly coverage?: Coverage;
  /** Baseline entries whose check passed: "baseline entry can be removed". */
  readonly baselineRemovable?: readonly BaselineNote[];
  readonly comparison?: ComparisonNote;
  /** Notices about the run as a whole (runChecks' onNotice), e.g. landlords the target's dashboard could not delete. */
  readonly notices?: readonly string[];
  /** Known-failing entries whose checks all passed: each fails the run until removed. */
  readonly baselineStale?: readonly string[];
  /** --repeat: checks whose verdict changed between runs. */
  readonly unstable?: readonly string[];
  /** Set when the target file disabled Core checks: the line every report puts at its top. */
  readonly notConformanceResult?: string;
  readonly implementation?: { readonly name: string; readonly version: string; readonly url?: string };
  readonly specVersion?: string;
  readonly strict?: boolean;
  readonly capabilities?: Readonly<Record<string, boolean>>;
}

export function notConformanceOf(meta: RunMeta): string | undefined {
  return typeof meta.notConformanceResult === 'string' ? meta.notConformanceResult : undefined;
}

export function stringsOf(meta: RunMeta, key: 'baselineStale' | 'unstable' | 'notices'): readonly string[] {
  const v = meta[key];
  return isStringArray(v) ? v : [];
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
  return v.filter(
    (e): e is BaselineNote => typeof e === 'object' && e !== null && typeof (e as BaselineNote).check === 'string',
  );
}

export function comparisonOf(meta: RunMeta): ComparisonNote | undefined {
  const v = meta.comparison;
  if (typeof v !== 'object' || v === null) return undefined;
  const c = v as Record<string, unknown>;
  if (typeof c.previous !== 'string' || !isStringArray(c.newlyFailing) || !isStringArray(c.newlyPassing))
    return undefined;
  const ruleChanges = Array.isArray(c.ruleChanges)
    ? c.ruleChanges.filter(
        (x): x is RuleChangeNote =>
          typeof x === 'object' && x !== null && typeof (x as RuleChangeNote).rule === 'string',
      )
    : [];
  return { previous: c.previous, newlyFailing: c.newlyFailing, newlyPassing: c.newlyPassing, ruleChanges };
}

/** Meta without the big extras that get sections of their own in reports. */
export function plainMeta(meta: RunMeta): Record<string, unknown> {
  const { coverage: _c, baselineRemovable: _b, comparison: _p, ...rest } = meta;
  return rest;
}
