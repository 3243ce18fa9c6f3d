// Runs mutants and variants against one reference server: each mutant is a proxy making its single violation,
// with the checks that cite its rule run through it (killed when one of them fails); each variant is a proxy
// making one allowed choice (or all at once), with every runnable check run through it (passed when none fails).
// Several mutants run at once, each behind a proxy of its own, against the same server.

import { globToRegExp } from '../src/rules';
import type { CheckResult } from '../src/model';
import { runChecks, selectChecks, type Check } from '../src/runner';
import type { Target } from '../src/targets';
import { systemClock } from '../src/http/clock';
import { startBrokenDeployment, type Fault } from '../self-test/support/broken';
import { offTheDashboard, startWebhookDeployment } from '../self-test/support/webhook-deployment';
import { WEBHOOK_RUN } from '../self-test/tolerances/reach';
import { counted } from '../self-test/support/counted';
import { FastClock } from '../self-test/support/run';
import { mapPool } from '../src/runner/pool';
import type { Mutant } from './generate';
import { routeName, routePattern, type MutationRoute } from './routes';
import type { KnownSurvivor } from './survivors';
import type { Variant } from './variants';

export interface MutantOutcome {
  readonly id: string;
  readonly rule: string;
  readonly route: string;
  readonly kind: string;
  readonly description: string;
  readonly outcome: 'killed' | 'survived';
  /** Killed: the checks that failed. */
  readonly killedBy?: readonly string[];
  /** Survived: why (listed in survivors.ts, or what the run saw). */
  readonly reason?: string;
  /** Survived and not listed in survivors.ts. */
  readonly unexplained?: boolean;
  /** Survived and listed: how survivors.ts classes it. */
  readonly listedAs?: KnownSurvivor['class'];
  /** Killed although survivors.ts lists it: the entry is stale. */
  readonly staleEntry?: boolean;
  /** How many answers (or requests) the violation changed: 0 means no check citing the rule reached it. */
  readonly applied: number;
  /** The checks of the run that decided it. */
  readonly checks: readonly string[];
  /** Decided only once the checks reaching the route ran beside those citing the rule (they alone did not kill it). */
  readonly withTraffic?: true;
  /**
   * Killed only on a fresh server: on the shared one, earlier mutants had changed the data its checks needed (a
   * nightly run against staging meets the same drift, where those checks then skip saying what is missing).
   */
  readonly freshServer?: true;
}

export interface VariantOutcome {
  readonly id: string;
  readonly choice: string;
  readonly passed: boolean;
  readonly failed: ReadonlyArray<{ readonly check: string; readonly status: string; readonly message: string }>;
}

export interface EngineOptions {
  readonly target: Target;
  /** The reference server's origin (the proxies' upstream). */
  readonly upstream: string;
  /** The checks a mutant may be judged by (the runnable ones: not exclusive, quick profile, no receiver needed). */
  readonly checks: readonly Check[];
  readonly seed: number;
  readonly known: readonly KnownSurvivor[];
  /** Mutants run at once (each with its own proxy). */
  readonly parallel: number;
  /** Checks run at once inside one mutant's run. */
  readonly concurrency: number;
  /**
   * Route name → the checks that sent a request on it in the baseline run. A rule cited by a run-wide observer
   * (a check that judges every answer of the run) is judged on the answers of the whole run, not only its own
   * probes: its mutants run with the checks that reach the mutated route as well, as in a real run.
   */
  readonly traffic?: ReadonlyMap<string, readonly string[]>;
  readonly onMutant?: (outcome: MutantOutcome) => void;
}

/** The checks a mutant of `rule` is judged by: `--only <rule>`. */
export function checksFor(rule: string, checks: readonly Check[]): Check[] {
  return selectChecks(checks, rule);
}

/** The checks a mutant runs: those citing its rule, plus the route's traffic when an observer cites it. */
export function checksRun(
  mutant: Pick<Mutant, 'rule' | 'route'>,
  options: Pick<EngineOptions, 'checks' | 'traffic'>,
): Check[] {
  const citing = checksFor(mutant.rule, options.checks);
  if (!citing.some((c) => c.observe !== undefined)) return citing;
  const reach = new Set(options.traffic?.get(mutant.route) ?? []);
  return options.checks.filter((c) => citing.includes(c) || reach.has(c.id));
}

