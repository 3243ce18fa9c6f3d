// The Markdown summary the GitHub Action writes to $GITHUB_STEP_SUMMARY, rendered from a JSON report.
import { readReport, renderMarkdownSummary } from '../../bin/report-markdown';

const report = {
  summary: { passed: 1, failed: 1, skipped: 1, expectedFailures: 0 },
  checks: [
    { id: 'auth.missingKey', rules: ['AUTH-1'], status: 'passed', message: 'ok' },
    {
      id: 'rent.post | pipes',
      rules: ['RENT-POST-4', 'ERR-2'],
      status: 'failed',
      message: 'expected 400\ngot 500',
      reproduction: 'curl -s ```x```',
    },
    { id: 'webhooks.retry', rules: ['EVT-DELIVERY-2'], status: 'skipped', message: 'quick profile' },
  ],
  meta: { ignored: true },
};

describe('ppapi-report-markdown', () => {
  const md = renderMarkdownSummary(readReport(report));

  it('gives the verdict and the summary figures', () => {
    expect(md).toContain('❌ failed');
    expect(md).toContain('| failed | skipped | passed |');
    expect(md).toContain('| 1 | 1 | 1 |');
  });

  it('lists each failed check on one table row, pipes escaped, with its reproduction in a fence it cannot close', () => {
    expect(md).toContain('| `rent.post \\| pipes` | RENT-POST-4, ERR-2 |  | expected 400 got 500 |');
    expect(md).toContain('````sh\ncurl -s ```x```\n````');
    expect(md).not.toContain('auth.missingKey');
  });

  it('says passed when nothing failed, and refuses a file that is not a report', () => {
    expect(renderMarkdownSummary(readReport({ summary: { passed: 2, failed: 0, skipped: 0 }, checks: [] }))).toContain(
      '✅ passed',
    );
    expect(() => readReport({ checks: [] })).toThrow(/not a conformance JSON report/);
  });
});
