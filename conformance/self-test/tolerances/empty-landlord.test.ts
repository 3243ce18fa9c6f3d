// Sparse data is not a failure: the checks aimed at landlords provisioned just now, owning nothing
// (../support/empty-landlords.ts): every check that shares a server (./reach.ts SHARED_RUN), and every webhook check
// of the quick profile with a mock receiver. A correct deployment whose landlord has an empty portfolio must get no
// failed and no errored check: a check that needs data creates it through the API, or skips naming what is missing.
import { systemClock } from '../../src/http/clock';
import type { CheckResult } from '../../src/model';
import { runChecks, type Check } from '../../src/runner';
import { withEmptyLandlords } from '../support/empty-landlords';
import { startReferenceServer } from '../support/reference';
import { explain, runAll, SELF_TEST_SEED } from '../support/run';
import { useReferenceServer } from '../support/use-reference-server';
import { startWebhookDeployment, WEBHOOK_SERVER_ENV } from '../support/webhook-deployment';
import { SHARED_RUN, WEBHOOK_RUN } from './reach';

function expectNoFailure(results: readonly CheckResult[]): void {
  if (process.env.SELFTEST_VERBOSE)
    process.stdout.write(
      `${results
        .filter((r) => r.status !== 'passed')
        .map(explain)
        .join('\n')}\n`,
    );
  expect(results.filter((r) => r.status === 'failed' || r.status === 'error').map(explain)).toEqual([]);
  for (const r of results.filter((x) => x.status === 'skipped')) expect(r.message.length).toBeGreaterThan(10);
}

describe('an empty, freshly provisioned landlord', () => {
  const server = useReferenceServer({ fastKeys: false });

  it('fails no check of the shared run; every skip names what is missing', async () => {
    const target = await withEmptyLandlords(server.reference.target);
    const checks: readonly Check[] = SHARED_RUN;
    expectNoFailure(await runAll(checks, target));
  }, 1_800_000);

  it('fails no webhook check', async () => {
    const reference = await startReferenceServer({ env: WEBHOOK_SERVER_ENV });
    try {
      const deployment = await startWebhookDeployment(reference.origin, await withEmptyLandlords(reference.target));
      try {
        expectNoFailure(
          await runChecks({
            target: deployment.target,
            checks: WEBHOOK_RUN,
            seed: SELF_TEST_SEED,
            clock: systemClock,
            concurrency: 4,
            profile: 'quick',
          }),
        );
      } finally {
        await deployment.stop();
      }
    } finally {
      await reference.stop();
    }
  }, 900_000);
});