/** Route name → ids of the checks whose exchanges reached it (a baseline run's census). */
export function census(
  results: readonly CheckResult[],
  baseUrl: string,
  routes: readonly MutationRoute[],
): Map<string, string[]> {
  const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const patterns = routes.map((r) => ({ name: routeName(r), method: r.method, pattern: routePattern(r) }));
  const out = new Map<string, string[]>();
  for (const result of results)
    for (const exchange of result.exchanges ?? []) {
      const path = new URL(exchange.request.url).pathname;
      if (!path.startsWith(base)) continue;
      const relative = path.slice(base.length) || '/';
      const route = patterns.find((p) => p.method === exchange.request.method && p.pattern.test(relative));
      if (!route) continue;
      const ids = out.get(route.name) ?? [];
      if (!ids.includes(result.id)) out.set(route.name, [...ids, result.id]);
    }
  return out;
}

/**
 * A failure the proxy caused (it could not reach the server: "broken-deployment proxy error"), not the deployment
 * it stands for: such a result kills no mutant and fails no variant; the check is run once more.
 */
export function proxyBroke(result: CheckResult): boolean {
  return (
    PROXY_ERROR.test(`${result.message} ${result.got ?? ''}`) ||
    (result.exchanges ?? []).some((e) => PROXY_ERROR.test(e.response?.body ?? ''))
  );
}

const PROXY_ERROR = /broken-deployment proxy error/;

async function runThrough(
  fault: Fault,
  checks: readonly Check[],
  options: Pick<EngineOptions, 'target' | 'upstream' | 'seed' | 'concurrency'>,
): Promise<CheckResult[]> {
  const proxy = await startBrokenDeployment(options.upstream, fault);
  try {
    return await runChecks({
      target: { ...options.target, baseUrl: proxy.baseUrl },
      checks,
      seed: options.seed,
      clock: new FastClock(),
      concurrency: options.concurrency,
    });
  } finally {
    await proxy.stop();
  }
}

/**
 * Runs the checks through the fault. When the proxy broke an exchange of the run, the checks that failed run once
 * more through a fresh proxy (a run-wide observer fails for an exchange another check made, so all of them).
 */
async function withProxyRetry(
  fault: Fault,
  checks: readonly Check[],
  options: Pick<EngineOptions, 'target' | 'upstream' | 'seed' | 'concurrency'>,
): Promise<CheckResult[]> {
  const first = await runThrough(fault, checks, options);
  if (!first.some(proxyBroke)) return first;
  const again = checks.filter((c) =>
    first.some((r) => r.id === c.id && r.status !== 'passed' && r.status !== 'skipped'),
  );
  if (again.length === 0) return first;
  const second = await runThrough(fault, again, options);
  return first.map((r) => second.find((x) => x.id === r.id) ?? r);
}

export function knownSurvivor(id: string, known: readonly KnownSurvivor[]): KnownSurvivor | undefined {
  return known.find((k) => globToRegExp(k.mutant).test(id));
}

export async function runMutant(mutant: Mutant, options: EngineOptions): Promise<MutantOutcome> {
  const citingChecks = checksFor(mutant.rule, options.checks);
  const citing = new Set(citingChecks.map((c) => c.id));
  const all = checksRun(mutant, options);
  const { fault, applied } = counted(mutant.fault(options.target));
  // Only a check citing the rule kills its mutant: a traffic check failing shows another rule's check, not this one.
  const killers = (results: readonly CheckResult[]): string[] =>
    results.filter((r) => r.status === 'failed' && citing.has(r.id) && !proxyBroke(r)).map((r) => r.id);
  // The citing checks alone first: a check that fails them fails in the run with the route's traffic beside it too
  // (a check's own verdict does not depend on the checks beside it; an observer that fails on some of the answers
  // fails on more of them). Only a mutant they do not kill pays for the whole traffic of its route.
  let checks = citingChecks;
  let results = await withProxyRetry(fault, checks, options);
  let failed = killers(results);
  const widened = failed.length === 0 && all.length > citingChecks.length;
  if (widened) {
    checks = all;
    results = await withProxyRetry(fault, checks, options);
    failed = killers(results);
  }
  const base = {
    id: mutant.id,
    rule: mutant.rule,
    route: mutant.route,
    kind: mutant.kind,
    description: mutant.description,
    checks: checks.map((c) => c.id),
    ...(widened ? { withTraffic: true as const } : {}),
  };
  const listed = knownSurvivor(mutant.id, options.known);
  if (failed.length > 0)
    return {
      ...base,
      outcome: 'killed',
      killedBy: failed,
      applied: applied(),
      ...(listed !== undefined ? { staleEntry: true } : {}),
    };
  const errored = results.filter((r) => r.status === 'error' && citing.has(r.id)).map((r) => `${r.id}: ${r.message}`);
  const seen =
    applied() === 0
      ? `no check citing ${mutant.rule} sent a request the violation applies to (${checks.length} check(s) ran)`
      : errored.length > 0
        ? `the checks errored instead of failing: ${errored.join('; ')}`
        : `the violation changed ${applied()} answer(s) and every check citing ${mutant.rule} passed`;
  return {
    ...base,
    outcome: 'survived',
    reason: listed?.reason ?? seen,
    ...(listed === undefined ? { unexplained: true } : { listedAs: listed.class }),
    applied: applied(),
  };
}

