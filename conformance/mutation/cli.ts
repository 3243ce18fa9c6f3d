// `npm run mutation -- [--sample N] [--seed S] [--json PATH] [--coverage-md PATH] [--variants all|none|N]
// [--only RULE-GLOB] [--mutant ID-GLOB] [--parallel N] [--list]`: generates the mutants, runs a seeded sample of them (all without
// --sample) and the variants against one embedded reference server, prints the kill rate per rule and section,
// and writes the JSON report and the coverage report with its mutation section.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ALL_CHECKS } from '../src/registry';
import { globToRegExp, isTestableClass, RULES } from '../src/rules';
import { runChecks, type Check } from '../src/runner';
import type { CheckResult } from '../src/model';
import { computeCoverage } from '../src/runner/coverage';
import { renderCoverageMarkdown } from '../src/reporters/coverage-md';
import { FastClock } from '../self-test/support/run';
import { startReferenceServer } from '../self-test/support/reference';
import { withFastKeys } from '../self-test/support/fast-keys';
import { WEBHOOK_SERVER_ENV } from '../self-test/support/webhook-deployment';
import { mapPool } from '../src/runner/pool';
import {
  census,
  checksFor,
  runMutants,
  runVariant,
  runWebhookVariant,
  secondLook,
  type VariantOutcome,
} from './engine';
import { MUTATION_ROUTES } from './routes';
import { generateMutants, type Mutant } from './generate';
import { buildReport, formatReport, renderMutationMarkdown } from './report';
import { sample, shuffled } from './sample';
import { KNOWN_SURVIVORS } from './survivors';
import { ALL_AT_ONCE, variantsToRun, WEBHOOK_VARIANTS_AT_ONCE } from './variants';

export interface MutationOptions {
  readonly sample?: number;
  readonly seed: number;
  readonly json?: string;
  readonly coverageMd: string;
  /** `all`: every single choice and all at once; `none`; a number: the all-at-once ones plus that many single choices. */
  readonly variants: 'all' | 'none' | number;
  readonly only?: string;
  /** Mutants whose id matches the glob only (`<rule>/<kind>/<METHOD path>/<variant>`, as survivors.ts names them). */
  readonly mutant?: string;
  readonly parallel: number;
  readonly concurrency: number;
  readonly list: boolean;
}

export const MUTATION_USAGE = `Usage: npm run mutation -- [options]
  --sample N          run a seeded sample of N mutants (default: every mutant)
  --seed S            seed of the sample and of the checks (default 1)
  --json PATH         write the report as JSON
  --coverage-md PATH  coverage report with the mutation section (default reports/coverage.md)
  --variants V        all (default), none, or N: all choices at once (API, webhook sender) plus N single ones
  --only GLOB         mutants of the rules matching the glob only
  --mutant GLOB       mutants whose id matches the glob only (as survivors.ts names them)
  --parallel N        mutants run at once (default 2)
  --list              print the mutants and exit
`;

export function parseMutationArgs(argv: readonly string[]): MutationOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--list' || arg === '--help') flags.add(arg);
    else if (arg.startsWith('--')) {
      const value = argv[i + 1];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      values.set(arg, value);
      i++;
    } else throw new Error(`unexpected argument ${arg}`);
  }
  if (flags.has('--help')) throw new Error(MUTATION_USAGE);
  const known = [
    '--sample',
    '--seed',
    '--json',
    '--coverage-md',
    '--variants',
    '--only',
    '--mutant',
    '--parallel',
    '--concurrency',
  ];
  for (const name of values.keys())
    if (!known.includes(name)) throw new Error(`unknown option ${name}\n${MUTATION_USAGE}`);
  const int = (name: string, fallback?: number): number | undefined => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
    return Number(raw);
  };
  const variants = values.get('--variants') ?? 'all';
  if (variants !== 'all' && variants !== 'none' && !/^\d+$/.test(variants))
    throw new Error(`--variants must be all, none or a number, got ${variants}`);
  const sampleSize = int('--sample');
  const json = values.get('--json');
  const only = values.get('--only');
  const mutant = values.get('--mutant');
  return {
    ...(sampleSize !== undefined ? { sample: sampleSize } : {}),
    seed: int('--seed', 1) as number,
    ...(json !== undefined ? { json } : {}),
    coverageMd: values.get('--coverage-md') ?? 'reports/coverage.md',
    variants: variants === 'all' || variants === 'none' ? variants : Number(variants),
    ...(only !== undefined ? { only } : {}),
    ...(mutant !== undefined ? { mutant } : {}),
    parallel: Math.max(1, int('--parallel', 2) as number),
    concurrency: Math.max(1, int('--concurrency', 4) as number),
    list: flags.has('--list'),
  };
}

