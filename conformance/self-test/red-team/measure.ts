// Measures the suite against the red-team deployments: for each, the whole quick suite (every check a normal run
// has that needs no webhook receiver and no minute of its own) runs through the deployment's proxy in front of one
// embedded reference server, and the run's exit status is recorded as the CLI would give it (1 when a check failed).
// `npx tsx conformance/self-test/red-team/measure.ts [--only ID-GLOB[,ID-GLOB…]] [--parallel N] [--json PATH]`

import { writeFile } from 'node:fs/promises';
import { ALL_CHECKS } from '../../src/registry';
import { globToRegExp } from '../../src/rules';
import { runChecks, splitPatterns } from '../../src/runner';
import { mapPool } from '../../src/runner/pool';
import type { CheckResult } from '../../src/model';
import { counted } from '../support/counted';
import { startBrokenDeployment } from '../support/broken';
import { withFastKeys } from '../support/fast-keys';
import { startReferenceServer } from '../support/reference';
import { FastClock, SELF_TEST_SEED } from '../support/run';
import { startWebhookDeployment, WEBHOOK_SERVER_ENV } from '../support/webhook-deployment';
import { systemClock } from '../../src/http/clock';
import { SELF_TESTS } from '../support/fault-registry';
import { isTargetCheck } from '../../src/runner/check';
import { RED_TEAM, type RedTeamDeployment } from './deployments';

