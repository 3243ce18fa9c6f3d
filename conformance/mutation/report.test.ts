// The report's figures and the CLI's options, as pure functions.
import { RULES } from '../src/rules';
import { parseMutationArgs } from './cli';
import type { MutantOutcome } from './engine';
import { buildReport, formatReport, renderMutationMarkdown } from './report';

const outcome = (id: string, rule: string, killed: boolean, extra: Partial<MutantOutcome> = {}): MutantOutcome => ({
  id,
  rule,
  route: 'GET /events',
  kind: 'order',
  description: id,
  outcome: killed ? 'killed' : 'survived',
  applied: 1,
  checks: [],
  ...extra,
});

describe('mutation report', () => {
  const report = buildReport({
    seed: 5,
    generated: 10,
    outcomes: [
      outcome('a', 'CAL-2', true, { freshServer: true }),
      outcome('b', 'CAL-2', false, { reason: 'why', unexplained: true }),
      outcome('c', 'AUTH-3', true, { staleEntry: true }),
      outcome('d', 'AUTH-3', false, { reason: 'listed', listedAs: 'unobservable' }),
    ],
    rules: RULES,
    notJudged: [],
    variants: [{ id: 'v', choice: 'c', passed: false, failed: [{ check: 'x', status: 'failed', message: 'm' }] }],
    durationMs: 1,
  });

  it('tallies per rule and section, survivors, stale entries and variants', () => {
    expect(report).toMatchObject({ sample: 4, killRate: 0.5, rulesWithMutants: 2, unexplained: 1, variantsPassed: 0 });
    expect(report.perRule['CAL-2']).toMatchObject({ mutants: 2, killed: 1, survived: 1, killRate: 0.5 });
    expect(report.staleSurvivorEntries).toEqual(['c']);
    expect(report.survived.map((s) => s.id)).toEqual(['b', 'd']);
  });

  it('lists apart the mutants killed only on a fresh server', () => {
    expect(formatReport(report)).toContain(
      'killed only on a fresh server (earlier mutants had changed the data their checks needed):\n  a\n',
    );
  });

  it('renders the coverage section with each survivor, its class and reason', () => {
    const md = renderMutationMarkdown(report);
    expect(md).toContain('2 of 4 mutants killed (50.0%)');
    expect(md).toContain('| `b` | GET /events | **unexplained** | why |');
    expect(md).toContain('| `d` | GET /events | unobservable | listed |');
    expect(md).toContain('| v | failed | `x` |');
  });
});

describe('mutation options', () => {
  it('parses the documented options and refuses others', () => {
    expect(parseMutationArgs(['--sample', '30', '--seed', '7', '--json', 'r.json', '--variants', '0'])).toMatchObject({
      sample: 30,
      seed: 7,
      json: 'r.json',
      variants: 0,
      coverageMd: 'reports/coverage.md',
    });
    expect(parseMutationArgs([])).toMatchObject({ seed: 1, variants: 'all', parallel: 2 });
    expect(parseMutationArgs(['--mutant', 'ERR-8/*'])).toMatchObject({ mutant: 'ERR-8/*' });
    expect(() => parseMutationArgs(['--sample', 'x'])).toThrow(/--sample must be a non-negative integer/);
    expect(() => parseMutationArgs(['--bogus', '1'])).toThrow(/unknown option --bogus/);
    expect(() => parseMutationArgs(['--variants', 'some'])).toThrow(/--variants must be/);
  });
});
