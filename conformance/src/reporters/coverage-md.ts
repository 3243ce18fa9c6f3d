// --coverage-md: the coverage table as Markdown, for pull requests and the docs folder.

import type { Coverage } from '../runner/coverage';
import { formatCoverageFigure } from '../runner/coverage';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export function renderCoverageMarkdown(coverage: Coverage, title = 'Conformance coverage'): string {
  const lines = [
    `# ${title}`,
    '',
    formatCoverageFigure(coverage),
    '',
    '| Section | Covered | Testable |',
    '| --- | ---: | ---: |',
  ];
  for (const s of coverage.sections) lines.push(`| ${cell(s.section)} | ${s.covered} | ${s.testable} |`);
  lines.push('', '| Rule | Section | Class | Checks | Status | Text |', '| --- | --- | --- | --- | --- | --- |');
  for (const s of coverage.sections) {
    for (const r of s.rules) {
      const checks = r.checks.map((c) => `\`${c.id}\``).join(', ') || (r.testable ? '**none**' : '');
      const status = r.testable ? r.status : `not testable (${r.class})`;
      lines.push(`| ${r.id} | ${cell(r.section)} | ${r.class} | ${checks} | ${status} | ${cell(r.text)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
