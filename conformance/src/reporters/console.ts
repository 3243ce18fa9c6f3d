// Console output. Without a TTY (CI): one plain line per check (PASS/FAIL/SKIP/XFAIL) as it completes, failure
// details indented under it, and the summary line alone at the end. In a TTY: a live progress bar, one line per
// check group as it completes, failure details at the end, then the summary.

import type { CheckResult } from '../model';
import { formatCoverageFigure, type Coverage } from '../runner/coverage';
import type { BaselineNote, ComparisonNote } from './meta';
import { OUTCOMES, outcomeInfo, outcomeOf, summarize, summaryLine } from '../runner/summary';

export interface ConsoleOptions {
  readonly write: (text: string) => void;
  readonly tty: boolean;
  readonly color: boolean;
}

export interface RunPlan {
  readonly total: number;
  /** group → number of checks in it, to know when a group is complete. */
  readonly groups: ReadonlyMap<string, number>;
}

export interface RunStart {
  /** Known before the run: the target file disables Core checks. */
  readonly notConformance?: string;
  readonly target: string;
  readonly seed: number;
  readonly profile: string;
}

export interface RunEnd {
  readonly results: readonly CheckResult[];
  readonly coverage?: Coverage;
  readonly baselineRemovable?: readonly BaselineNote[];
  readonly comparison?: ComparisonNote;
  /** "report json: reports/conformance.json" and the like, shown after the failures. */
  readonly written?: readonly string[];
  /** Stale known-failing entries and unstable checks: each line is a reason the run fails. */
  readonly runFailures?: readonly string[];
  /** "NOT A CONFORMANCE RESULT: …" when the target disabled Core checks; printed first and last. */
  readonly notConformance?: string;
}

const ANSI = {
  red: '\x1b[31m',
  green: '\x1b[32m',
  yellow: '\x1b[33m',
  magenta: '\x1b[35m',
  dim: '\x1b[2m',
  bold: '\x1b[1m',
  reset: '\x1b[0m',
};
type Tint = keyof typeof ANSI;

export function planOf(checks: ReadonlyArray<{ readonly group: string }>): RunPlan {
  const groups = new Map<string, number>();
  for (const c of checks) groups.set(c.group, (groups.get(c.group) ?? 0) + 1);
  return { total: checks.length, groups };
}

/** Indented detail lines of a failure: what QA needs to reproduce it. */
export function failureDetails(r: CheckResult): string[] {
  const lines: string[] = [];
  if (r.expectedFailure)
    lines.push(
      `baseline: ${r.expectedFailure.reason}${r.expectedFailure.issue ? ` (${r.expectedFailure.issue})` : ''}`,
    );
  if (r.knownFlaky)
    lines.push(`known flaky: ${r.knownFlaky.reason}${r.knownFlaky.issue ? ` (${r.knownFlaky.issue})` : ''}`);
  if (r.warning) lines.push(`warning: a ${r.level ?? 'SHOULD'} rule; not counted as a failure (--strict counts it)`);
  if (r.status === 'error')
    lines.push(
      `error: the suite or the network broke${r.attempts ? ` (retried; ${r.attempts} attempts)` : ''}; not a verdict on the deployment`,
    );
  if (r.property !== undefined) lines.push(`property: ${r.property}`);
  if (r.counterexample !== undefined)
    lines.push(`seed: ${r.seed ?? '?'}  path: ${r.path ?? '?'}  counterexample: ${r.counterexample}`);
  if (r.reproduction) lines.push(`reproduction: ${r.reproduction}`);
  if (r.command) lines.push(`rerun: ${r.command}`);
  return lines.map((l) => `    ${l}`);
}

function tagOf(r: CheckResult): string {
  return outcomeInfo(outcomeOf(r)).tag;
}

function failLine(r: CheckResult): string {
  const what = r.expected !== undefined ? `expected ${r.expected}; got ${r.got ?? ''}` : r.message;
  const level = r.level !== undefined && r.level !== 'MUST' ? ` ${r.level}` : '';
  return `${tagOf(r)} ${r.id} [${r.rules.join(', ')}]${level} ${what}`;
}

/** Neither passed, skipped nor disabled: the results that get details. */
function troubled(r: CheckResult): boolean {
  const outcome = outcomeOf(r);
  return outcome !== 'passed' && outcome !== 'skipped' && outcome !== 'disabled';
}

export function plainLine(r: CheckResult): string {
  if (r.status === 'passed') return `PASS ${r.id}`;
  if (r.status === 'skipped') return `SKIP ${r.id} ${r.message}`;
  if (r.status === 'disabled') return `OFF  ${r.id} ${r.message}`;
  if (r.status === 'blocked') return `BLOCKED ${r.id} ${r.message}`;
  return failLine(r);
}

