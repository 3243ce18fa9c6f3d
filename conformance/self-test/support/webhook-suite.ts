// Self-tests of webhook checks: every check passes against the reference server (started with short retry
// delays and a 2-second scheduler, as the embedded run does) with a mock receiver, and fails against each broken
// deployment of its `webhookFaults`: a fault in front of the reference server, a fake sender in front of the
// receiver, or both (support/webhook-deployment.ts).
//
// Deliveries arrive in real time, so these runs use the system clock (the suite's waits are bounded polls on it);
// each run gets a receiver of its own, so the runs go in parallel without sharing failure scripts.

import { systemClock } from '../../src/http/clock';
import type { CheckResult } from '../../src/model';
import { runCheck, runChecks, type Check, type Profile } from '../../src/runner';
import type { Target } from '../../src/targets';
import { withFastKeys } from './fast-keys';
import { startReferenceServer, type ReferenceDeployment } from './reference';
import { explain, SELF_TEST_SEED } from './run';
import { startWebhookDeployment, WEBHOOK_SERVER_ENV } from './webhook-deployment';
import { webhookFaultsOf } from './fault-registry';
import type { WebhookSelfTest } from './self-test';

/** Runs at once (each waits mostly on deliveries and retry delays, not on CPU). */
const PARALLEL = 6;

function runOne(check: Check, target: Target, profile: Profile): Promise<CheckResult> {
  return runCheck(check, target, {
    seed: SELF_TEST_SEED,
    profile,
    clock: systemClock,
    runId: `selftest-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
  });
}

/** A tiny pool: at most `width` of the started jobs run at once. */
function limiter(width: number): <T>(job: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (active >= width) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await job();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

function faultName(test: WebhookSelfTest): string {
  return test.fault({} as Target).description;
}

export function describeWebhookSelfTests(title: string, checks: readonly Check[]): void {
  describe(title, () => {
    let reference: ReferenceDeployment | undefined;
    let base: Target;
    const pending = new Map<string, Promise<CheckResult>>();
    let passRun: Promise<CheckResult[]> | undefined;

    beforeAll(async () => {
      reference = await startReferenceServer({ env: WEBHOOK_SERVER_ENV });
      base = await withFastKeys(reference.target);
      const origin = reference.origin;
      const limit = limiter(PARALLEL);
      // Start every run now (bounded parallelism); each test below awaits its own.
      passRun = limit(async () => {
        const deployment = await startWebhookDeployment(origin, base);
        try {
          return await runChecks({
            target: deployment.target,
            checks: checks,
            seed: SELF_TEST_SEED,
            clock: systemClock,
            concurrency: 4,
            profile: 'full',
          });
        } finally {
          await deployment.stop();
        }
      });
      passRun.catch(() => undefined);
      for (const check of checks) {
        for (const [i, test] of webhookFaultsOf(check).entries()) {
          pending.set(
            `${check.id}#${i}`,
            limit(async () => {
              const deployment = await startWebhookDeployment(origin, base, test.broken);
              try {
                return await runOne(check, deployment.target, test.profile ?? check.profile);
              } finally {
                await deployment.stop();
              }
            }),
          );
        }
      }
      // Nothing awaits these until their test runs: keep an early rejection from being reported as unhandled.
      for (const p of pending.values()) p.catch(() => undefined);
    }, 300_000);

    afterAll(async () => {
      await Promise.allSettled([...pending.values(), passRun]);
      await reference?.stop();
    }, 600_000);

    it('every webhook check passes against the reference server and a mock receiver (the full-profile one included)', async () => {
      const results = await passRun!;
      expect(results.filter((r) => r.status !== 'passed').map(explain)).toEqual([]);
      expect(results.map((r) => r.id)).toEqual(checks.map((c) => c.id));
    }, 900_000);

    it('every webhook check skips with its reason when the target has no webhooks section', async () => {
      const { webhooks: _w, ...withoutHooks } = base;
      const results = await runChecks({
        target: withoutHooks,
        checks: checks,
        seed: SELF_TEST_SEED,
        clock: systemClock,
        profile: 'full',
      });
      expect(results.map((r) => [r.id, r.status, r.message])).toEqual(
        checks.map((c) => [c.id, 'skipped', 'needs a webhook receiver: the target has no "webhooks" section']),
      );
    });

    for (const check of checks) {
      for (const [i, test] of webhookFaultsOf(check).entries()) {
        it(`${check.id} fails against a deployment where ${faultName(test)}`, async () => {
          const result = await pending.get(`${check.id}#${i}`)!;
          if (process.env.SELFTEST_VERBOSE) process.stdout.write(`${explain(result)}\n\n`);
          expect({ status: result.status, message: explain(result) }).toMatchObject({ status: 'failed' });
          expect(result.message).not.toMatch(
            /broken-deployment proxy error|expected: a response;|the check to run to completion/,
          );
        }, 900_000);
      }
    }
  });
}