/**
 * The checks a mutant or variant is judged by: every check of a normal run except the exclusive rate-limit ones (a
 * key of their own and minutes of requests), those of the full profile and those that need a webhook receiver.
 */
export function runnableChecks(checks: readonly Check[] = ALL_CHECKS): Check[] {
  return checks.filter((c) => !c.exclusive && c.profile === 'quick' && !c.needs.includes('webhook'));
}

/** Mutants whose rule some runnable check cites, and the rules left out with why. */
export function judgeable(
  mutants: readonly Mutant[],
  runnable: readonly Check[],
): { mutants: Mutant[]; notJudged: Array<{ rule: string; reason: string }> } {
  const notJudged = new Map<string, string>();
  const kept = mutants.filter((m) => {
    if (checksFor(m.rule, runnable).length > 0) return true;
    const all = checksFor(m.rule, ALL_CHECKS);
    notJudged.set(
      m.rule,
      all.length === 0
        ? 'no check cites the rule'
        : `only ${all.map((c) => c.id).join(', ')} cite it: exclusive, full-profile or receiver checks the engine does not run`,
    );
    return false;
  });
  return { mutants: kept, notJudged: [...notJudged].map(([rule, reason]) => ({ rule, reason })) };
}

export async function runMutation(options: MutationOptions, out: (text: string) => void): Promise<number> {
  const started = Date.now();
  const runnable = runnableChecks();
  const only = options.only !== undefined ? globToRegExp(options.only) : undefined;
  const byId = options.mutant !== undefined ? globToRegExp(options.mutant) : undefined;
  const generated = generateMutants().filter(
    (m) => (only === undefined || only.test(m.rule)) && (byId === undefined || byId.test(m.id)),
  );
  const { mutants: candidates, notJudged } = judgeable(generated, runnable);
  const chosen = options.sample !== undefined ? sample(candidates, options.sample, options.seed) : candidates;
  if (options.list) {
    for (const m of chosen) out(`${m.id}\t${m.description}\n`);
    out(`${chosen.length} of ${generated.length} mutants\n`);
    return 0;
  }
  out(
    `mutation: ${chosen.length} of ${candidates.length} judgeable mutants (${generated.length} generated), seed ${options.seed}\n`,
  );
  const reference = await startReferenceServer();
  try {
    const target = await withFastKeys(reference.target);
    const engine = {
      target,
      upstream: reference.origin,
      seed: options.seed,
      known: KNOWN_SURVIVORS,
      parallel: options.parallel,
      concurrency: options.concurrency,
    };
    // Variants first: every runnable check through each correct-but-different deployment of the API, one at a time;
    // beside them, the webhook variants against a server of their own with short retry delays (they wait on
    // deliveries, not on the CPU).
    const chosenVariants = variantsToRun(options.variants, options.seed);
    const say = (outcome: VariantOutcome): void =>
      out(
        `variant ${outcome.passed ? 'PASS' : 'FAIL'} ${outcome.id}${outcome.failed.length ? `: ${outcome.failed.map((f) => f.check).join(', ')}` : ''}\n`,
      );
    const apiVariants = async (): Promise<Array<{ outcome: VariantOutcome; results: CheckResult[] }>> => {
      const runs = [];
      for (const v of chosenVariants.filter((x) => x.sender === undefined)) {
        const run = await runVariant(v, { ...engine, checks: runnable });
        say(run.outcome);
        runs.push(run);
      }
      return runs;
    };
    const webhookVariants = async (): Promise<VariantOutcome[]> => {
      const chosenWebhook = chosenVariants.filter((x) => x.sender !== undefined);
      if (chosenWebhook.length === 0) return [];
      const webhookServer = await startReferenceServer({ env: WEBHOOK_SERVER_ENV });
      try {
        const webhookTarget = await withFastKeys(webhookServer.target);
        return await mapPool(chosenWebhook, WEBHOOK_VARIANTS_AT_ONCE, async (v) => {
          const { outcome } = await runWebhookVariant(v, {
            ...engine,
            target: webhookTarget,
            upstream: webhookServer.origin,
          });
          say(outcome);
          return outcome;
        });
      } finally {
        await webhookServer.stop();
      }
    };
    const [apiRuns, webhookOutcomes] = await Promise.all([apiVariants(), webhookVariants()]);
    const variants: VariantOutcome[] = [...apiRuns.map((r) => r.outcome), ...webhookOutcomes];
    const allChoices = apiRuns.find((r) => r.outcome.id === ALL_AT_ONCE)?.results;
    // Baseline: the checks that judge the chosen mutants against a correct deployment. A check that does not pass
    // there cannot kill a mutant (its failure would be the server's or the run's, not the violation's), so it is
    // left out. With an observer among them, the whole runnable suite: its exchanges say which checks reach which
    // route. The all-choices variant is a correct deployment that ran every runnable check: when it ran, it is the
    // baseline (one whole-suite run instead of two); otherwise the reference server itself, unmutated.
    const observed = chosen.some((m) => checksFor(m.rule, runnable).some((c) => c.observe !== undefined));
    const judging = observed ? runnable : runnable.filter((c) => chosen.some((m) => checksFor(m.rule, [c]).length > 0));
    const baseline =
      allChoices ??
      (chosen.length === 0
        ? []
        : await runChecks({
            target,
            checks: judging,
            seed: options.seed,
            clock: new FastClock(),
            concurrency: options.concurrency * options.parallel,
          }));
    const broken = new Set(baseline.filter((r) => r.status === 'failed' || r.status === 'error').map((r) => r.id));
    for (const r of baseline.filter((x) => broken.has(x.id)))
      out(`baseline: ${r.id} ${r.status} against a correct deployment, left out: ${r.message}\n`);
    const sound = runnable.filter((c) => !broken.has(c.id));
    const traffic = census(baseline, target.baseUrl, MUTATION_ROUTES);
    let done = 0;
    const firstRun = await runMutants(chosen, {
      ...engine,
      checks: sound,
      traffic,
      onMutant: (o) => {
        done += 1;
        out(
          `[${done}/${chosen.length}] ${o.outcome === 'killed' ? 'KILLED  ' : 'SURVIVED'} ${o.id}${o.outcome === 'killed' ? '' : `: ${o.reason ?? ''}`}\n`,
        );
      },
    });
    const outcomes = await secondLook(
      firstRun,
      chosen,
      {
        ...engine,
        checks: sound,
        traffic,
        onMutant: (o) => out(`fresh server: ${o.outcome === 'killed' ? 'KILLED  ' : 'SURVIVED'} ${o.id}\n`),
      },
      async () => {
        const server = await startReferenceServer();
        return { target: await withFastKeys(server.target), origin: server.origin, stop: () => server.stop() };
      },
    );
    const report = buildReport({
      seed: options.seed,
      generated: generated.length,
      outcomes,
      rules: RULES,
      notJudged,
      variants,
      durationMs: Date.now() - started,
    });
    out(`\n${formatReport(report)}`);
    if (options.json !== undefined) {
      await mkdir(dirname(options.json), { recursive: true });
      await writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`, 'utf8');
      out(`json: ${options.json}\n`);
    }
    const coverage = computeCoverage({ rules: RULES, checks: ALL_CHECKS, isTestable: isTestableClass });
    await mkdir(dirname(options.coverageMd), { recursive: true });
    await writeFile(
      options.coverageMd,
      `${renderCoverageMarkdown(coverage)}\n${renderMutationMarkdown(report)}`,
      'utf8',
    );
    out(`coverage-md: ${options.coverageMd}\n`);
    // Unexplained survivors and failed variants are findings: the exit status says so. A stale survivors.ts entry
    // (its mutant is killed now) is printed for removal but fails nothing: strengthening a check must not break CI.
    return report.unexplained > 0 || report.variantsPassed < report.variants.length ? 1 : 0;
  } finally {
    await reference.stop();
  }
}

export { shuffled };
