// ppapi-report-markdown REPORT.json: the JSON report (interfaces.md "JSON report") as Markdown for a CI job page
// ($GITHUB_STEP_SUMMARY in action.yml): totals, then each failed or errored check with its message and
// reproduction, then the warnings. Reads only the report's public fields, so it works on any report this suite wrote.
import { readFileSync } from 'node:fs';
import { versionLine } from '../src/version';

const USAGE = `usage: ppapi-report-markdown REPORT.json [TITLE]
  prints the JSON report of ppapi-conformance as Markdown (a CI job summary), to stdout
  --version   print the suite's name and version
  --help      this text
`;

interface ReportCheck {
  readonly id: string;
  readonly rules: readonly string[];
  readonly status: string;
  readonly message: string;
  readonly reproduction?: string;
  readonly level?: string;
}

interface Report {
  readonly summary: Readonly<Record<string, number>>;
  readonly checks: readonly ReportCheck[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The report's public fields; anything else in the file is ignored. Throws on a file that is not a report. */
export function readReport(raw: unknown): Report {
  if (!isRecord(raw) || !isRecord(raw.summary) || !Array.isArray(raw.checks))
    throw new Error('not a conformance JSON report (summary and checks expected)');
  const summary: Record<string, number> = {};
  for (const [k, v] of Object.entries(raw.summary)) if (typeof v === 'number') summary[k] = v;
  const checks = raw.checks.filter(isRecord).map((c): ReportCheck => ({
    id: text(c.id),
    rules: Array.isArray(c.rules) ? c.rules.filter((r): r is string => typeof r === 'string') : [],
    status: text(c.status),
    message: text(c.message),
    ...(typeof c.reproduction === 'string' ? { reproduction: c.reproduction } : {}),
    ...(typeof c.level === 'string' ? { level: c.level } : {}),
  }));
  return { summary, checks };
}

/** Table cells: one line, pipes escaped. */
const cell = (s: string): string => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
/** A fence longer than any backtick run inside, so a reproduction cannot close it early. */
const fence = (s: string): string => '`'.repeat(Math.max(3, ...[...s.matchAll(/`+/g)].map((m) => m[0].length + 1)));

const ORDER = ['passed', 'failed', 'errored', 'warnings', 'skipped', 'disabled'];

export function renderMarkdownSummary(report: Report, title = 'Property Portfolio API conformance'): string {
  const s = report.summary;
  const bad = report.checks.filter((c) => c.status === 'failed' || c.status === 'error');
  const warned = report.checks.filter((c) => c.status === 'warning');
  const verdict =
    bad.length === 0 ? (report.checks.some((c) => c.status === 'error') ? 'errored' : 'passed') : 'failed';
  const out: string[] = [`## ${title}: ${bad.length === 0 ? '✅' : '❌'} ${verdict}`, ''];
  const keys = [...ORDER.filter((k) => k in s), ...Object.keys(s).filter((k) => !ORDER.includes(k))];
  out.push(
    `| ${keys.join(' | ')} |`,
    `| ${keys.map(() => '---').join(' | ')} |`,
    `| ${keys.map((k) => String(s[k])).join(' | ')} |`,
    '',
  );
  if (bad.length > 0) {
    out.push(`### Failed (${bad.length})`, '', '| check | rules | status | message |', '| --- | --- | --- | --- |');
    for (const c of bad)
      out.push(`| \`${cell(c.id)}\` | ${cell(c.rules.join(', '))} | ${c.status} | ${cell(c.message)} |`);
    out.push('');
    for (const c of bad.filter((b) => b.reproduction)) {
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
  if (warned.length > 0) {
    out.push(`### Warnings (${warned.length})`, '', '| check | rules | message |', '| --- | --- | --- |');
    for (const c of warned) out.push(`| \`${cell(c.id)}\` | ${cell(c.rules.join(', '))} | ${cell(c.message)} |`);
    out.push('');
  }
  return out.join('\n');
}

/** The command: prints the Markdown of the report at argv[0] (title argv[1]); exit status 2 when it cannot. */
export function reportMarkdownCli(argv: readonly string[]): number {
  const [path, title] = argv;
  if (path === '--help' || path === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (path === '--version') {
    process.stdout.write(versionLine('ppapi-report-markdown'));
    return 0;
  }
  if (!path) {
    process.stderr.write(USAGE);
    return 2;
  }
  try {
    process.stdout.write(`${renderMarkdownSummary(readReport(JSON.parse(readFileSync(path, 'utf8'))), title)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`ppapi-report-markdown: ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
