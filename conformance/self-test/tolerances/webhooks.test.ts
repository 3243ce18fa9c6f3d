// The tolerances reach the webhook checks too (left out of tolerances.test.ts's shared run: they need a mock
// receiver and the reference server's short retry delays): every webhook check of the quick profile runs against
// a deployment making every other choice at once on its public API (./other-choices.ts; the dashboard, which is
// the provisioning contract and not the API, is passed through) and sending every delivery through every choice a
// webhook sender may make (./webhook-choices.ts), and must pass.
import { systemClock } from '../../src/http/clock';
import { runChecks } from '../../src/runner';
import { REFERENCE_PROVISIONING_PATH } from '../../src/targets';
import type { Fault } from '../support/broken';
import { withFastKeys } from '../support/fast-keys';
import { startReferenceServer } from '../support/reference';
import { explain, SELF_TEST_SEED } from '../support/run';
import { startWebhookDeployment, WEBHOOK_SERVER_ENV } from '../support/webhook-deployment';
import { TOLERANCES, otherChoices, targetFor } from './other-choices';
import { WEBHOOK_RUN } from './reach';
import { senderMakingEveryChoice } from './webhook-choices';

/** The choices everywhere but the dashboard: it answers the provisioning contract, which they do not concern. */
function offTheDashboard(fault: ReturnType<typeof otherChoices>): Fault {
  const dashboard = (path: string): boolean => path.startsWith(REFERENCE_PROVISIONING_PATH);
  return {
    description: fault.description,
    transport: fault.transport,
    request: (req, ctx) => (dashboard(req.path) ? undefined : fault.request?.(req, ctx)),
    response: (res, original, ctx) => (dashboard(original.path) ? undefined : fault.response?.(res, original, ctx)),
  };
}

describe('webhook checks against a deployment making every other choice', () => {
  it('every webhook check passes', async () => {
    const reference = await startReferenceServer({ env: WEBHOOK_SERVER_ENV });
    try {
      const base = targetFor(TOLERANCES, await withFastKeys(reference.target));
      const deployment = await startWebhookDeployment(reference.origin, base, (shared) => ({
        api: offTheDashboard(otherChoices(TOLERANCES)),
        sender: senderMakingEveryChoice(shared),
      }));
      try {
        const results = await runChecks({
          target: deployment.target,
          checks: WEBHOOK_RUN,
          seed: SELF_TEST_SEED,
          clock: systemClock,
          concurrency: 4,
          profile: 'quick',
        });
        expect(results.filter((r) => r.status !== 'passed').map(explain)).toEqual([]);
      } finally {
        await deployment.stop();
      }
    } finally {
      await reference.stop();
    }
  }, 900_000);
});
