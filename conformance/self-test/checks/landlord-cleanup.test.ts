// A run against the reference server leaves none of the landlords it created behind: the checks' own landlords
// are deleted in their cleanups, the run's shared ones after the last check. Observed from outside, like a QA run
// on staging: the dashboard's landlord list before and after, and the dashboard calls the run made.

import { ALL_CHECKS } from '../../src/registry';
import { runChecks } from '../../src/runner';
import { REFERENCE_PROVISIONING_PATH } from '../../src/targets';
import { explain, FastClock, SELF_TEST_SEED } from '../support/run';
import { useReferenceServer } from '../support/use-reference-server';

interface Landlord {
  readonly id: string;
  readonly name: string;
}

/** Checks that create landlords: two with landlords of their own (ownWriteKey), two on the run's Enterprise and Portfolio ones. */
const ONLY = [
  'rent.createNormalisesPeriodAndDefaultsPaid',
  'rent.createRefusesMismatchedIds',
  'auth.portfolioPlanWrites*',
  'auth.keyRevokedInDashboard*',
];

describe('the suite deletes the landlords it creates (reference server)', () => {
  const server = useReferenceServer();

  // Listing landlords is the reference server's dashboard, not the provisioning contract the suite uses.
  async function landlords(): Promise<Landlord[]> {
    const res = await fetch(`${server.reference.origin}/dashboard/api/landlords`, {
      headers: { authorization: `Bearer ${server.reference.adminToken}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Landlord[] }).data;
  }

  it('a run leaves the landlord list as it found it: no landlord carrying the marker', async () => {
    const before = await landlords();
    // The dashboard calls the run makes, as they go out.
    const calls: Array<{ method: string; path: string; status: number }> = [];
    const recording: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname.startsWith(`${REFERENCE_PROVISIONING_PATH}/`))
        calls.push({
          method: (init?.method ?? 'GET').toUpperCase(),
          path: url.pathname.slice(REFERENCE_PROVISIONING_PATH.length),
          status: res.status,
        });
      return res;
    };

    const results = await runChecks({
      target: server.target,
      checks: ALL_CHECKS,
      only: ONLY,
      seed: SELF_TEST_SEED,
      clock: new FastClock(),
      concurrency: 4,
      fetch: recording,
    });

    expect(results).toHaveLength(4);
    expect(results.filter((r) => r.status !== 'passed').map(explain)).toEqual([]);
    const created = calls.filter((c) => c.method === 'POST' && c.path === '/landlords' && c.status === 201);
    const deleted = calls.filter((c) => c.method === 'DELETE' && /^\/landlords\/[^/]+$/.test(c.path));
    // Two of the checks' own, the run's Enterprise and Portfolio landlords.
    expect(created).toHaveLength(4);
    expect(deleted.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    const after = await landlords();
    expect(after.filter((l) => l.name.includes('conformance-'))).toEqual([]);
    expect(after.map((l) => l.id).sort()).toEqual(before.map((l) => l.id).sort());
  }, 600_000);
});