export async function runMutants(mutants: readonly Mutant[], options: EngineOptions): Promise<MutantOutcome[]> {
  return mapPool(mutants, options.parallel, async (mutant) => {
    const outcome = await runMutant(mutant, options);
    options.onMutant?.(outcome);
    return outcome;
  });
}

/** A server a mutant can be judged against again: its target, the origin proxies forward to, and how to stop it. */
export interface FreshServer {
  readonly target: Target;
  readonly origin: string;
  readonly stop: () => Promise<void>;
}

/**
 * Every mutant shares one server, so a mutant that lets writes through changes the data later ones meet. Each
 * unexplained survivor gets a second look on a server `fresh` starts for it alone: killed there, it counts as
 * killed and is marked `freshServer`; surviving there too, it stays as it was.
 */
export async function secondLook(
  outcomes: readonly MutantOutcome[],
  mutants: readonly Mutant[],
  options: EngineOptions,
  fresh: () => Promise<FreshServer>,
): Promise<MutantOutcome[]> {
  const out: MutantOutcome[] = [];
  for (const o of outcomes) {
    const mutant = o.unexplained === true ? mutants.find((m) => m.id === o.id) : undefined;
    if (mutant === undefined) {
      out.push(o);
      continue;
    }
    const server = await fresh();
    try {
      const again = await runMutant(mutant, { ...options, target: server.target, upstream: server.origin });
      const judged: MutantOutcome = again.outcome === 'killed' ? { ...again, freshServer: true } : o;
      options.onMutant?.(judged);
      out.push(judged);
    } finally {
      await server.stop();
    }
  }
  return out;
}

function verdict(variant: Variant, results: readonly CheckResult[]): VariantOutcome {
  const failed = results
    .filter((r) => r.status === 'failed' || r.status === 'error')
    .map((r) => ({ check: r.id, status: r.status, message: r.message }));
  return { id: variant.id, choice: variant.choice, passed: failed.length === 0, failed };
}

/** The verdict of an API variant, and the results it came from (the all-choices run doubles as the baseline). */
export async function runVariant(
  variant: Variant,
  options: Pick<EngineOptions, 'target' | 'upstream' | 'checks' | 'seed' | 'concurrency'>,
): Promise<{ outcome: VariantOutcome; results: CheckResult[] }> {
  const results = await withProxyRetry(variant.fault, options.checks, {
    ...options,
    target: variant.target(options.target),
  });
  return { outcome: verdict(variant, results), results };
}

/**
 * The verdict of a webhook variant: every webhook check of the quick profile through a deployment whose fake sender
 * makes the variant's choices (and whose API makes its API choices everywhere but the dashboard, the provisioning
 * contract they do not concern). `upstream` is a reference server started with WEBHOOK_SERVER_ENV.
 */
export async function runWebhookVariant(
  variant: Variant,
  options: Pick<EngineOptions, 'target' | 'upstream' | 'seed' | 'concurrency'>,
): Promise<{ outcome: VariantOutcome; results: CheckResult[] }> {
  const sender = variant.sender;
  if (sender === undefined) throw new Error(`${variant.id} makes no webhook sender's choice`);
  const deployment = await startWebhookDeployment(options.upstream, variant.target(options.target), (shared) => ({
    api: offTheDashboard(variant.fault),
    sender: sender(shared),
  }));
  try {
    const results = await runChecks({
      target: deployment.target,
      checks: WEBHOOK_RUN,
      seed: options.seed,
      clock: systemClock,
      concurrency: options.concurrency,
      profile: 'quick',
    });
    return { outcome: verdict(variant, results), results };
  } finally {
    await deployment.stop();
  }
}
