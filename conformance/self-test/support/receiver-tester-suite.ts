// Self-tests of receiver checks (checks/receiver-tester-cases/): every check passes against the mock receiver, and fails
// against each faulty receiver its faults file names (support/faulty-receivers.ts). One faulty receiver per kind,
// shared by the checks that name it; the slow one answers after the tester's (shortened) timeout.
import type { CheckResult } from '@ppapi/spec';
import { startReceiver, type RunningReceiver } from '@ppapi/webhook-receiver';
import { runReceiverChecks, type ReceiverCheck } from '../../src/receiver-tester';
import { receiverFaultsOf } from './fault-registry';
import { startFaultyReceiver, type FaultKind } from './faulty-receivers';
import { explain, SELF_TEST_SEED } from './run';

const SECRET = 'whsec_receiver_self_test';
/** Generous where a receiver should answer (jest workers share the CPU); small only against the slow receiver. */
const TIMEOUT_MS = 10_000;
const SLOW_TIMEOUT_MS = 300;

export function describeReceiverSelfTests(title: string, checks: readonly ReceiverCheck[]): void {
  describe(title, () => {
    let receiver: RunningReceiver | undefined;
    afterAll(async () => {
      await receiver?.close();
    });

    it('every receiver check passes against the mock receiver', async () => {
      receiver = await startReceiver({ secret: SECRET });
      const { results } = await runReceiverChecks({
        url: `${receiver.url}/webhooks`,
        secret: SECRET,
        seed: SELF_TEST_SEED,
        timeoutMs: TIMEOUT_MS,
        concurrency: 4,
        checks,
      });
      expect(results.filter((r) => r.status !== 'passed').map(explain)).toEqual([]);
      expect(results.map((r) => r.id)).toEqual(checks.map((c) => c.id));
    }, 120_000);

    const kinds = [...new Set(checks.flatMap((c) => receiverFaultsOf(c).map((f) => f.receiver)))];
    for (const kind of kinds) {
      const named = checks.filter((c) => receiverFaultsOf(c).some((f) => f.receiver === kind));
      describe(`against a receiver that ${kind.replace(/-/g, ' ')}`, () => {
        let results: Promise<CheckResult[]>;
        beforeAll(() => {
          results = runAgainst(kind, named);
          results.catch(() => undefined);
        });
        for (const check of named) {
          it(`${check.id} fails`, async () => {
            const result = (await results).find((r) => r.id === check.id);
            if (process.env.SELFTEST_VERBOSE && result) process.stdout.write(`${explain(result)}\n\n`);
            expect({ status: result?.status, message: result?.message }).toMatchObject({ status: 'failed' });
            expect(result?.message).not.toMatch(/^tester error/);
          }, 120_000);
        }
      });
    }
  });
}

async function runAgainst(kind: FaultKind, checks: readonly ReceiverCheck[]): Promise<CheckResult[]> {
  const slow = kind === 'slower-than-timeout';
  const faulty = await startFaultyReceiver(kind, SECRET, SLOW_TIMEOUT_MS * 3);
  try {
    return (
      await runReceiverChecks({
        url: faulty.url,
        secret: SECRET,
        seed: SELF_TEST_SEED,
        timeoutMs: slow ? SLOW_TIMEOUT_MS : TIMEOUT_MS,
        concurrency: 16,
        checks,
      })
    ).results;
  } finally {
    await faulty.close();
  }
}
