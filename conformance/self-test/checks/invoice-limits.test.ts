// Self-tests of the two exclusive invoice-limit checks (20 PDFs and 10 emails a minute per landlord). The other
// self-test files raise those limits (LANDLORD_LIMITS), so these run against reference servers with the spec's
// defaults, a FRESH server for every run: the limits are per landlord and per minute, so a run must not inherit
// the minute an earlier run spent. Built from the shared pieces (startReferenceServer, startBrokenDeployment, runOne).
import { INVOICE_LIMIT_CHECKS } from '../../src/checks/resources';
import { loadTargetFile } from '../../src/targets';
import { startBrokenDeployment } from '../support/broken';
import { FIXTURE_TARGET, startReferenceServer } from '../support/reference';
import { explain, runOne } from '../support/run';
import { SELF_TESTS } from './registry';

const DEFAULT_LIMITS = { LANDLORD_LIMITS: '' };

describe('Invoice limit checks (spec default per-landlord limits, a fresh server per run)', () => {
  for (const check of INVOICE_LIMIT_CHECKS) {
    it(`${check.id} passes against the reference server`, async () => {
      const reference = await startReferenceServer({ env: DEFAULT_LIMITS });
      try {
        const result = await runOne(check, reference.target);
        expect({ status: result.status, message: explain(result) }).toMatchObject({ status: 'passed' });
      } finally {
        await reference.stop();
      }
    }, 300_000);

    for (const test of SELF_TESTS[check.id] ?? []) {
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
