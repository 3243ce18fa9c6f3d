// The CI job summary ($GITHUB_STEP_SUMMARY): a JSON report of the suite as Markdown. Read back from the report's
// fields, then sorted and counted by summary.ts like every other report, so the headline is the exit status's
// verdict: a run with only warnings, expected failures or known flakes says passed.

import {
  outcomeOf,
  OUTCOMES,
  runVerdict,
  summarize,
  type Outcome,
  type OutcomeFields,
  type RunVerdict,
} from '../runner/summary';

export interface ReportCheck extends OutcomeFields {
  readonly id: string;
  readonly rules: readonly string[];
  readonly message: string;
  readonly reproduction?: string;
  readonly level?: string;
}

export interface ReadReport {
  readonly checks: readonly ReportCheck[];
  /** Failures of the run itself (stale baseline entries, unstable checks): they fail it with no failed check. */
  readonly runFailures: readonly string[];
  readonly notAConformanceResult?: string;
  readonly meta: { readonly target?: string; readonly suiteVersion?: string; readonly seed?: number };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
const STATUSES = ['passed', 'failed', 'skipped', 'error', 'disabled', 'blocked'] as const;

function status(v: unknown): ReportCheck['status'] {
  const found = STATUSES.find((s) => s === v);
  if (found === undefined) throw new Error(`unknown check status ${JSON.stringify(v)}`);
  return found;
}

/** The report's fields this summary needs; anything else in the file is ignored. Throws on a file that is not a report. */
export function readReport(raw: unknown): ReadReport {
  if (!isRecord(raw) || !isRecord(raw.summary) || !Array.isArray(raw.checks))
    throw new Error('not a conformance JSON report (summary and checks expected)');
  const checks = raw.checks.filter(isRecord).map((c): ReportCheck => ({
    id: text(c.id),
    rules: strings(c.rules),
    status: status(c.status),
    message: text(c.message),
    ...(c.warning === true ? { warning: true } : {}),
    ...(c.expectedFailure !== undefined ? { expectedFailure: c.expectedFailure } : {}),
    ...(c.knownFlaky !== undefined ? { knownFlaky: c.knownFlaky } : {}),
    ...(typeof c.reproduction === 'string' && c.reproduction !== '' ? { reproduction: c.reproduction } : {}),
    ...(typeof c.level === 'string' ? { level: c.level } : {}),
  }));
  const meta = isRecord(raw.meta) ? raw.meta : {};
  return {
    checks,
    runFailures: [...strings(meta.baselineStale), ...strings(meta.unstable)],
    ...(typeof raw.notAConformanceResult === 'string' ? { notAConformanceResult: raw.notAConformanceResult } : {}),
    meta: {
      ...(typeof meta.target === 'string' ? { target: meta.target } : {}),
      ...(typeof meta.suiteVersion === 'string' ? { suiteVersion: meta.suiteVersion } : {}),
      ...(typeof meta.seed === 'number' ? { seed: meta.seed } : {}),
    },
  };
}

/** Table cells: one line, pipes escaped. */
const cell = (s: string): string => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
/** A fence longer than any backtick run inside, so a reproduction cannot close it early. */
const fence = (s: string): string => '`'.repeat(Math.max(3, ...[...s.matchAll(/`+/g)].map((m) => m[0].length + 1)));

const HEADLINE: Readonly<Record<RunVerdict, string>> = {
  passed: '✅ passed',
  failed: '❌ failed',
  errored: '⚠️ errored (incomplete: no verdict on some rules)',
};

/** Sections in the order of summary.ts's table; passed and skipped checks are only counted. */
const LISTED: ReadonlySet<Outcome> = new Set(['failed', 'errored', 'blocked', 'warning', 'expectedFailure', 'flaky']);

export function renderMarkdownSummary(report: ReadReport, title = 'Property Portfolio API conformance'): string {
  const summary = summarize(report.checks);
  const { verdict, exitStatus } = runVerdict(summary, report.runFailures.length);
  const out: string[] = [`## ${title}: ${HEADLINE[verdict]}`, ''];
  if (report.notAConformanceResult !== undefined) out.push(`**${report.notAConformanceResult}**`, '');
  const facts = [
    `exit status ${exitStatus}`,
    report.meta.target !== undefined ? `target ${report.meta.target}` : undefined,
    report.meta.seed !== undefined ? `seed ${report.meta.seed}` : undefined,
    report.meta.suiteVersion !== undefined ? `suite ${report.meta.suiteVersion}` : undefined,
  ].filter((f): f is string => f !== undefined);
  out.push(facts.join(' · '), '');
  const shown = OUTCOMES.filter((o) => summary[o.count] > 0 || ['passed', 'failed', 'skipped'].includes(o.outcome));
  out.push(
    `| ${shown.map((o) => o.heading.replace(/ \(baseline\)$/, '').toLowerCase()).join(' | ')} |`,
    `| ${shown.map(() => '---').join(' | ')} |`,
    `| ${shown.map((o) => String(summary[o.count])).join(' | ')} |`,
    '',
  );
  if (report.runFailures.length > 0) {
    out.push(`### Run failures (${report.runFailures.length})`, '');
    for (const f of report.runFailures) out.push(`- ${cell(f)}`);
    out.push('');
  }
  for (const info of OUTCOMES.filter((o) => LISTED.has(o.outcome))) {
    const checks = report.checks.filter((c) => outcomeOf(c) === info.outcome);
    if (checks.length === 0) continue;
    out.push(
      `### ${info.heading} (${checks.length})`,
      '',
      '| check | rules | level | message |',
      '| --- | --- | --- | --- |',
    );
    for (const c of checks)
      out.push(`| \`${cell(c.id)}\` | ${cell(c.rules.join(', '))} | ${c.level ?? ''} | ${cell(c.message)} |`);
    out.push('');
    if (!info.reproduce) continue;
    for (const c of checks.filter((b) => b.reproduction !== undefined)) {
      const repro = c.reproduction ?? '';
      const f = fence(repro);
      out.push(
        '<details>',
        `<summary>reproduce <code>${cell(c.id)}</code></summary>`,
        '',
        `${f}sh`,
        repro,
        f,
        '',
        '</details>',
        '',
      );
    }
  }
  return out.join('\n');
}
