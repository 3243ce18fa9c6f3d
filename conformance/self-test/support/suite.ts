// The shared-reference-server self-tests of a set of checks: one reference server (a second, production one when
// the HTTPS check is in the set); every check must pass against the reference server, and fail against each
// broken deployment of its faults (`faults` in `<module>.faults.ts`).

import type { Check } from '../../src/runner';
import { httpProvisioning, loadTargetFile } from '../../src/targets';
import { startBrokenDeployment } from './broken';
import { FIXTURE_TARGET } from './reference';
import { faultsOf } from './fault-registry';
import { explain, runAll, runOne } from './run';
import type { SelfTest } from './self-test';
import { useReferenceServer, type ReferenceServerHandle } from './use-reference-server';

export const HTTPS_CHECK = 'auth.plainHttpInProductionAnswers403HttpsRequired';

/** What a check should do against the (non-production) reference server in the quick profile. */
export function expectedAgainstReference(check: Check): 'passed' | 'skipped' {
  if (check.profile === 'full') return 'skipped';
  if (check.id === HTTPS_CHECK) return 'skipped';
  return 'passed';
}

function faultName(test: SelfTest): string {
  // Named from the fixture target (it has every key), before any server runs.
  return test.fault(loadTargetFile(FIXTURE_TARGET).target).description;
}

/** `production` (default: when a check is the HTTPS one or a fault fronts the production server) starts the second server. */
export function describeCheckSelfTests(
  title: string,
  checks: readonly Check[],
  options: { readonly production?: boolean } = {},
): void {
  const withProduction =
    options.production ??
    checks.some((c) => c.id === HTTPS_CHECK || faultsOf(c).some((f) => f.upstream === 'production'));
  describe(title, () => {
    const server = useReferenceServer();
    const production = withProduction ? useReferenceServer({ production: true, fastKeys: false }) : undefined;

    it('every check passes against the reference server (or skips where the target legitimately lacks something)', async () => {
      const results = await runAll(checks, server.target);
      const wrong = results
        .filter((r) => r.status !== expectedAgainstReference(checks.find((c) => c.id === r.id) as Check))
        .map((r) => explain(r));
      expect(wrong).toEqual([]);
      for (const r of results.filter((x) => x.status === 'skipped')) expect(r.message.length).toBeGreaterThan(10);
    }, 900_000);

    if (withProduction && checks.some((c) => c.id === HTTPS_CHECK)) {
      it(`${HTTPS_CHECK} passes against a production reference server (REQUIRE_HTTPS=1, "production": true)`, async () => {
        const result = await runOne(
          checks.find((c) => c.id === HTTPS_CHECK) as Check,
          (production as ReferenceServerHandle).reference.target,
        );
        expect({ status: result.status, message: result.message }).toMatchObject({ status: 'passed' });
      }, 120_000);
    }

    for (const check of checks) {
      for (const test of faultsOf(check)) {
        it(`${check.id} fails against a deployment where ${faultName(test)}`, async () => {
          const upstream = test.upstream === 'production' ? (production as ReferenceServerHandle) : server;
          const base = upstream.target;
          const broken = await startBrokenDeployment(upstream.reference.origin, test.fault(base));
          try {
            // Faults of the dashboard API need it behind the proxy as well (same path on the proxy's origin).
            const http = httpProvisioning(base.provisioning);
            const dashboard =
              test.proxyDashboard && http
                ? { provisioning: { ...http, url: `${broken.origin}${new URL(http.url).pathname}` } }
                : {};
            const result = await runOne(
              check,
              { ...base, baseUrl: broken.baseUrl, ...dashboard },
              test.profile ?? 'quick',
            );
            if (process.env.SELFTEST_VERBOSE) process.stdout.write(`${explain(result)}\n\n`);
            expect({ status: result.status, message: explain(result) }).toMatchObject({ status: 'failed' });
            // Failing for the fault, not because the proxy or the connection broke.
            expect(result.message).not.toMatch(/broken-deployment proxy error|expected: a response;/);
          } finally {
            await broken.stop();
          }
        }, 300_000);
      }
    }
  });
}