interface Outcome {
  readonly id: string;
  readonly rule: string;
  readonly hole: string;
  readonly exit: 0 | 1 | 3;
  readonly applied: number;
  readonly failed: readonly string[];
  readonly messages: readonly string[];
  readonly errored: readonly string[];
  readonly seconds: number;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function exitOf(results: readonly CheckResult[]): 0 | 1 | 3 {
  if (results.some((r) => r.status === 'failed')) return 1;
  return results.some((r) => r.status === 'error') ? 3 : 0;
}

async function main(): Promise<void> {
  if (process.argv.includes('--baseline')) return baseline(arg('--checks') ?? '*');
  if (process.argv.includes('--selftests')) return selfTests(arg('--only') ?? '*');
  const only = splitPatterns(arg('--only')).map(globToRegExp);
  const chosen = RED_TEAM.filter((d) => only.length === 0 || only.some((re) => re.test(d.id)));
  const parallel = Number(arg('--parallel') ?? 2);
  const api = chosen.filter((d) => d.fault !== undefined);
  const hooks = chosen.filter((d) => d.webhook !== undefined);
  const outcomes = [...(await measureApi(api, parallel)), ...(await measureWebhooks(hooks, parallel))];
  const failed = outcomes.filter((o) => o.exit === 1).length;
  process.stdout.write(`\n${failed} of ${outcomes.length} red-team deployments failed with exit 1\n`);
  const json = arg('--json');
  if (json) await writeFile(json, `${JSON.stringify(outcomes, null, 2)}\n`);
}

function report(d: RedTeamDeployment, results: readonly CheckResult[], applied: number, started: number): Outcome {
  const outcome: Outcome = {
    id: d.id,
    rule: d.rule,
    hole: d.hole,
    exit: exitOf(results),
    applied,
    failed: results.filter((r) => r.status === 'failed').map((r) => r.id),
    messages: results.filter((r) => r.status === 'failed').map((r) => `${r.id}: ${r.message.slice(0, 400)}`),
    errored: results.filter((r) => r.status === 'error').map((r) => `${r.id}: ${r.message.slice(0, 160)}`),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  process.stdout.write(
    `${outcome.exit === 1 ? 'FAILED(1)' : `PASSED(${outcome.exit})`} ${d.id} [${d.rule}] applied ${outcome.applied}` +
      `${outcome.failed.length ? ` by ${outcome.failed.join(', ')}` : ''}${outcome.errored.length ? ` errored ${outcome.errored.join(' | ')}` : ''} (${outcome.seconds}s)\n`,
  );
  return outcome;
}

/** The chosen checks against the reference server itself (no fault): each must pass. */
async function baseline(glob: string): Promise<void> {
  const patterns = splitPatterns(glob);
  const checks = ALL_CHECKS.filter(
    (c) => patterns.some((p) => globToRegExp(p).test(c.id)) && !c.needs.includes('webhook') && !c.exclusive,
  );
  const reference = await startReferenceServer();
  try {
    const target = await withFastKeys(reference.target);
    const results = await runChecks({ target, checks, seed: SELF_TEST_SEED, clock: new FastClock(), concurrency: 4 });
    for (const r of results) process.stdout.write(`${r.status} ${r.id}: ${r.message.slice(0, 600)}\n`);
  } finally {
    await reference.stop();
  }
}

/**
 * The red-team deployments the faults files took as faults: each against the check holding it, alone (as its
 * self-test shard runs it), which must fail. Webhook ones are left to the webhook shards.
 */
async function selfTests(glob: string): Promise<void> {
  const res = splitPatterns(glob).map(globToRegExp);
  const wired = SELF_TESTS.tests.flatMap((t) =>
    t.faults.flatMap((f) => {
      const d = RED_TEAM.find((x) => x.fault !== undefined && x.fault === f.fault && res.some((re) => re.test(x.id)));
      return d && !('broken' in f) && t.harness === 'reference' && isTargetCheck(t.check)
        ? [{ check: t.check, d, f }]
        : [];
    }),
  );
  const reference = await startReferenceServer();
  try {
    const target = await withFastKeys(reference.target);
    await mapPool(wired, 2, async ({ check, d, f }) => {
      const proxy = await startBrokenDeployment(reference.origin, f.fault(target));
      try {
        const [result] = await runChecks({
          target: { ...target, baseUrl: proxy.baseUrl },
          checks: [check],
          seed: SELF_TEST_SEED,
          clock: new FastClock(),
          concurrency: 1,
        });
        process.stdout.write(
          `${result?.status === 'failed' ? 'OK  ' : 'MISS'} ${check.id} × ${d.id}: ${result?.status} ${result?.message.slice(0, 300)}\n`,
        );
      } finally {
        await proxy.stop();
      }
    });
  } finally {
    await reference.stop();
  }
}

/** API deployments: every quick check that needs no webhook receiver and no minute of its own, through the proxy. */
async function measureApi(chosen: readonly RedTeamDeployment[], parallel: number): Promise<Outcome[]> {
  if (chosen.length === 0) return [];
  const checks = ALL_CHECKS.filter((c) => !c.exclusive && c.profile === 'quick' && !c.needs.includes('webhook'));
  const reference = await startReferenceServer();
  try {
    const target = await withFastKeys(reference.target);
    return await mapPool(chosen, parallel, async (d): Promise<Outcome> => {
      const started = Date.now();
      const build = d.fault;
      if (!build) throw new Error(`${d.id} has no API fault`);
      const { fault, applied } = counted(build(target));
      const proxy = await startBrokenDeployment(reference.origin, fault);
      try {
        const results = await runChecks({
          target: { ...target, baseUrl: proxy.baseUrl },
          checks,
          seed: SELF_TEST_SEED,
          clock: new FastClock(),
          concurrency: 4,
        });
        return report(d, results, applied(), started);
      } finally {
        await proxy.stop();
      }
    });
  } finally {
    await reference.stop();
  }
}

/** Webhook deployments: every quick check that needs a webhook receiver, with the fake sender in front of it. */
async function measureWebhooks(chosen: readonly RedTeamDeployment[], parallel: number): Promise<Outcome[]> {
  if (chosen.length === 0) return [];
  const checks = ALL_CHECKS.filter((c) => !c.exclusive && c.profile === 'quick' && c.needs.includes('webhook'));
  const reference = await startReferenceServer({ env: WEBHOOK_SERVER_ENV });
  try {
    const base = await withFastKeys(reference.target);
    return await mapPool(chosen, parallel, async (d): Promise<Outcome> => {
      const started = Date.now();
      const deployment = await startWebhookDeployment(reference.origin, base, d.webhook);
      try {
        const results = await runChecks({
          target: deployment.target,
          checks,
          seed: SELF_TEST_SEED,
          clock: systemClock,
          concurrency: 4,
        });
        return report(d, results, -1, started);
      } finally {
        await deployment.stop();
      }
    });
  } finally {
    await reference.stop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(3);
  },
);
