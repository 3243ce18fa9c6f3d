// `npm run receiver-test` (bin ppapi-receiver-test) under the conformance suite's contract (docs/spec/interfaces.md:
// "Same exit statuses and report formats"): the suite's grading by rule level (--strict), baseline, --repeat,
// console reporter, report writers and exit statuses.
import type { CheckResult, WriteReports } from '@ppapi/spec';
import { ConsoleReporter, planOf, writeReports, type ConformanceMeta } from '../reporters';
import {
  applyBaseline,
  EMPTY_BASELINE,
  loadBaseline,
  staleEntries,
  staleMessage,
  type Baseline,
} from '../runner/baseline';
import { CATALOGUE } from '../runner/catalogue';
import { versionLine } from '../version';
import { CannotRunError } from '../runner/outcomes';
import { instabilityLine, unstableChecks, worstOf } from '../runner/repeat';
import { EXIT, exitStatus, grade, levelIndex } from '../runner/verdict';
import { parseCliOptions, UsageError, USAGE } from './receiver-test-options';
import type { ReceiverCheck } from '../receiver-tester/context';
import { ReceiverUnreachableError } from '../receiver-tester/reachability';
import { runReceiverChecks } from '../receiver-tester/run';
import { randomSeed } from '../receiver-tester/seeds';

export interface CliIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Default: the suite's reporters (the same formats as `npm run conformance`). */
  readonly writeReports?: WriteReports;
  /** Default: the registry's receiver tester cases (checks/receiver-tester-cases/). */
  readonly checks?: readonly ReceiverCheck[];
}

const LEVELS = levelIndex(CATALOGUE.rules);

const oneLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).replace(/\s*\n\s*/g, ' ');

/**
 * Returns the exit status: 0 nothing failed or errored, 1 a check failed (or a stale baseline entry, or a verdict
 * that changed under --repeat), 2 could not run, 3 nothing failed but a check errored or the tester crashed.
 */
export async function receiverTestCli(argv: readonly string[], io: CliIo): Promise<number> {
  let options;
  let baseline: Baseline = EMPTY_BASELINE;
  try {
    options = parseCliOptions(argv, io.env);
    if (options.baseline !== undefined) baseline = loadBaseline(options.baseline);
  } catch (err) {
    if (err instanceof UsageError || err instanceof CannotRunError) {
      io.stderr(`receiver-test: ${oneLine(err)} (--help for usage)`);
      return EXIT.cannotRun;
    }
    throw err;
  }
  if (options.help) {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  if (options.version === true) {
    io.stdout(versionLine('ppapi-receiver-test').trimEnd());
    return 0;
  }
  // Loaded only now: the registry loads every check module, which --help and --version must not wait for.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load; import() is not hooked by tsx/cjs
  const { RECEIVER_CHECKS } = require('../registry') as typeof import('../registry');

  const checks = io.checks ?? RECEIVER_CHECKS;
  const strict = options.strict;
  const judge = (r: CheckResult): CheckResult => applyBaseline(grade(r, LEVELS, strict), baseline);
  // The console writes whole lines ending in "\n"; io.stdout adds its own.
  const reporter = new ConsoleReporter(
    { write: (text) => io.stdout(text.replace(/\n$/, '')), tty: false, color: false },
    planOf(checks),
  );
  const seed = options.seed ?? randomSeed();

  io.stdout(`receiver-test ${options.url} seed ${String(seed)} (replay with --seed ${String(seed)})`);
  if (options.repeat > 1) io.stdout(`repeating the run ${options.repeat} times; progress shows the first`);
  try {
    const runs: CheckResult[][] = [];
    let meta;
    for (let i = 0; i < options.repeat; i++) {
      const first = i === 0;
      const run = await runReceiverChecks({
        ...options,
        seed,
        checks,
        onResult: (r) => (first ? reporter.result(judge(r)) : undefined),
      });
      runs.push(run.results.map(judge));
      meta = run.meta;
    }
    // --repeat: the worst verdict of each check is reported, and a verdict that changed is a reason to fail.
    const results = runs.length > 1 ? worstOf(runs) : (runs[0] ?? []);
    const listedFlaky = new Set(baseline.knownFlaky.map((e) => e.check));
    const unstable = unstableChecks(runs).filter(
      (u) => !listedFlaky.has(u.check) && results.find((r) => r.id === u.check)?.knownFlaky === undefined,
    );
    const stale = staleEntries(results, baseline);
    const runFailures = [...stale.map(staleMessage), ...unstable.map(instabilityLine)];
    const reportMeta: ConformanceMeta = {
      title: 'Webhook receiver test',
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      ...meta,
      strict,
      ...(stale.length ? { baselineStale: stale.map(staleMessage) } : {}),
      ...(options.repeat > 1 ? { repeat: options.repeat, unstable: unstable.map(instabilityLine) } : {}),
    };
    try {
      await (io.writeReports ?? writeReports)(results, options.reports, reportMeta);
    } catch (err) {
      io.stderr(`receiver-test: could not write reports: ${oneLine(err)}`);
      return EXIT.cannotRun;
    }
    reporter.finish({ results, runFailures, written: options.reports.map((r) => `report ${r.format}: ${r.path}`) });
    return exitStatus(results, runFailures.length);
  } catch (err) {
    if (err instanceof ReceiverUnreachableError) {
      io.stderr(`receiver-test: ${err.message}`);
      return EXIT.cannotRun;
    }
    // The tester itself broke: not a verdict on the receiver.
    io.stderr(`receiver-test: internal error: ${oneLine(err)}`);
    return EXIT.errored;
  }
}
