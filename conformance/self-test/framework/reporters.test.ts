// The three writers over one result model: JSON in interfaces.md's shape (plus extras), JUnit XML that parses
// back with hostile text escaped, and one self-contained HTML file.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult, Rule } from '../../src/model';
import {
  renderHtml,
  renderJUnit,
  renderCoverageMarkdown,
  toJsonReport,
  writeReports,
  type ConformanceMeta,
} from '../../src/reporters';
import { computeCoverage } from '../../src/runner';
import { findAll, parseXml, tempDir } from './helpers';

const HOSTILE = `<script>alert("x")</script> & 'quotes' ]]> \u0001\u001b[31m`;

const results: CheckResult[] = [
  {
    id: 'auth.bearer',
    title: 'Bearer works',
    group: 'Authentication',
    rules: ['AUTH-1'],
    status: 'passed',
    message: '1 exchange as expected',
    durationMs: 12,
    command: 'npm run conformance -- --only auth.bearer',
  },
  {
    id: 'errors.envelope',
    title: `Envelope ${HOSTILE}`,
    group: 'Errors & <limits>',
    rules: ['ERR-1', 'ERR-2'],
    status: 'failed',
    message: `expected: 404; got: 500 ${HOSTILE} [ERR-1, ERR-2]`,
    expected: '404',
    got: `500 ${HOSTILE}`,
    reproduction: `curl -sS -i 'http://h/api/public/v1/x?a=1&b=2' -H 'authorization: Bearer svc_live_****1234'`,
    durationMs: 30,
    seed: 42,
    path: '3:0',
    counterexample: '"<&>"',
    property: 'p',
    command: 'npm run conformance -- --only errors.envelope --seed 42',
    exchanges: [
      {
        request: { method: 'GET', url: 'http://h/x', headers: {} },
        response: { status: 500, headers: {}, body: HOSTILE },
        durationMs: 3,
      },
    ],
  },
  {
    id: 'limits.rate',
    title: 'Rate',
    group: 'Limits',
    rules: ['LIMIT-RATE-1'],
    status: 'skipped',
    message: 'needs a rateLimit key: the target file has none',
    durationMs: 0,
  },
  {
    id: 'rent.known',
    title: 'Known deviation',
    group: 'Limits',
    rules: ['RENT-1'],
    status: 'failed',
    message: 'expected: a; got: b [RENT-1]',
    expected: 'a',
    got: 'b',
    reproduction: 'curl x',
    durationMs: 1,
    expectedFailure: { reason: 'ticket 7' },
  },
];

const rules: Rule[] = [
  { id: 'AUTH-1', section: 'Authentication', text: 'Send the key as Bearer.', class: 'black-box', level: 'MUST' },
  {
    id: 'AUTH-9',
    section: 'Authentication',
    text: 'Signing secret shown once.',
    class: 'needs-dashboard',
    level: 'MUST',
  },
  {
    id: 'ERR-1',
    section: 'Errors',
    text: `Every error uses { error, code } ${HOSTILE}`,
    class: 'black-box',
    level: 'MUST',
  },
  {
    id: 'ERR-2',
    section: 'Errors',
    text: 'Messages may change.',
    class: 'not-shown',
    notTestedReason: 'not shown',
    level: 'not-shown',
  },
  {
    id: 'STORE-1',
    section: 'Storage',
    text: 'Objects retained.',
    class: 'not-observable',
    notTestedReason: 'internal',
    level: 'MUST',
  },
];
const checks = results.map((r) => ({ id: r.id, rules: r.rules }));
const coverage = computeCoverage({
  rules,
  checks,
  results,
  isTestable: (c) => c === 'black-box' || c.startsWith('needs-'),
});

const meta: ConformanceMeta = {
  title: 'Property Portfolio API conformance',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:01:00.000Z',
  target: 'http://h/api/public/v1',
  seed: 42,
  profile: 'quick',
  coverage,
  baselineRemovable: [{ check: 'old.one', reason: 'fixed' }],
  comparison: { previous: 'prev.json', newlyFailing: ['errors.envelope'], newlyPassing: [] },
};

