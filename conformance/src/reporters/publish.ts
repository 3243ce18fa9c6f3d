// The publishable report (`--report summary:PATH`): a small document an implementer can put beside a release —
// what was tested (implementation name and version from the target file, spec version, profile), counts per
// requirement level and per spec section, and the conformance verdict — and its badge (`--report badge:PATH`,
// the shields.io endpoint format: https://shields.io/badges/endpoint-badge).

import type { CheckResult, RuleLevel, RunMeta } from '../model';
import { notConformanceOf, SPEC_VERSION } from './meta';
import { summarize, type Summary } from '../runner/summary';

/**
 * conformant: no MUST failed and nothing errored; non-conformant: a check failed (known failures of the baseline
 * included: a baseline hides them from the exit status, not from the verdict); incomplete: something errored;
 * not-a-conformance-result: the target file disabled Core checks.
 */
export type Verdict = 'conformant' | 'non-conformant' | 'incomplete' | 'not-a-conformance-result';

export interface PublishedSummary {
  readonly implementation: { readonly name: string; readonly version: string; readonly url?: string } | null;
  readonly specVersion: string;
  /** Version of the suite that produced the verdict (set by writeReports). */
  readonly suiteVersion?: string;
  readonly profile: {
    readonly run?: string;
    readonly capabilities: Readonly<Record<string, boolean>>;
    readonly strict: boolean;
  };
  readonly verdict: Verdict;
  readonly notAConformanceResult?: string;
  readonly totals: Summary;
  readonly byLevel: Readonly<Record<string, Summary>>;
  readonly bySection: Readonly<Record<string, Summary>>;
  readonly generatedAt: string;
}

export function verdictOf(results: readonly CheckResult[], meta: RunMeta): Verdict {
  if (notConformanceOf(meta) !== undefined) return 'not-a-conformance-result';
  const s = summarize(results);
  if (s.failed + s.expectedFailures > 0) return 'non-conformant';
  if (s.errored > 0) return 'incomplete';
  return 'conformant';
}

function countBy(results: readonly CheckResult[], key: (r: CheckResult) => string): Record<string, Summary> {
  const groups = new Map<string, CheckResult[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return Object.fromEntries([...groups.entries()].map(([k, rs]) => [k, summarize(rs)]));
}

const LEVEL_ORDER: readonly RuleLevel[] = ['MUST', 'SHOULD', 'MAY', 'not-shown'];

function implementationOf(meta: RunMeta): PublishedSummary['implementation'] {
  const i = meta.implementation;
  if (typeof i !== 'object' || i === null) return null;
  const { name, version, url } = i as Record<string, unknown>;
  if (typeof name !== 'string' || typeof version !== 'string') return null;
  return { name, version, ...(typeof url === 'string' ? { url } : {}) };
}

export function toPublishedSummary(results: readonly CheckResult[], meta: RunMeta): PublishedSummary {
  const byLevel = countBy(results, (r) => r.level ?? 'MUST');
  const ordered = Object.fromEntries(LEVEL_ORDER.filter((l) => byLevel[l]).map((l) => [l, byLevel[l]]));
  const capabilities =
    typeof meta.capabilities === 'object' && meta.capabilities !== null
      ? (meta.capabilities as Record<string, boolean>)
      : {};
  const notConformance = notConformanceOf(meta);
  return {
    implementation: implementationOf(meta),
    specVersion: typeof meta.specVersion === 'string' ? meta.specVersion : SPEC_VERSION,
    ...(typeof meta.suiteVersion === 'string' ? { suiteVersion: meta.suiteVersion } : {}),
    profile: {
      ...(meta.profile !== undefined ? { run: meta.profile } : {}),
      capabilities,
      strict: meta.strict === true,
    },
    verdict: verdictOf(results, meta),
    ...(notConformance !== undefined ? { notAConformanceResult: notConformance } : {}),
    totals: summarize(results),
    byLevel: ordered,
    bySection: countBy(results, (r) => r.group),
    generatedAt: meta.finishedAt,
  };
}

export function renderPublishedSummary(results: readonly CheckResult[], meta: RunMeta): string {
  return `${JSON.stringify(toPublishedSummary(results, meta), null, 2)}\n`;
}

const COLORS: Readonly<Record<Verdict, string>> = {
  conformant: 'brightgreen',
  'non-conformant': 'red',
  incomplete: 'lightgrey',
  'not-a-conformance-result': 'lightgrey',
};

export interface Badge {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: string;
}

export function toBadge(results: readonly CheckResult[], meta: RunMeta): Badge {
  const summary = toPublishedSummary(results, meta);
  const s = summary.totals;
  const judged = s.passed + s.failed + s.expectedFailures + s.warnings;
  const counts = `${s.passed + s.warnings}/${judged} passed`;
  const message =
    summary.verdict === 'conformant'
      ? `conformant, ${counts}${s.warnings ? `, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}` : ''}`
      : summary.verdict === 'not-a-conformance-result'
        ? 'not a conformance result'
        : `${summary.verdict}, ${counts}`;
  return {
    schemaVersion: 1,
    label: `PPAPI ${summary.specVersion}`,
    message,
    color: summary.verdict === 'conformant' && s.warnings ? 'yellow' : COLORS[summary.verdict],
  };
}

export function renderBadge(results: readonly CheckResult[], meta: RunMeta): string {
  return `${JSON.stringify(toBadge(results, meta))}\n`;
}
