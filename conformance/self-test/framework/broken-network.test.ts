// A broken network or a briefly unavailable deployment is never a verdict on the deployment: with a network between
// the suite and the reference server that resets one GET in seven, answers one request in seven with the 503 the
// spec lets any endpoint give, or holds one GET in forty unanswered past the client's timeout, and breaks nothing
// else, no check fails and none skips that would not skip anyway; what the interruptions cause is `error` (after the
// retry), so the run exits 0 or 3, never 1.
import { ALL_CHECKS } from '../../src/registry';
import { exitStatus } from '../../src/runner/verdict';
import { startInterruptingNetwork, type Interruption } from '../support/interrupting-network';
import { explain, runAll } from '../support/run';
import { expectedAgainstReference } from '../support/suite';
import { useReferenceServer } from '../support/use-reference-server';

/** As the tolerance run: the exclusive rate-limit checks and the webhook checks have runs of their own. */
const RUNNABLE = ALL_CHECKS.filter((c) => !c.exclusive && !c.needs.includes('webhook'));

/** A held request ends at the client's timeout: a short one keeps the run's length near the others'. */
const HELD_TIMEOUT_MS = 2_000;

const INTERRUPTIONS: readonly [string, Interruption, number | undefined][] = [
  ['resets one GET in seven', { every: 7, by: 'reset' }, undefined],
  ['answers one request in seven with 503 RATE_LIMIT_UNAVAILABLE', { every: 7, by: 'unavailable' }, undefined],
  ['holds one GET in forty unanswered', { every: 40, by: 'hold' }, HELD_TIMEOUT_MS],
];

describe.each(INTERRUPTIONS)('a network that %s', (_, interruption, requestTimeoutMs) => {
  const server = useReferenceServer();

  it('fails no check and skips none that the reference server does not skip: exit 0 or 3', async () => {
    const network = await startInterruptingNetwork(server.reference.origin, interruption);
    try {
      const results = await runAll(RUNNABLE, { ...server.target, baseUrl: network.baseUrl }, { requestTimeoutMs });
      const wrong = results.filter((r) => {
        const check = RUNNABLE.find((c) => c.id === r.id);
        return r.status !== 'error' && (check === undefined || r.status !== expectedAgainstReference(check));
      });
      if (process.env.SELFTEST_VERBOSE) {
        const count = (status: string): number => results.filter((r) => r.status === status).length;
        const line = ['passed', 'error', 'skipped', 'failed'].map((s) => `${count(s)} ${s}`).join(', ');
        process.stdout.write(`${network.interrupted()} requests interrupted: ${line}\n`);
      }
      expect(wrong.map(explain)).toEqual([]);
      expect(network.interrupted()).toBeGreaterThan(0);
      expect([0, 3]).toContain(exitStatus(results));
    } finally {
      await network.stop();
    }
  }, 1_200_000);
});
