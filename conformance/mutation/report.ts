// What a mutation run found, as the JSON the CLI writes, the lines it prints and the section it adds to the
// coverage report: kill rate per rule and per section, each survivor with its reason, each variant's verdict.

import type { Rule } from '../src/model';
import type { MutantOutcome, VariantOutcome } from './engine';

export interface RuleTally {
  readonly section: string;
  readonly mutants: number;
  readonly killed: number;
  readonly survived: number;
  /** killed / mutants, 0..1. */
  readonly killRate: number;
}

export interface MutationReport {
  readonly seed: number;
  /** Mutants generated in all; `sample` of them were run (all when no --sample). */
  readonly generated: number;
  readonly sample: number;
  readonly mutants: readonly MutantOutcome[];
  readonly killed: readonly MutantOutcome[];
  readonly survived: readonly MutantOutcome[];
  /** Survivors listed nowhere: findings. */
  readonly unexplained: number;
  /** Killed mutants survivors.ts still lists: entries to remove. */
  readonly staleSurvivorEntries: readonly string[];
  readonly killRate: number;
  /** Rules with at least one mutant run in this report. */
  readonly rulesWithMutants: number;
  readonly perRule: Readonly<Record<string, RuleTally>>;
  readonly perSection: Readonly<Record<string, Omit<RuleTally, 'section'>>>;
  /** Rules with a generated mutant that no runnable check cites (their checks are exclusive or need a receiver). */
  readonly notJudged: ReadonlyArray<{ readonly rule: string; readonly reason: string }>;
  readonly variants: readonly VariantOutcome[];
  readonly variantsPassed: number;
  readonly durationMs: number;
}

const rate = (killed: number, total: number): number => (total === 0 ? 0 : killed / total);
const pct = (r: number): string => `${(r * 100).toFixed(1)}%`;

export function buildReport(input: {
  readonly seed: number;
  readonly generated: number;
  readonly outcomes: readonly MutantOutcome[];
  readonly rules: readonly Rule[];
  readonly notJudged: MutationReport['notJudged'];
  readonly variants: readonly VariantOutcome[];
  readonly durationMs: number;
}): MutationReport {
  const sectionOf = new Map(input.rules.map((r) => [r.id, r.section]));
  const perRule: Record<string, RuleTally> = {};
  for (const o of input.outcomes) {
    const t = perRule[o.rule] ?? {
      section: sectionOf.get(o.rule) ?? '?',
      mutants: 0,
      killed: 0,
      survived: 0,
      killRate: 0,
    };
    const killed = t.killed + (o.outcome === 'killed' ? 1 : 0);
    const mutants = t.mutants + 1;
    perRule[o.rule] = { ...t, mutants, killed, survived: mutants - killed, killRate: rate(killed, mutants) };
  }
  const perSection: Record<string, Omit<RuleTally, 'section'>> = {};
  for (const t of Object.values(perRule)) {
    const s = perSection[t.section] ?? { mutants: 0, killed: 0, survived: 0, killRate: 0 };
    const mutants = s.mutants + t.mutants;
    const killed = s.killed + t.killed;
    perSection[t.section] = { mutants, killed, survived: mutants - killed, killRate: rate(killed, mutants) };
  }
  const killed = input.outcomes.filter((o) => o.outcome === 'killed');
  return {
    seed: input.seed,
    generated: input.generated,
    sample: input.outcomes.length,
    mutants: input.outcomes,
    killed,
    survived: input.outcomes.filter((o) => o.outcome === 'survived'),
    unexplained: input.outcomes.filter((o) => o.unexplained === true).length,
    staleSurvivorEntries: input.outcomes.filter((o) => o.staleEntry === true).map((o) => o.id),
    killRate: rate(killed.length, input.outcomes.length),
    rulesWithMutants: Object.keys(perRule).length,
    perRule,
    perSection,
    notJudged: input.notJudged,
    variants: input.variants,
    variantsPassed: input.variants.filter((v) => v.passed).length,
    durationMs: input.durationMs,
  };
}