describe('JSON report', () => {
  it('has exactly the interfaces.md fields on every check, plus extras', () => {
    const report = toJsonReport(results, meta);
    expect(report.summary).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      expectedFailures: 1,
      errored: 0,
      disabled: 0,
      warnings: 0,
      flaky: 0,
      blocked: 0,
    });
    for (const c of report.checks) {
      expect(typeof c.id).toBe('string');
      expect(Array.isArray(c.rules)).toBe(true);
      expect(['passed', 'failed', 'skipped']).toContain(c.status);
      expect(typeof c.message).toBe('string');
      expect(typeof c.reproduction).toBe('string');
    }
    expect(report.checks[1]).toMatchObject({
      reproduction: expect.stringMatching(/^curl /),
      seed: 42,
      path: '3:0',
      counterexample: '"<&>"',
      title: expect.any(String),
      durationMs: 30,
    });
    expect(report.checks[0]).toMatchObject({ reproduction: '' });
    expect(report.checks[0]).not.toHaveProperty('exchanges'); // exchanges only on failures
    expect(report.checks[2]?.message).toMatch(/needs a rateLimit key/);
    expect(report).toMatchObject({
      seed: 42,
      meta: { title: meta.title, seed: 42 },
      coverage: { testable: 3, covered: 2 },
    });
    expect(report.meta).not.toHaveProperty('coverage'); // not duplicated
  });

  it('writeReports writes each requested format, creating folders', async () => {
    const dir = tempDir();
    await writeReports(
      results,
      [
        { format: 'json', path: join(dir, 'a/r.json') },
        { format: 'junit', path: join(dir, 'b/r.xml') },
        { format: 'html', path: join(dir, 'c/r.html') },
      ],
      meta,
    );
    expect(JSON.parse(readFileSync(join(dir, 'a/r.json'), 'utf8'))).toHaveProperty('summary');
    expect(() => parseXml(readFileSync(join(dir, 'b/r.xml'), 'utf8'))).not.toThrow();
    expect(readFileSync(join(dir, 'c/r.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });
});

describe('JUnit report', () => {
  const xml = renderJUnit(results, meta);
  const root = parseXml(xml);

  it('is well-formed: testsuites > testsuite per group > testcase per check', () => {
    expect(root.name).toBe('testsuites');
    expect(root.attrs).toMatchObject({ tests: '4', failures: '1', skipped: '2' });
    const suites = findAll(root, 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual(['Authentication', 'Errors & <limits>', 'Limits']);
    expect(findAll(root, 'testcase').map((t) => t.attrs.name)).toEqual([
      'auth.bearer',
      'errors.envelope',
      'limits.rate',
      'rent.known',
    ]);
  });

  it('escapes hostile text and keeps it readable after parsing', () => {
    const failure = findAll(root, 'failure')[0];
    expect(failure?.attrs.message).toContain('<script>alert("x")</script> & \'quotes\' ]]>');
    expect(failure?.text).toContain("reproduction:\ncurl -sS -i 'http://h/api/public/v1/x?a=1&b=2'");
    expect(failure?.text).toContain('counterexample: "<&>"');
    expect(xml).not.toMatch(/[\u0001\u001b]/);
    expect(xml).toContain('\\u0001');
  });

  it('reports skips and baseline failures as <skipped>', () => {
    const skipped = findAll(root, 'skipped').map((s) => s.attrs.message);
    expect(skipped).toEqual([
      'needs a rateLimit key: the target file has none',
      'expected failure (baseline): ticket 7; expected: a; got: b [RENT-1]',
    ]);
  });
});

describe('HTML report', () => {
  const html = renderHtml(results, meta);

  it('is one self-contained file: inline CSS, no scripts, no external assets or links', () => {
    expect(html).toMatch(/<style>[\s\S]+<\/style>/);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/@import/i);
  });

  it('escapes everything it shows', () => {
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(html).not.toContain('<script>alert');
  });

  it('shows the summary, failures first with expected/got/curl, coverage with rule texts, then all checks', () => {
    const order = ['id="failures"', 'id="coverage"', 'id="checks"'].map((s) => html.indexOf(s));
    expect(order.every((i, n) => i > 0 && (n === 0 || i > order[n - 1]))).toBe(true);
    expect(html).toContain('<dt>Expected</dt><dd>404</dd>');
    expect(html).toContain('<b>ERR-1</b> Every error uses { error, code } &lt;script&gt;'); // failures quote their rules
    expect(html).toContain('curl -sS -i &#39;http://h/api/public/v1/x?a=1&amp;b=2&#39;');
    expect(html).toContain('Send the key as Bearer.');
    expect(html).toContain('2/3 testable rules have at least one check (66.7%)');
    expect(html).toContain('Expected failures (1)');
    expect(html).toContain('old.one');
  });
});

describe('coverage', () => {
  it('counts testable rules with a check, per section, with the last status of each check', () => {
    expect(coverage).toMatchObject({ testable: 3, covered: 2, uncovered: ['AUTH-9'] });
    expect(coverage.figure).toBeCloseTo(2 / 3);
    expect(coverage.sections.map((s) => [s.section, s.covered, s.testable])).toEqual([
      ['Authentication', 1, 2],
      ['Errors', 1, 1],
      ['Storage', 0, 0],
    ]);
    const err1 = coverage.sections[1]?.rules[0];
    expect(err1).toMatchObject({
      id: 'ERR-1',
      status: 'failed',
      checks: [{ id: 'errors.envelope', status: 'failed' }],
    });
    expect(coverage.unknownRules).toEqual([
      { check: 'limits.rate', rule: 'LIMIT-RATE-1' },
      { check: 'rent.known', rule: 'RENT-1' },
    ]);
  });

  it('renders as a Markdown table with escaped pipes', () => {
    const md = renderCoverageMarkdown(
      computeCoverage({
        rules: [{ id: 'X-1', section: 'A | B', text: 'a|b', class: 'black-box', level: 'MUST' }],
        checks: [],
        isTestable: () => true,
      }),
    );
    expect(md).toContain('0/1 testable rules have a check (0.0%)');
    expect(md).toContain('| X-1 | A \\| B | black-box | **none** | no check | a\\|b |');
  });
});
