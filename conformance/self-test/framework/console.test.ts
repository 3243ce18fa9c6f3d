// Console output: plain lines without a TTY (PASS/FAIL/SKIP and the summary alone at the end); group lines,
// a progress bar and a failure section in a TTY.

import type { CheckResult } from '../../src/model';
import { ConsoleReporter, planOf } from '../../src/reporters';

const r = (
  id: string,
  group: string,
  status: CheckResult['status'],
  extra: Partial<CheckResult> = {},
): CheckResult => ({
  id,
  title: id,
  group,
  rules: [`${id.toUpperCase()}-1`],
  status,
  message: status === 'skipped' ? 'needs a dashboard' : 'ok',
  durationMs: 1,
  ...extra,
});

const results = [
  r('a', 'Authentication', 'passed'),
  r('b', 'Authentication', 'failed', {
    expected: 'status 401',
    got: '200 {}',
    message: 'expected: status 401; got: 200 {} [B-1]',
    reproduction: "curl 'http://x'",
    command: 'npm run conformance -- --only b --seed 5',
    seed: 5,
    path: '0:1',
    counterexample: '"A"',
    property: 'p',
  }),
  r('c', 'Errors', 'skipped'),
];

function render(tty: boolean): string {
  let text = '';
  const reporter = new ConsoleReporter({ write: (t) => (text += t), tty, color: false }, planOf(results));
  reporter.start({ target: 'http://x/api/public/v1', seed: 5, profile: 'quick' });
  for (const result of results) reporter.result(result);
  reporter.finish({
    results,
    coverage: { testable: 4, covered: 3, figure: 0.75, sections: [], uncovered: [], unknownRules: [] },
  });
  return text;
}

describe('console output', () => {
  it('without a TTY: one plain line per check, details under failures, summary alone last', () => {
    const lines = render(false).trimEnd().split('\n');
    expect(lines).toEqual([
      'Conformance run against http://x/api/public/v1',
      'seed 5 (replay with --seed 5), profile quick, 3 checks',
      'PASS a',
      'FAIL b [B-1] expected status 401; got 200 {}',
      '    property: p',
      '    seed: 5  path: 0:1  counterexample: "A"',
      "    reproduction: curl 'http://x'",
      '    rerun: npm run conformance -- --only b --seed 5',
      'SKIP c needs a dashboard',
      'coverage: 3/4 testable rules have a check (75.0%)',
      '1 passed, 1 failed, 1 skipped',
    ]);
  });

  it('in a TTY: a line per completed group, failures at the end, summary last', () => {
    const text = render(true);
    const visible = text
      .split('\n')
      .map((l) => l.replace(/[\s\S]*\r\x1b\[2K/, ''))
      .filter((l) => l.length > 0);
    expect(text).toContain('[##########--------------------] 1/3 checks');
    expect(visible).toContain('  ✘ Authentication                       1 passed, 1 failed');
    expect(visible).toContain('  ✔ Errors                               0 passed, 1 skipped');
    expect(visible).toContain('Failures, errors and warnings');
    expect(visible[visible.length - 1]).toBe('1 passed, 1 failed, 1 skipped');
  });
});
