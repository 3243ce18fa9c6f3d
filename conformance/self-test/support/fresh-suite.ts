// Self-tests of checks that spend a landlord's per-minute budget at the spec's default limits (the exclusive
// invoice-limit checks: 20 PDFs and 10 emails a minute per landlord). The shared self-test server raises those
// limits (LANDLORD_LIMITS), so these run against reference servers with the spec's defaults, a FRESH server for
// every run: the limits are per landlord and per minute, so a run must not inherit the minute an earlier run spent.
import type { Check } from '../../src/runner';
import { loadTargetFile } from '../../src/targets';
import { startBrokenDeployment } from './broken';
import { faultsOf } from './fault-registry';
import { FIXTURE_TARGET, startReferenceServer } from './reference';
import { explain, runOne } from './run';

const DEFAULT_LIMITS = { LANDLORD_LIMITS: '' };

export function describeFreshServerSelfTests(title: string, checks: readonly Check[]): void {
  describe(title, () => {
    for (const check of checks) {
      it(`${check.id} passes against the reference server`, async () => {
        const reference = await startReferenceServer({ env: DEFAULT_LIMITS });
        try {
          const result = await runOne(check, reference.target);
          expect({ status: result.status, message: explain(result) }).toMatchObject({ status: 'passed' });
        } finally {
          await reference.stop();
        }
      }, 300_000);

      for (const test of faultsOf(check)) {
        const description = test.fault(loadTargetFile(FIXTURE_TARGET).target).description;
        it(`${check.id} fails against a deployment where ${description}`, async () => {
          const reference = await startReferenceServer({ env: DEFAULT_LIMITS });
          const broken = await startBrokenDeployment(reference.origin, test.fault(reference.target));
          try {
            const result = await runOne(check, { ...reference.target, baseUrl: broken.baseUrl });
            if (process.env.SELFTEST_VERBOSE) process.stdout.write(`${explain(result)}\n\n`);
            expect({ status: result.status, message: explain(result) }).toMatchObject({ status: 'failed' });
            expect(result.message).not.toMatch(/broken-deployment proxy error|expected: a response;/);
          } finally {
            await broken.stop();
            await reference.stop();
          }
        }, 300_000);
      }
    }
  });
}
