// Observer checks (Check.observe): they see every answer of the deployment under test that any check of the run
// receives (requests under the target's baseUrl only, not absolute URLs elsewhere), and run after every other
// check, exclusive ones included, so they judge the whole run.

import { ManualClock } from '../../src/http';
import { defineCheck, runChecks, type CheckContext, type CheckDefinition } from '../../src/runner';
import { json, startFakeApi, targetFor, type FakeApi } from './helpers';

const check = (id: string, run: (ctx: CheckContext) => Promise<void>, extra: Partial<CheckDefinition> = {}) =>
  defineCheck({ id, title: id, group: 'Framework', rules: ['AUTH-1'], run, ...extra });

describe('observer checks (global response invariants)', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi((req, res) =>
      req.url.startsWith('/bad')
        ? json(res, 200, { data: [] })
        : json(res, 200, { data: [] }, { 'x-service-mode': 'live' }),
    );
  });
  afterAll(() => api.close());

  it('run after the exclusive checks and judge the answers every check received, under the base URL only', async () => {
    const order: string[] = [];
    const worker = (id: string, path: string, extra: Partial<CheckDefinition> = {}) =>
      check(
        id,
        async (ctx) => {
          order.push(id);
          await ctx.http.request({ path, key: 'enterpriseLive' });
          // Outside the base URL (a media link, a mail capture): never judged.
          await ctx.http.request({ url: `${api.origin}/media/bad`, auth: 'none' });
        },
        extra,
      );
    const observer = check(
      'z.invariant',
      async (ctx) => {
        order.push('z.invariant');
        const seen = ctx.run.violations('z.invariant');
        if (seen.found.length > 0)
          ctx.fail(
            'X-Service-Mode on every answer',
            `${seen.total} of ${seen.judged}: ${seen.found.map((v) => v.exchange.request.url).join(', ')}`,
            seen.found[0]?.exchange,
          );
      },
      { observe: (exchange) => (exchange.response?.headers['x-service-mode'] ? undefined : 'no X-Service-Mode') },
    );
    const results = await runChecks({
      target: targetFor(api.baseUrl),
      checks: [
        observer,
        worker('x.limits', '/properties', { exclusive: true }),
        worker('a', '/properties'),
        worker('b', '/bad/route'),
      ],
      seed: 1,
      concurrency: 2,
      clock: new ManualClock(),
    });
    expect(order[order.length - 1]).toBe('z.invariant');
    expect(order.indexOf('x.limits')).toBe(order.length - 2);
    const verdict = results.find((r) => r.id === 'z.invariant');
    expect(verdict?.status).toBe('failed');
    // One violation (check b's /bad/route); the media links of all three checks were not judged.
    expect(verdict?.message).toMatch(/1 of 3: .*\/api\/public\/v1\/bad\/route/);
    expect(verdict?.message).not.toMatch(/media/);
  });
});
