// A run of the suite once the options are parsed: target → probe → run → reports → exit status. Loaded by main()
// only when the suite runs, so --help, --version and argument errors answer before any check is loaded.
// 0 nothing failed or errored; 1 a check failed (or a stale baseline entry, or an unstable check under
// --repeat); 2 could not run, with a one-line reason on stderr; 3 nothing failed but something errored.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ALL_CHECKS } from '../registry';
import type { CheckResult, ReportSpec } from '../model';
import { ConsoleReporter, planOf, renderCoverageMarkdown, writeReports, type ConformanceMeta } from '../reporters';
import { CATALOGUE, type Catalogue } from '../runner/catalogue';
import type { Check } from '../runner/check';
import { applyBaseline, EMPTY_BASELINE, loadBaseline, staleEntries, staleMessage } from '../runner/baseline';
import { checksByRule, computeCoverage } from '../runner/coverage';
import { CannotRunError } from '../runner/outcomes';
import { compareWithPrevious, failedFromReport, loadPreviousReport } from '../runner/previous-report';
import { probeProvisioning, probeTarget } from '../runner/probe';
import { checkSetProblems } from '../runner/check-set-problems';
import { newRunId } from '../runner/run-check';
import { runChecks } from '../runner/run-checks';
import { disabledBy, isCore } from '../runner/profile';
import { instabilityLine, unstableChecks, worstOf } from '../runner/repeat';
import { randomSeed } from '../runner/seed';
import { exitStatus, grade, levelIndex, notConformanceLine } from '../runner/verdict';
import { SPEC_VERSION } from '../reporters/meta';
import { selectChecks } from '../runner/select';
import { TargetError } from '../targets';
import { UsageError, type CliOptions } from './args';
import type { CliDeps, CliIo } from './io';
import { renderCheckList } from './list';
import { resolveTarget, type ResolvedTarget } from './resolve-target';

export const RUN_TITLE = 'Property Portfolio API conformance';

export const DEFAULT_REPORTS: readonly ReportSpec[] = [
  { format: 'json', path: 'reports/conformance.json' },
  { format: 'junit', path: 'reports/conformance.xml' },
  { format: 'html', path: 'reports/conformance.html' },
];