export class ConsoleReporter {
  private done = 0;
  private readonly groupDone = new Map<string, CheckResult[]>();
  private statusShown = false;

  constructor(
    private readonly options: ConsoleOptions,
    private readonly plan: RunPlan,
  ) {}

  private paint(tint: Tint, text: string): string {
    return this.options.color ? `${ANSI[tint]}${text}${ANSI.reset}` : text;
  }

  private line(text: string): void {
    this.clearStatus();
    this.options.write(`${text}\n`);
  }

  private clearStatus(): void {
    if (this.statusShown) this.options.write('\r\x1b[2K');
    this.statusShown = false;
  }

  private drawStatus(): void {
    if (!this.options.tty || this.done >= this.plan.total) return;
    const width = 30;
    const filled = this.plan.total === 0 ? width : Math.round((this.done / this.plan.total) * width);
    this.options.write(
      `\r\x1b[2K  [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${this.done}/${this.plan.total} checks`,
    );
    this.statusShown = true;
  }

  start(info: RunStart): void {
    if (info.notConformance) this.line(info.notConformance);
    this.line(`Conformance run against ${info.target}`);
    this.line(
      `seed ${info.seed} (replay with --seed ${info.seed}), profile ${info.profile}, ${this.plan.total} check${this.plan.total === 1 ? '' : 's'}`,
    );
    this.drawStatus();
  }

  result(r: CheckResult): void {
    this.done++;
    if (!this.options.tty) {
      this.line(plainLine(r));
      if (troubled(r)) for (const l of failureDetails(r)) this.line(l);
      return;
    }
    const group = [...(this.groupDone.get(r.group) ?? []), r];
    this.groupDone.set(r.group, group);
    if (group.length === this.plan.groups.get(r.group)) {
      const s = summarize(group);
      const mark = s.failed || s.errored || s.blocked ? this.paint('red', '✘') : this.paint('green', '✔');
      const parts = [this.paint('green', `${s.passed} passed`)];
      if (s.failed) parts.push(this.paint('red', `${s.failed} failed`));
      if (s.errored) parts.push(this.paint('red', `${s.errored} error${s.errored === 1 ? '' : 's'}`));
      if (s.blocked) parts.push(this.paint('red', `${s.blocked} blocked`));
      if (s.warnings) parts.push(this.paint('yellow', `${s.warnings} warning${s.warnings === 1 ? '' : 's'}`));
      if (s.disabled) parts.push(this.paint('dim', `${s.disabled} disabled`));
      if (s.expectedFailures)
        parts.push(
          this.paint('magenta', `${s.expectedFailures} expected failure${s.expectedFailures === 1 ? '' : 's'}`),
        );
      if (s.skipped) parts.push(this.paint('yellow', `${s.skipped} skipped`));
      this.line(`  ${mark} ${r.group.padEnd(36)} ${parts.join(', ')}`);
    }
    this.drawStatus();
  }

  finish(end: RunEnd): void {
    this.clearStatus();
    const summary = summarize(end.results);
    if (this.options.tty) {
      const failed = end.results.filter(troubled);
      if (failed.length) this.line(`\n${this.paint('bold', 'Failures, errors and warnings')}`);
      for (const r of failed) {
        this.line(
          this.paint(r.expectedFailure || r.knownFlaky ? 'magenta' : r.warning ? 'yellow' : 'red', failLine(r)),
        );
        for (const l of failureDetails(r)) this.line(this.paint('dim', l));
      }
      this.line('');
    }
    for (const w of end.written ?? []) this.line(w);
    if (end.coverage) this.line(`coverage: ${formatCoverageFigure(end.coverage)}`);
    for (const e of end.baselineRemovable ?? [])
      this.line(`baseline entry can be removed: ${e.check} passes now (listed because: ${e.reason})`);
    for (const f of end.runFailures ?? []) this.line(this.paint('red', `FAIL ${f}`));
    if (end.comparison) {
      this.line(`compared with ${end.comparison.previous}:`);
      this.line(`  newly failing: ${end.comparison.newlyFailing.join(', ') || 'none'}`);
      this.line(`  newly passing: ${end.comparison.newlyPassing.join(', ') || 'none'}`);
      const changes = end.comparison.ruleChanges ?? [];
      this.line(
        `  rules changed: ${changes.length === 0 ? 'none' : changes.map((c) => `${c.rule} ${c.before} → ${c.now}`).join(', ')}`,
      );
    }
    // One line per outcome that needs saying, in the words (and order) of summary.ts's table.
    for (const info of OUTCOMES) {
      const n = summary[info.count];
      if (n > 0 && info.explanation) this.line(info.explanation(n));
    }
    if (end.notConformance) this.line(this.paint('bold', end.notConformance));
    // Alone and uncoloured on the last line: CI parses it.
    this.line(summaryLine(summary));
  }
}
