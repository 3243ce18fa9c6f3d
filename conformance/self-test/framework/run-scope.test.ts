// The run scope (ctx.run): values shared by a run's checks, cleanups that wait until every check is over, notices
// about the run; and the suite deleting the landlords it creates (provision.ts) against a fake dashboard, including
// one that cannot delete landlords.

import { deleteOwnLandlord, provisionKey, provisionLandlord } from '../../src/checks/shared/provision';
import { ManualClock } from '../../src/http';
import { createHttpClient } from '../../src/http/client';
import { defineCheck, runCheck, runChecks, RunScope, type CheckContext, type CheckDefinition } from '../../src/runner';
import { json, startFakeApi, targetFor, type FakeApi } from './helpers';

const check = (id: string, run: (ctx: CheckContext) => Promise<void>, extra: Partial<CheckDefinition> = {}) =>
  defineCheck({ id, title: id, group: 'Framework', rules: ['AUTH-1'], run, ...extra });

describe('run-level cleanups and shared values (ctx.run)', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi((_req, res) => json(res, 200, { data: [] }));
  });
  afterAll(() => api.close());

  it('run cleanups run once, last registered first, after every check: failing and exclusive ones included', async () => {
    const events: string[] = [];
    const worker = (id: string, extra: Partial<CheckDefinition> = {}, fails = false) =>
      check(
        id,
        async (ctx) => {
          events.push(`start ${id}`);
          ctx.cleanup(() => events.push(`check cleanup ${id}`));
          ctx.run.cleanup(() => events.push(`run cleanup ${id}`));
          await ctx.http.request({ path: '/properties', key: 'enterpriseLive' });
          events.push(`end ${id}`);
          if (fails) ctx.fail('a pass', 'a failure');
        },
        extra,
      );
    const notices: string[] = [];

    const results = await runChecks({
      target: targetFor(api.baseUrl),
      checks: [worker('x.limits', { exclusive: true }), worker('a', {}, true), worker('b')],
      seed: 1,
      concurrency: 2,
      clock: new ManualClock(),
      onNotice: (n) => notices.push(n),
    });

    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['x.limits', 'passed'],
      ['a', 'failed'],
      ['b', 'passed'],
    ]);
    const runCleanups = events.filter((e) => e.startsWith('run cleanup'));
    // Once each, in reverse registration order (each check registers as it starts; the exclusive one starts last).
    const started = events.filter((e) => e.startsWith('start ')).map((e) => e.slice('start '.length));
    expect(started[2]).toBe('x.limits');
    expect(runCleanups).toEqual([...started].reverse().map((id) => `run cleanup ${id}`));
    const firstRunCleanup = events.findIndex((e) => e.startsWith('run cleanup'));
    const lastCheckEvent = Math.max(...events.map((e, i) => (e.startsWith('run cleanup') ? -1 : i)));
    expect(firstRunCleanup).toBeGreaterThan(lastCheckEvent);
    expect(events.slice(-3)).toEqual(runCleanups);
    expect(notices).toEqual([]);
  });

  it('runs the run cleanups even when a check times out', async () => {
    const events: string[] = [];
    const hangs = check('hangs', async (ctx) => {
      ctx.run.cleanup(() => events.push('run cleanup'));
      await new Promise(() => undefined);
    });
    const results = await runChecks({ target: targetFor(api.baseUrl), checks: [hangs], seed: 1, checkTimeoutMs: 20 });
    // A check past its time limit is the suite's error, not the deployment's failure; an error is tried once more,
    // so both attempts registered a run cleanup and both ran.
    expect(results[0]?.status).toBe('error');
    expect(events).toEqual(['run cleanup', 'run cleanup']);
  });

  it('a shared value is created once per run; a failed creation is forgotten and retried', async () => {
    let created = 0;
    let attempts = 0;
    const seen: string[] = [];
    const user = (id: string) =>
      check(id, async (ctx) => {
        seen.push(await ctx.run.shared('landlord', async () => `landlord-${++created}`));
        await ctx.run
          .shared('flaky', async () => {
            attempts += 1;
            if (attempts === 1) throw new Error('first try fails');
            return 'ok';
          })
          .catch(() => undefined);
      });
    await runChecks({
      target: targetFor(api.baseUrl),
      checks: [user('a'), user('b'), user('c')],
      seed: 1,
      concurrency: 1,
    });
    expect(seen).toEqual(['landlord-1', 'landlord-1', 'landlord-1']);
    expect(attempts).toBe(2);
    // A new run, a new value.
    await runChecks({ target: targetFor(api.baseUrl), checks: [user('d')], seed: 1 });
    expect(seen[3]).toBe('landlord-2');
  });

  it('a failing run cleanup is a run notice, not a check failure; a notice is given once per key', async () => {
    const noisy = (id: string) =>
      check(id, async (ctx) => {
        ctx.run.notice(`the dashboard cannot do X (seen by ${id})`, 'no-x');
        ctx.run.cleanup(() => {
          throw new Error(`could not undo ${id}`);
        });
      });
    const notices: string[] = [];
    const results = await runChecks({
      target: targetFor(api.baseUrl),
      checks: [noisy('a'), noisy('b')],
      seed: 1,
      concurrency: 1,
      onNotice: (n) => notices.push(n),
    });
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed']);
    expect(results.map((r) => r.message).join(' ')).not.toMatch(/cleanup failed/);
    expect(notices).toEqual([
      'the dashboard cannot do X (seen by a)',
      'run cleanup failed: could not undo b',
      'run cleanup failed: could not undo a',
    ]);
  });

  it('a lone runCheck closes a run of its own right after the check: run cleanups follow its cleanups, failures read "cleanup failed"', async () => {
    const events: string[] = [];
    const lone = check('lone', async (ctx) => {
      ctx.run.cleanup(() => {
        events.push('run cleanup');
        throw new Error('run-level undo failed');
      });
      ctx.cleanup(() => events.push('check cleanup'));
    });
    const result = await runCheck(lone, targetFor(api.baseUrl), { seed: 1 });
    expect(events).toEqual(['check cleanup', 'run cleanup']);
    expect(result.status).toBe('passed');
    expect(result.message).toMatch(/\(cleanup failed: run-level undo failed\)/);
  });

  it('masks keys in notices unless secrets are shown', () => {
    const target = targetFor(api.baseUrl);
    const notices: string[] = [];
    const scope = new RunScope({ target, onNotice: (n) => notices.push(n) });
    scope.notice(`key ${target.keys.enterpriseLive} and svc_live_someOtherKey1234567890`);
    expect(notices[0]).toBe('key svc_live_****1234 and svc_live_****7890');
  });
});