/** The console summary: kill rate overall and per section, the survivors, the variants. */
export function formatReport(report: MutationReport): string {
  const lines = [
    `mutants: ${report.killed.length} of ${report.sample} killed (${pct(report.killRate)}); ${report.generated} generated, seed ${report.seed}`,
    `rules with mutants: ${report.rulesWithMutants}`,
    '',
    'kill rate per section:',
  ];
  for (const [section, t] of Object.entries(report.perSection))
    lines.push(`  ${section}: ${t.killed}/${t.mutants} (${pct(t.killRate)})`);
  lines.push('', 'kill rate per rule:');
  for (const [rule, t] of Object.entries(report.perRule)) lines.push(`  ${rule}: ${t.killed}/${t.mutants}`);
  if (report.survived.length > 0) {
    lines.push('', 'survivors:');
    for (const s of report.survived)
      lines.push(`  ${s.unexplained ? 'UNEXPLAINED' : s.listedAs} ${s.id}: ${s.reason ?? ''}`);
  }
  const fresh = report.killed.filter((k) => k.freshServer === true);
  if (fresh.length > 0) {
    lines.push('', 'killed only on a fresh server (earlier mutants had changed the data their checks needed):');
    for (const k of fresh) lines.push(`  ${k.id}`);
  }
  if (report.staleSurvivorEntries.length > 0) {
    lines.push('', 'killed, but listed in survivors.ts (stale: remove or narrow the entries):');
    for (const id of report.staleSurvivorEntries) lines.push(`  ${id}`);
  }
  if (report.variants.length > 0) {
    lines.push('', `variants: ${report.variantsPassed} of ${report.variants.length} passed`);
    for (const v of report.variants)
      lines.push(
        `  ${v.passed ? 'PASS' : 'FAIL'} ${v.id}${v.failed.length > 0 ? `: ${v.failed.map((f) => `${f.check} (${f.status})`).join(', ')}` : ''}`,
      );
  }
  lines.push('', `took ${(report.durationMs / 1000).toFixed(0)} s`);
  return `${lines.join('\n')}\n`;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The section the mutation run adds to the coverage report (coverage.md). */
export function renderMutationMarkdown(report: MutationReport): string {
  const lines = [
    '## Mutation kill rate',
    '',
    `${report.killed.length} of ${report.sample} mutants killed (${pct(report.killRate)}), ${report.generated} generated, seed ${report.seed}; ${report.rulesWithMutants} rules with mutants. Variants (correct deployments making an allowed choice): ${report.variantsPassed} of ${report.variants.length} passed.`,
    '',
    '| Section | Killed | Mutants | Kill rate |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const [section, t] of Object.entries(report.perSection))
    lines.push(`| ${cell(section)} | ${t.killed} | ${t.mutants} | ${pct(t.killRate)} |`);
  lines.push('', '| Rule | Killed | Mutants |', '| --- | ---: | ---: |');
  for (const [rule, t] of Object.entries(report.perRule)) lines.push(`| ${rule} | ${t.killed} | ${t.mutants} |`);
  if (report.survived.length > 0) {
    lines.push('', '| Surviving mutant | Route | Class | Reason |', '| --- | --- | --- | --- |');
    for (const s of report.survived)
      lines.push(
        `| \`${s.id}\` | ${cell(s.route)} | ${s.unexplained ? '**unexplained**' : (s.listedAs ?? '')} | ${cell(s.reason ?? '')} |`,
      );
  }
  if (report.variants.length > 0) {
    lines.push('', '| Variant | Verdict | Failed checks |', '| --- | --- | --- |');
    for (const v of report.variants)
      lines.push(
        `| ${v.id} | ${v.passed ? 'passed' : 'failed'} | ${v.failed.map((f) => `\`${f.check}\``).join(', ')} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}