/** Repository root: conformance/src/cli → ../../.. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

function isCannotRun(error: unknown): error is Error {
  return error instanceof CannotRunError || error instanceof TargetError;
}

async function ensureWritable(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    try {
      await mkdir(dirname(path), { recursive: true });
    } catch (error) {
      throw new CannotRunError(
        `cannot create the folder for ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
  }
}

interface Selection {
  readonly checks: readonly Check[];
  readonly seeds?: ReadonlyMap<string, number>;
  readonly note?: string;
}

function selectForRun(all: readonly Check[], options: CliOptions, warn: (s: string) => void): Selection {
  let checks = selectChecks(all, options.only);
  if (options.only.length && checks.length === 0 && all.length > 0)
    throw new UsageError(`no check matches --only ${options.only.join(',')}`);
  if (options.rerunFailed === undefined) return { checks };
  const previous = loadPreviousReport(options.rerunFailed);
  const { ids, seeds } = failedFromReport(previous);
  const known = new Set(all.map((c) => c.id));
  for (const id of ids) if (!known.has(id)) warn(`--rerun-failed: check ${id} no longer exists; not run`);
  const wanted = new Set(ids);
  checks = checks.filter((c) => wanted.has(c.id));
  // An explicit --seed wins over the seeds recorded in the report.
  return {
    checks,
    ...(options.seed === undefined ? { seeds } : {}),
    note: `re-running ${checks.length} check(s) that failed in ${options.rerunFailed}`,
  };
}

async function writeCatalogueExports(
  options: CliOptions,
  catalogue: Catalogue,
  all: readonly Check[],
  results: readonly CheckResult[],
): Promise<string[]> {
  const written: string[] = [];
  if (options.coverageMd !== undefined) {
    const coverage = computeCoverage({
      rules: catalogue.rules,
      checks: all,
      results,
      isTestable: catalogue.isTestable,
    });
    await writeFile(options.coverageMd, renderCoverageMarkdown(coverage), 'utf8');
    written.push(`coverage-md: ${options.coverageMd}`);
  }
  if (options.requirementsCsv !== undefined) {
    await writeFile(options.requirementsCsv, catalogue.toRequirementsCsv(catalogue.rules, checksByRule(all)), 'utf8');
    written.push(`requirements-csv: ${options.requirementsCsv}`);
  }
  return written;
}

export async function runSuite(
  options: CliOptions,
  io: CliIo,
  deps: CliDeps,
  fail: (error: unknown) => number,
): Promise<number> {
  const warn = (text: string): void => io.stderr(`conformance: warning: ${text}\n`);
  const all = deps.checks ?? ALL_CHECKS;
  const catalogue = deps.catalogue ?? CATALOGUE;

  let resolved: ResolvedTarget | undefined;
  try {
    await ensureWritable([options.coverageMd, options.requirementsCsv].filter((p): p is string => p !== undefined));
    if (options.list) {
      io.stdout(renderCheckList(all, levelIndex(catalogue.rules)));
      // Only here: on a run, stderr must stay one line when the run cannot start (coverage lists unknown rules).
      for (const problem of checkSetProblems(all, catalogue.rules)) warn(problem);
      for (const line of await writeCatalogueExports(options, catalogue, all, [])) io.stdout(`${line}\n`);
      return 0;
    }

    const baseline = options.baseline !== undefined ? loadBaseline(options.baseline) : EMPTY_BASELINE;
    const levels = levelIndex(catalogue.rules);
    const judge = (r: CheckResult): CheckResult => applyBaseline(grade(r, levels, options.strict), baseline);
    const previous = options.compare !== undefined ? loadPreviousReport(options.compare) : undefined;
    const selection = selectForRun(all, options, warn);
    const reports = options.reports.length > 0 ? options.reports : options.target === undefined ? DEFAULT_REPORTS : [];
    await ensureWritable(reports.map((r) => r.path));

    resolved = await resolveTarget(options, { root: REPO_ROOT, ...deps.embedded });
    if (resolved.stop) deps.onStop?.(resolved.stop);
    for (const w of resolved.warnings) warn(w);
    const target = resolved.target;
    await probeTarget(target, { timeoutMs: deps.probeTimeoutMs, fetch: deps.fetch });
    await probeProvisioning(target, { timeoutMs: deps.probeTimeoutMs, fetch: deps.fetch });

    const now = deps.now ?? ((): Date => new Date());
    const seed = options.seed ?? randomSeed();
    const startedAt = now().toISOString();
    const reporter = new ConsoleReporter(
      { write: io.stdout, tty: io.isTTY && !options.plain, color: io.color && io.isTTY && !options.plain },
      planOf(selection.checks),
    );
    // Known before any request: the console says it first, every report at its top.
    const offCore = selection.checks.filter((c) => isCore(c) && disabledBy(c, target) !== undefined);
    const notConformance = offCore.length ? notConformanceLine(offCore) : undefined;
    reporter.start({
      target: target.baseUrl,
      seed,
      profile: options.profile,
      ...(notConformance !== undefined ? { notConformance } : {}),
    });
    if (options.repeat > 1) io.stdout(`repeating the run ${options.repeat} times; progress shows the first\n`);
    if (selection.note) io.stdout(`${selection.note}\n`);

    // Notices about the run as a whole (e.g. a dashboard that cannot delete the suite's landlords): stderr and the report's meta.
    const notices: string[] = [];
    const runOnce = (first: boolean): Promise<CheckResult[]> =>
      runChecks({
        target,
        checks: selection.checks,
        seed,
        profile: options.profile,
        showSecrets: options.showSecrets,
        ...(selection.seeds ? { seedOverrides: selection.seeds } : {}),
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
        ...(options.timeoutMs !== undefined ? { requestTimeoutMs: options.timeoutMs } : {}),
        ...(deps.clock ? { clock: deps.clock } : {}),
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(options.target !== undefined ? { targetFile: options.target } : {}),
        runId: newRunId(),
        onResult: (r) => (first ? reporter.result(judge(r)) : undefined),
        onNotice: (text) => {
          notices.push(text);
          warn(text);
        },
      }).then((rs) => rs.map(judge));
    const runs: CheckResult[][] = [];
    for (let i = 0; i < options.repeat; i++) runs.push(await runOnce(i === 0));
    // --repeat: the worst verdict of each check is reported, and a verdict that changed is a reason to fail.
    const results = runs.length > 1 ? worstOf(runs) : (runs[0] ?? []);
    const flaky = new Set(results.filter((r) => r.knownFlaky !== undefined).map((r) => r.id));
    const listedFlaky = new Set(baseline.knownFlaky.map((e) => e.check));
    const unstable = unstableChecks(runs).filter((u) => !flaky.has(u.check) && !listedFlaky.has(u.check));
    const stale = staleEntries(results, baseline);
    const runFailures = [...stale.map(staleMessage), ...unstable.map(instabilityLine)];

    const coverage = computeCoverage({
      rules: catalogue.rules,
      checks: all,
      results,
      isTestable: catalogue.isTestable,
    });
    const comparison =
      previous && options.compare !== undefined
        ? { previous: options.compare, ...compareWithPrevious(previous, results) }
        : undefined;
    const meta: ConformanceMeta = {
      title: RUN_TITLE,
      startedAt,
      finishedAt: now().toISOString(),
      target: target.baseUrl,
      targetSource: target.source,
      seed,
      profile: options.profile,
      only: options.only,
      coverage,
      specVersion: SPEC_VERSION,
      strict: options.strict,
      ...(target.capabilities ? { capabilities: target.capabilities } : {}),
      ...(target.implementation ? { implementation: target.implementation } : {}),
      ...(notConformance !== undefined ? { notConformanceResult: notConformance } : {}),
      ...(stale.length ? { baselineStale: stale.map(staleMessage) } : {}),
      ...(options.repeat > 1 ? { repeat: options.repeat, unstable: unstable.map(instabilityLine) } : {}),
      ...(notices.length ? { notices } : {}),
      ...(comparison ? { comparison } : {}),
    };
    await writeReports(results, reports, meta);
    const written = [
      ...reports.map((r) => `report ${r.format}: ${r.path}`),
      ...(await writeCatalogueExports(options, catalogue, all, results)),
    ];
    reporter.finish({
      results,
      coverage,
      written,
      runFailures,
      ...(notConformance !== undefined ? { notConformance } : {}),
      ...(comparison ? { comparison } : {}),
    });
    return exitStatus(results, runFailures.length);
  } catch (error) {
    if (isCannotRun(error)) return fail(error);
    return fail(
      `internal error: ${error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 2).join(' ') : String(error)}`,
    );
  } finally {
    await resolved?.stop?.();
  }
}