/** A fake developer dashboard: landlords and keys; DELETE /landlords/{id} answers `deleteStatus`. */
function fakeDashboard(state: { deleteStatus: number; getStatus: number }): Promise<FakeApi> {
  let n = 0;
  return startFakeApi((req, res) => {
    const path = req.url.replace(/^\/dashboard\/api/, '');
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/landlords') return json(res, 201, { data: { id: `landlord-${++n}` } });
    if (req.method === 'POST' && /^\/landlords\/[^/]+\/keys$/.test(path))
      return json(res, 201, {
        data: { id: `key-${++n}`, key: `svc_live_fakeProvisionedKey${String(++n).padStart(8, '0')}` },
      });
    if (req.method === 'POST' && /^\/keys\/[^/]+\/revoke$/.test(path))
      return json(res, 200, { data: { revokedAt: 'now' } });
    if (req.method === 'DELETE' && (m = /^\/landlords\/([^/]+)$/.exec(path))) {
      return state.deleteStatus === 200
        ? json(res, 200, { data: { deleted: true, id: m[1] } })
        : json(res, state.deleteStatus, { error: 'no', code: 'NOT_FOUND' });
    }
    if (req.method === 'GET' && /^\/landlords\/[^/]+$/.test(path))
      return json(res, state.getStatus, state.getStatus === 200 ? { data: {} } : { error: 'gone', code: 'NOT_FOUND' });
    return json(res, 404, { error: 'Route not found', code: 'NOT_FOUND' });
  });
}

