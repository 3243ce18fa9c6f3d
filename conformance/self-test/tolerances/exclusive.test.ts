// The tolerances reach the exclusive checks too (the rate-limit and invoice-limit checks, which run alone on keys
// of their own and so are left out of tolerances.test.ts's shared run): each runs against a deployment making
// every other choice at once (./other-choices.ts) in front of a reference server of its own with the spec's
// default limits (a fresh minute and fresh keys, as the checks' own self-tests use), and must pass. The
// rate-limit-window choice (headers describing the day window) matters most here.
import { startBrokenDeployment } from '../support/broken';
import { startReferenceServer } from '../support/reference';
import { explain, runOne } from '../support/run';
import { TOLERANCES, otherChoices, targetFor } from './other-choices';
import { EXCLUSIVE_RUN } from './reach';

describe('exclusive checks against a deployment making every other choice', () => {
  it.each(EXCLUSIVE_RUN.map((c) => [c.id, c] as const))(
    '%s passes',
    async (_id, check) => {
      const reference = await startReferenceServer({ env: { LANDLORD_LIMITS: '' } });
      const deployment = await startBrokenDeployment(reference.origin, otherChoices(TOLERANCES));
      try {
        const result = await runOne(check, { ...targetFor(TOLERANCES, reference.target), baseUrl: deployment.baseUrl });
        expect(result.status === 'passed' ? [] : [explain(result)]).toEqual([]);
      } finally {
        await deployment.stop();
        await reference.stop();
      }
    },
    600_000,
  );
});
