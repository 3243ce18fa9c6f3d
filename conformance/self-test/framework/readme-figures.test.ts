// The root README's "Coverage of the spec" figures come from the rule catalogue and the registry: this test
// computes them the way `npm run conformance` does and fails when a figure typed in the README differs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_CHECKS, RECEIVER_CHECKS } from '../../src/registry';
import { isTestableClass, RULES } from '../../src/rules';
import { computeCoverage } from '../../src/runner/coverage';

const README = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
const start = README.indexOf('## Coverage of the spec');
const section = README.slice(start, README.indexOf('\n## ', start + 1));
const coverage = computeCoverage({ rules: RULES, checks: ALL_CHECKS, isTestable: isTestableClass });

/** The first number after `before` in the coverage section (thousands separators allowed). */
function figureAfter(before: RegExp): number {
  const match = new RegExp(`${before.source}\\D*?([\\d,]+)`).exec(section);
  if (!match) throw new Error(`no figure after ${String(before)} in README.md`);
  return Number(match[1].replace(/,/g, ''));
}

describe("README.md's coverage figures", () => {
  it('count the rules, the testable rules and the checks as the catalogue and the registry do', () => {
    expect(figureAfter(/holds/)).toBe(RULES.length);
    expect(figureAfter(/not-shown\)\./)).toBe(coverage.testable);
    expect(section).toContain(
      `**${ALL_CHECKS.length} checks against a deployment cover ${coverage.covered} of\nthe ${coverage.testable} (`,
    );
    expect(section).toContain(`(${(coverage.figure * 100).toFixed(1)} %)**`);
    expect(figureAfter(/\*\*, and/)).toBe(RECEIVER_CHECKS.length);
  });

  it('give each section its covered and testable rules', () => {
    const rows = [...section.matchAll(/^\| ([A-Z][^|]+?) \| (\d+) \/ (\d+)/gm)].map((m) => ({
      section: m[1],
      covered: Number(m[2]),
      testable: Number(m[3]),
    }));
    // The catalogue's sections are the spec's headings (`Resources > Property`); the table sums each top one.
    const tops = new Map<string, { covered: number; testable: number }>();
    for (const s of coverage.sections) {
      const top = s.section.split(' > ')[0];
      const sum = tops.get(top) ?? { covered: 0, testable: 0 };
      tops.set(top, { covered: sum.covered + s.covered, testable: sum.testable + s.testable });
    }
    const expected = [...tops].filter(([, sum]) => sum.testable > 0);
    expect(rows.map((r) => r.section)).toHaveLength(expected.length);
    for (const [[top, sum], row] of expected.map((e, i) => [e, rows[i]] as const)) {
      expect(row.section.startsWith(top)).toBe(true);
      expect({ covered: row.covered, testable: row.testable }).toEqual(sum);
    }
  });
});
