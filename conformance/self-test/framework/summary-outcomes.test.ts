// One decision, every rendering: for a run of each kind (all passed, a failure, only a warning, only an expected
// failure, only a known flake, an error, a blocked check, a stale baseline entry) the exit status, the console's
// last lines, the JUnit counts, the JSON summary and the CI job summary all say the same thing.

import type { CheckResult } from '../../src/model';
import {
  ConsoleReporter,
  OUTCOMES,
  outcomeOf,
  planOf,
  readReport,
  renderJUnit,
  renderMarkdownSummary,
  runVerdict,
  summarize,
  toJsonReport,
} from '../../src/reporters';
import { exitStatus } from '../../src/runner/verdict';
import { findAll, parseXml } from './helpers';

const base = { title: 't', group: 'Authentication', rules: ['AUTH-1'], durationMs: 1, message: 'ok' };
const passed: CheckResult = { ...base, id: 'a.passes', status: 'passed' };
const skipped: CheckResult = { ...base, id: 'a.skips', status: 'skipped', message: 'needs a revoked key' };
const failed: CheckResult = {
  ...base,
  id: 'a.fails',
  status: 'failed',
  message: 'expected 401, got 200',
  reproduction: 'curl -s http://x/api/public/v1/properties',
  level: 'MUST',
};
const warning: CheckResult = { ...failed, id: 'a.warns', level: 'SHOULD', warning: true };
const expectedFailure: CheckResult = { ...failed, id: 'a.xfails', expectedFailure: { reason: 'known bug' } };
const flaky: CheckResult = {
  ...base,
  id: 'a.flakes',
  status: 'error',
  message: 'ECONNRESET',
  knownFlaky: { reason: 'lb' },
};
const errored: CheckResult = { ...base, id: 'a.errors', status: 'error', message: 'ECONNRESET' };

const meta = { title: 'Property Portfolio API conformance', startedAt: 's', finishedAt: 'f', target: 'http://x' };

interface Kind {
  readonly name: string;
  readonly results: readonly CheckResult[];
  readonly exit: number;
  readonly headline: RegExp;
  readonly section?: string;
  readonly junit: { failures: string; errors: string; skipped: string };
}

const KINDS: readonly Kind[] = [
  {
    name: 'all passed',
    results: [passed, skipped],
    exit: 0,
    headline: /✅ passed/,
    junit: { failures: '0', errors: '0', skipped: '1' },
  },
  {
    name: 'a failure',
    results: [passed, failed],
    exit: 1,
    headline: /❌ failed/,
    section: '### Failed (1)',
    junit: { failures: '1', errors: '0', skipped: '0' },
  },
  {
    name: 'only a warning',
    results: [passed, warning],
    exit: 0,
    headline: /✅ passed/,
    section: '### Warnings (1)',
    junit: { failures: '0', errors: '0', skipped: '0' },
  },
  {
    name: 'only an expected failure',
    results: [passed, expectedFailure],
    exit: 0,
    headline: /✅ passed/,
    section: '### Expected failures (baseline) (1)',
    junit: { failures: '0', errors: '0', skipped: '1' },
  },
  {
    name: 'only a known flake',
    results: [passed, flaky],
    exit: 0,
    headline: /✅ passed/,
    section: '### Known flaky (baseline) (1)',
    junit: { failures: '0', errors: '0', skipped: '1' },
  },
  {
    name: 'an error',
    results: [passed, errored],
    exit: 3,
    headline: /⚠️ errored/,
    section: '### Errored (1)',
    junit: { failures: '0', errors: '1', skipped: '0' },
  },
];

function consoleText(results: readonly CheckResult[]): string {
  let text = '';
  const reporter = new ConsoleReporter({ write: (t) => (text += t), tty: false, color: false }, planOf(results));
  for (const r of results) reporter.result(r);
  reporter.finish({ results });
  return text;
}

describe.each(KINDS)('a run with $name', ({ results, exit, headline, section, junit }) => {
  const summary = summarize(results);
  const markdown = renderMarkdownSummary(readReport(JSON.parse(JSON.stringify(toJsonReport(results, meta)))));

  it(`exits ${exit}, by the summary's verdict`, () => {
    expect(exitStatus(results)).toBe(exit);
    expect(runVerdict(summary).exitStatus).toBe(exit);
  });

  it('has the job summary headline of that verdict, the exit status, and a section only for what needs one', () => {
    expect(markdown.split('\n')[0]).toMatch(headline);
    expect(markdown).toContain(`exit status ${exit}`);
    const sections = markdown.split('\n').filter((l) => l.startsWith('### '));
    expect(sections).toEqual(section === undefined ? [] : [section]);
  });

  it('counts in JUnit what CI shows red only when the run is not passed', () => {
    const root = parseXml(renderJUnit(results, meta));
    expect({ failures: root.attrs.failures, errors: root.attrs.errors, skipped: root.attrs.skipped }).toEqual(junit);
    expect(findAll(root, 'testcase')).toHaveLength(results.length);
  });

  it("ends the console run with the summary's counts and one explanation per outcome that has one", () => {
    const lines = consoleText(results).trimEnd().split('\n');
    expect(lines.at(-1)).toBe(
      `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped` +
        (summary.errored ? ', 1 error' : '') +
        (summary.warnings ? ', 1 warning' : ''),
    );
    const explained = OUTCOMES.filter((o) => o.explanation && summary[o.count] > 0).map((o) => o.explanation?.(1));
    for (const line of explained) expect(lines).toContain(line);
  });

  it('writes the same counts into the JSON summary', () => {
    expect(toJsonReport(results, meta).summary).toEqual(summary);
  });
});

describe('the job summary of a report read back', () => {
  it('calls a run with a blocked check failed (a required operation failed), exit status 1, with its own section', () => {
    const report = {
      summary: {},
      checks: [
        { id: 'a.passes', rules: ['AUTH-1'], status: 'passed', message: 'ok' },
        {
          id: 'webhooks.retry',
          rules: ['EVT-DELIVERY-2'],
          status: 'blocked',
          message: 'creating a subscription failed: 500',
        },
      ],
    };
    const md = renderMarkdownSummary(readReport(report));
    expect(md.split('\n')[0]).toMatch(/❌ failed/);
    expect(md).toContain('exit status 1');
    expect(md).toContain('### Blocked (1)');
    expect(outcomeOf({ status: 'blocked' })).toBe('blocked');
  });

  it('calls a run failed when the baseline has a stale entry, though no check failed', () => {
    const report = {
      summary: {},
      checks: [{ id: 'a', rules: [], status: 'passed', message: '' }],
      meta: { baselineStale: ['a.xfails passes now: remove its entry'] },
    };
    const md = renderMarkdownSummary(readReport(report));
    expect(md.split('\n')[0]).toMatch(/❌ failed/);
    expect(md).toContain('### Run failures (1)');
    expect(exitStatus([passed], 1)).toBe(1);
  });

  it('refuses a file that is not a report, or a status it does not know', () => {
    expect(() => readReport({ checks: [] })).toThrow(/not a conformance JSON report/);
    expect(() => readReport({ summary: {}, checks: [{ id: 'a', status: 'great' }] })).toThrow(
      /unknown check status "great"/,
    );
  });
});