describe('the suite deletes the landlords it creates (provision.ts)', () => {
  const state = { deleteStatus: 200, getStatus: 200 };
  let dash: FakeApi;
  beforeAll(async () => {
    dash = await fakeDashboard(state);
  });
  afterAll(() => dash.close());
  beforeEach(() => {
    dash.seen.length = 0;
    state.deleteStatus = 200;
    state.getStatus = 200;
  });

  const target = () =>
    targetFor(dash.baseUrl, { dashboard: { url: `${dash.origin}/dashboard/api`, token: 'admin-token-123456' } });
  const ownLandlordCheck = (id: string) => check(id, async (ctx) => void (await provisionLandlord(ctx, id)));
  const suiteKeyCheck = (id: string, extra: Partial<CheckDefinition> = {}) =>
    check(id, async (ctx) => void (await provisionKey(ctx)), extra);
  const requests = () => dash.seen.map((r) => `${r.method} ${r.url.replace(/^\/dashboard\/api/, '')}`);

  it("deletes a check's own landlord in its cleanup after its key is revoked, and the run's landlord once after the last check", async () => {
    const notices: string[] = [];
    const results = await runChecks({
      target: target(),
      checks: [
        ownLandlordCheck('own'),
        suiteKeyCheck('suite.a'),
        suiteKeyCheck('suite.b'),
        suiteKeyCheck('suite.limits', { exclusive: true }),
      ],
      seed: 1,
      concurrency: 1,
      onNotice: (n) => notices.push(n),
    });
    expect(results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    const seen = requests();
    expect(seen.filter((r) => r === 'POST /landlords')).toHaveLength(2);
    // The landlords in creation order, named by the key requests made for them.
    const [own, suite] = [...new Set(seen.flatMap((r) => /^POST \/landlords\/([^/]+)\/keys$/.exec(r)?.[1] ?? []))];
    expect(seen.filter((r) => r.startsWith('DELETE'))).toEqual([
      `DELETE /landlords/${own}`,
      `DELETE /landlords/${suite}`,
    ]);
    // The own landlord: its key revoked first, deleted before the next check starts.
    const ownDelete = seen.indexOf(`DELETE /landlords/${own}`);
    expect(seen.slice(0, ownDelete).some((r) => /^POST \/keys\/.+\/revoke$/.test(r))).toBe(true);
    expect(ownDelete).toBeLessThan(seen.lastIndexOf('POST /landlords'));
    // The run's landlord: deleted last of all, after the exclusive check's key was revoked.
    expect(seen[seen.length - 1]).toBe(`DELETE /landlords/${suite}`);
    expect(seen[seen.length - 2]).toMatch(/^POST \/keys\/.+\/revoke$/);
    expect(notices).toEqual([]);
  });

  it.each([404, 405, 501])(
    'a dashboard answering %d to DELETE /landlords/{id} fails no check, and the run says so once',
    async (status) => {
      state.deleteStatus = status;
      const notices: string[] = [];
      const results = await runChecks({
        target: target(),
        checks: [ownLandlordCheck('own.a'), ownLandlordCheck('own.b'), suiteKeyCheck('suite')],
        seed: 1,
        concurrency: 1,
        onNotice: (n) => notices.push(n),
      });
      expect(results.map((r) => [r.status, r.message])).toEqual(
        results.map(() => ['passed', expect.not.stringMatching(/cleanup failed/)]),
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(
        new RegExp(
          `the dashboard does not delete landlords \\(DELETE /landlords/\\{id\\} answered ${status}\\).*keys revoked.*marker conformance-`,
        ),
      );
      // Today's fallback still happens: every provisioned key is revoked.
      expect(requests().filter((r) => /revoke$/.test(r))).toHaveLength(3);
    },
  );

  it('a 404 for a landlord that is already gone is not taken for a dashboard without the route', async () => {
    Object.assign(state, { deleteStatus: 404, getStatus: 404 });
    const notices: string[] = [];
    const run = new RunScope({ target: target(), onNotice: (n) => notices.push(n) });
    const client = createHttpClient({ baseUrl: `${dash.origin}/dashboard/api`, defaultBearer: 'admin-token-123456' });
    await deleteOwnLandlord(client, run, 'landlord-9', 'conformance-test');
    expect(notices).toEqual([]);
    expect(requests()).toEqual(['DELETE /landlords/landlord-9', 'GET /landlords/landlord-9']);
  });

  it('any other answer is a cleanup failure, reported in the check result as today (the check keeps its status)', async () => {
    state.deleteStatus = 500;
    const notices: string[] = [];
    const results = await runChecks({
      target: target(),
      checks: [ownLandlordCheck('own'), suiteKeyCheck('suite')],
      seed: 1,
      concurrency: 1,
      onNotice: (n) => notices.push(n),
    });
    expect(results[0]?.status).toBe('passed');
    expect(results[0]?.message).toMatch(/\(cleanup failed: dashboard DELETE \/landlords\/landlord-\d+ answered 500/);
    // The run's landlord is deleted by a run cleanup: its failure is a run notice.
    expect(notices).toEqual([
      expect.stringMatching(/^run cleanup failed: dashboard DELETE \/landlords\/landlord-\d+ answered 500/),
    ]);
  });
});
