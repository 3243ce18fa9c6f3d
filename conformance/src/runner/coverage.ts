// Coverage of the rule catalogue by checks: per rule its checks and their status this run, per section the
// figure "testable rules with ≥1 check / testable rules". Pure: rules and testability come in as arguments so
// the webhook tester and self-tests can use it with catalogues of their own.

import type { CheckResult, CheckStatus, Rule, RuleClass } from '../model';

export type RuleStatus = CheckStatus | 'not run' | 'no check';

export interface RuleCoverage {
  readonly id: string;
  readonly section: string;
  readonly text: string;
  readonly class: RuleClass;
  readonly testable: boolean;
  readonly notTestedReason?: string;
  readonly checks: ReadonlyArray<{ readonly id: string; readonly status: CheckStatus | 'not run' }>;
  /** failed if any check failed; else passed if any passed; else skipped if any skipped; else not run / no check. */
  readonly status: RuleStatus;
}

export interface SectionCoverage {
  readonly section: string;
  readonly testable: number;
  readonly covered: number;
  readonly rules: readonly RuleCoverage[];
}

export interface Coverage {
  readonly testable: number;
  readonly covered: number;
  /** covered / testable, 0..1 (0 when nothing is testable). */
  readonly figure: number;
  readonly sections: readonly SectionCoverage[];
  /** Testable rules no check cites. */
  readonly uncovered: readonly string[];
  /** Rule ids cited by checks that the catalogue does not have. */
  readonly unknownRules: ReadonlyArray<{ readonly check: string; readonly rule: string }>;
}

export interface CoverageInput {
  readonly rules: readonly Rule[];
  readonly checks: ReadonlyArray<{ readonly id: string; readonly rules: readonly string[] }>;
  /** This run's results; checks without one count as "not run". */
  readonly results?: readonly CheckResult[];
  readonly isTestable: (cls: RuleClass) => boolean;
}

/** rule id → ids of the checks citing it (what the requirements CSV lists). */
export function checksByRule(checks: CoverageInput['checks']): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const check of checks) for (const rule of check.rules) map.set(rule, [...(map.get(rule) ?? []), check.id]);
  return map;
}

function ruleStatus(statuses: ReadonlyArray<CheckStatus | 'not run'>): RuleStatus {
  if (statuses.length === 0) return 'no check';
  if (statuses.includes('blocked')) return 'failed';
  for (const s of ['failed', 'passed', 'skipped'] as const) if (statuses.includes(s)) return s;
  return 'not run';
}

export function computeCoverage(input: CoverageInput): Coverage {
  const byRule = checksByRule(input.checks);
  const statusOf = new Map((input.results ?? []).map((r) => [r.id, r.status]));
  const known = new Set(input.rules.map((r) => r.id));
  const sections = new Map<string, RuleCoverage[]>();
  for (const rule of input.rules) {
    const checks = (byRule.get(rule.id) ?? []).map((id) => ({ id, status: statusOf.get(id) ?? ('not run' as const) }));
    const coverage: RuleCoverage = {
      id: rule.id,
      section: rule.section,
      text: rule.text,
      class: rule.class,
      testable: input.isTestable(rule.class),
      ...(rule.notTestedReason !== undefined ? { notTestedReason: rule.notTestedReason } : {}),
      checks,
      status: ruleStatus(checks.map((c) => c.status)),
    };
    sections.set(rule.section, [...(sections.get(rule.section) ?? []), coverage]);
  }
  const sectionList: SectionCoverage[] = [...sections.entries()].map(([section, rules]) => ({
    section,
    testable: rules.filter((r) => r.testable).length,
    covered: rules.filter((r) => r.testable && r.checks.length > 0).length,
    rules,
  }));
  const testable = sectionList.reduce((n, s) => n + s.testable, 0);
  const covered = sectionList.reduce((n, s) => n + s.covered, 0);
  return {
    testable,
    covered,
    figure: testable === 0 ? 0 : covered / testable,
    sections: sectionList,
    uncovered: sectionList.flatMap((s) => s.rules.filter((r) => r.testable && r.checks.length === 0).map((r) => r.id)),
    unknownRules: input.checks.flatMap((c) =>
      c.rules.filter((r) => !known.has(r)).map((rule) => ({ check: c.id, rule })),
    ),
  };
}

export function formatCoverageFigure(coverage: Pick<Coverage, 'covered' | 'testable' | 'figure'>): string {
  return `${coverage.covered}/${coverage.testable} testable rules have a check (${(coverage.figure * 100).toFixed(1)}%)`;
}

/** Structural guard: reporters receive coverage through RunMeta's open extras. */
export function isCoverage(value: unknown): value is Coverage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.testable === 'number' && typeof v.covered === 'number' && Array.isArray(v.sections);
}
