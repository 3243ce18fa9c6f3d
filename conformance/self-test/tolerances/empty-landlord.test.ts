// Sparse data is not a failure: every check that shares a server (./reach.ts SHARED_RUN) aimed at landlords
// provisioned just now, owning nothing (../support/empty-landlords.ts). A correct deployment whose landlord has an
// empty portfolio must get no failed and no errored check: a check that needs data creates it through the API,
// or skips naming what is missing.
import type { Check } from '../../src/runner';
import { withEmptyLandlords } from '../support/empty-landlords';
import { explain, runAll } from '../support/run';
import { useReferenceServer } from '../support/use-reference-server';
import { SHARED_RUN } from './reach';

describe('an empty, freshly provisioned landlord', () => {
  const server = useReferenceServer({ fastKeys: false });

  it('fails no check; every skip names what is missing', async () => {
    const target = await withEmptyLandlords(server.reference.target);
    const checks: readonly Check[] = SHARED_RUN;
    const results = await runAll(checks, target);
    if (process.env.SELFTEST_VERBOSE)
      process.stdout.write(
        `${results
          .filter((r) => r.status !== 'passed')
          .map(explain)
          .join('\n')}\n`,
      );
    expect(results.filter((r) => r.status === 'failed' || r.status === 'error').map(explain)).toEqual([]);
    for (const r of results.filter((x) => x.status === 'skipped')) expect(r.message.length).toBeGreaterThan(10);
  }, 1_800_000);
});
