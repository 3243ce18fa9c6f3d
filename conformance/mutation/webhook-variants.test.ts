// The tolerances reach the webhook checks too (left out of tolerances.test.ts's shared run: they need a mock
// receiver and the reference server's short retry delays): every webhook check of the quick profile runs through
// each choice a webhook sender may make (../self-test/tolerances/webhook-choices.ts) alone, and through all of them
// at once with every other choice on the public API (../self-test/tolerances/other-choices.ts), and must pass. These
// are the engine's webhook variants; they wait on deliveries more than on the CPU, so they run side by side against
// one server.
import { runWebhookVariant } from './engine';
import { allVariants, WEBHOOK_VARIANTS_AT_ONCE } from './variants';
import { inBatches } from '../src/checks/shared/util';
import { withFastKeys } from '../self-test/support/fast-keys';
import { startReferenceServer } from '../self-test/support/reference';
import { explain, SELF_TEST_SEED } from '../self-test/support/run';
import { WEBHOOK_SERVER_ENV } from '../self-test/support/webhook-deployment';
import { WEBHOOK_CHOICES } from '../self-test/tolerances/webhook-choices';

const WEBHOOK_VARIANTS = allVariants().filter((v) => v.sender !== undefined);

describe('webhook checks against deployments making the webhook sender’s other choices', () => {
  it('has a variant per choice and one making them all', () => {
    expect(WEBHOOK_VARIANTS).toHaveLength(WEBHOOK_CHOICES.length + 1);
  });

  it('every webhook check passes through each choice and through all at once', async () => {
    const reference = await startReferenceServer({ env: WEBHOOK_SERVER_ENV });
    try {
      const target = await withFastKeys(reference.target);
      const runs = await inBatches(WEBHOOK_VARIANTS, WEBHOOK_VARIANTS_AT_ONCE, (v) =>
        runWebhookVariant(v, { target, upstream: reference.origin, seed: SELF_TEST_SEED, concurrency: 4 }),
      );
      const notPassed = runs.flatMap(({ outcome, results }) =>
        results.filter((r) => r.status !== 'passed').map((r) => `${outcome.id}: ${explain(r)}`),
      );
      expect(notPassed).toEqual([]);
    } finally {
      await reference.stop();
    }
  }, 900_000);
});
