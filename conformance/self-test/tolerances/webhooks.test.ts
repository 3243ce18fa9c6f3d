// The tolerances reach the webhook checks too (left out of tolerances.test.ts's shared run: they need a mock
// receiver and the reference server's short retry delays): every webhook check of the quick profile runs against
// a deployment making every other choice at once on its public API (./other-choices.ts; the dashboard, which is
// the provisioning contract and not the API, is passed through), and delivering every webhook payload with extra
// members inside `data` at any depth ("`data` | object | event-specific fields": not closed), re-signed, and must
// pass.
import { systemClock } from '../../src/http/clock';
import { runChecks } from '../../src/runner';
import type { Fault } from '../support/broken';
import { withFastKeys } from '../support/fast-keys';
import { apiPath, isRec } from '../support/faults';
import { startReferenceServer } from '../support/reference';
import { explain, SELF_TEST_SEED } from '../support/run';
import { rewrite, startWebhookDeployment, WEBHOOK_SERVER_ENV } from '../support/webhook-deployment';
import { withExtension } from './field-choices';
import { TOLERANCES, otherChoices } from './other-choices';
import { WEBHOOK_RUN } from './reach';

/** The choices on the public API only: the dashboard answers the provisioning contract, which they do not concern. */
function onTheApiOnly(fault: ReturnType<typeof otherChoices>): Fault {
  return {
    description: fault.description,
    transport: fault.transport,
    request: (req, ctx) => (apiPath(req) !== undefined ? fault.request?.(req, ctx) : undefined),
    response: (res, original, ctx) =>
      apiPath(original) !== undefined ? fault.response?.(res, original, ctx) : undefined,
  };
}

describe('webhook checks against a deployment making every other choice', () => {
  it('every webhook check passes', async () => {
    const reference = await startReferenceServer({ env: WEBHOOK_SERVER_ENV });
    try {
      const base = await withFastKeys(reference.target);
      const deployment = await startWebhookDeployment(reference.origin, base, (shared) => ({
        api: onTheApiOnly(otherChoices(TOLERANCES)),
        sender: {
          description: "extra members inside every delivery's data",
          request: rewrite(
            shared,
            (envelope) => isRec(envelope.data),
            (envelope) => ({ ...envelope, data: withExtension(envelope.data) }),
          ),
        },
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
