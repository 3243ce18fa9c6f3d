// runCheck: outcomes (pass, fail, skip), failure messages, curl reproductions with masked keys, cleanups.

import { assertThat, defineCheck, runCheck, type CheckContext } from '../../src/runner';
import { ManualClock } from '../../src/http';
import { json, LIVE_KEY, startFakeApi, targetFor, type FakeApi } from './helpers';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function check(run: (ctx: CheckContext) => Promise<void>, extra: Partial<Parameters<typeof defineCheck>[0]> = {}) {
  return defineCheck({
    id: 'errors.unknownPropertyIsNotFound',
    title: 'Unknown property is 404',
    group: 'Errors',
    rules: ['ERR-404', 'AUTH-8'],
    run,
    ...extra,
  });
}

const expectNotFound = check(async (ctx) => {
  const res = await ctx.http.request({ path: `/properties/${UNKNOWN_ID}`, key: 'enterpriseLive' });
  ctx.expectErrorEnvelope(res, 404, 'NOT_FOUND');
});

describe('runCheck', () => {
  let api: FakeApi;
  let answer: { status: number; body: unknown; headers?: Record<string, string> };

  beforeAll(async () => {
    api = await startFakeApi((req, res) => json(res, answer.status, answer.body, answer.headers));
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.seen.length = 0;
    answer = { status: 404, body: { error: 'Property not found', code: 'NOT_FOUND' } };
  });

  it('passes when the deployment answers as the rule says', async () => {
    const result = await runCheck(expectNotFound, targetFor(api.baseUrl), { seed: 1, clock: new ManualClock() });
    expect(result.status).toBe('passed');
    expect(result.message).toBe('1 exchange as expected');
    expect(api.seen[0]?.headers.authorization).toBe(`Bearer ${LIVE_KEY}`);
  });

  it('a failing check says expected and got, names its rules, and reproduces with a masked curl', async () => {
    // Arrange: the deployment leaks a 403 where the spec says 404.
    answer = { status: 403, body: { error: 'Forbidden', code: 'FORBIDDEN' } };
    // Act
    const result = await runCheck(expectNotFound, targetFor(api.baseUrl), { seed: 1, clock: new ManualClock() });
    // Assert
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(
      /^expected: 404 with body exactly \{ "error": <string>, "code": "NOT_FOUND" \}; got: 403 \{"error":"Forbidden","code":"FORBIDDEN"\} \[ERR-404, AUTH-8\]$/,
    );
    expect(result.expected).toContain('404');
    expect(result.got).toContain('403');
    expect(result.reproduction).toBe(
      `curl -sS -i '${api.baseUrl}/properties/${UNKNOWN_ID}' -H 'authorization: Bearer svc_live_****1234'`,
    );
    expect(JSON.stringify(result)).not.toContain(LIVE_KEY);
    expect(result.command).toBe('npm run conformance -- --only errors.unknownPropertyIsNotFound');
  });

  it('--show-secrets puts the real key in the reproduction', async () => {
    answer = { status: 403, body: { error: 'Forbidden', code: 'FORBIDDEN' } };
    const result = await runCheck(expectNotFound, targetFor(api.baseUrl), {
      seed: 1,
      showSecrets: true,
      clock: new ManualClock(),
    });
    expect(result.reproduction).toContain(`Bearer ${LIVE_KEY}`);
  });

  it.each([
    ['extra members', { error: 'x', code: 'NOT_FOUND', stack: 'at …' }, /members \["code","error","stack"\]/],
    ['a non-string error', { error: 42, code: 'NOT_FOUND' }, /"error" is 42/],
    ['another code', { error: 'x', code: 'FORBIDDEN' }, /with code "FORBIDDEN"/],
    ['an array body', [], /not a JSON object/],
  ])('the error envelope assertion rejects %s', async (_name, body, got) => {
    answer = { status: 404, body };
    const result = await runCheck(expectNotFound, targetFor(api.baseUrl), { seed: 1, clock: new ManualClock() });
    expect(result.status).toBe('failed');
    expect(result.got).toMatch(got);
  });

  it('an assertion may name the narrower rules it proves', async () => {
    answer = { status: 200, body: { data: [] } };
    const c = check(async (ctx) => {
      const res = await ctx.http.request({ path: '/properties', key: 'enterpriseLive' });
      ctx.expectHeader(res, 'X-Service-Mode', (v) => v === 'live', 'is "live"', { rules: ['AUTH-3'] });
    });
    const result = await runCheck(c, targetFor(api.baseUrl), { seed: 1, clock: new ManualClock() });
    expect(result.message).toBe(
      'expected: header X-Service-Mode is "live"; got: no X-Service-Mode header (status 200) [AUTH-3]',
    );
  });

  it('is skipped, not failed, when a needed role or section is missing', async () => {
    const needsDashboard = check(async () => undefined, { needs: ['dashboard'] });
    const needsRevoked = check(async (ctx) => {
      ctx.key('revoked');
    });
    const target = targetFor(api.baseUrl);
    const a = await runCheck(needsDashboard, target, { seed: 1 });
    const b = await runCheck(needsRevoked, target, { seed: 1 });
    const c = await runCheck(
      check(async (ctx) => void (await ctx.http.request({ path: '/x', key: 'rateLimit' }))),
      target,
      { seed: 1 },
    );
    expect([a.status, b.status, c.status]).toEqual(['skipped', 'skipped', 'skipped']);
    expect(a.message).toMatch(/no "provisioning" section/);
    expect(b.message).toMatch(/needs a revoked key/);
    expect(c.message).toMatch(/needs a rateLimit key/);
    expect(api.seen).toHaveLength(0);
  });

  it('quick profile skips full-profile checks with a message', async () => {
    const result = await runCheck(
      check(async () => undefined, { profile: 'full' }),
      targetFor(api.baseUrl),
      { seed: 1, profile: 'quick' },
    );
    expect(result).toMatchObject({ status: 'skipped', message: expect.stringMatching(/--profile full/) });
  });

  it('runs cleanups last-first even when the check fails', async () => {
    const order: string[] = [];
    const c = check(async (ctx) => {
      ctx.cleanup(() => void order.push('first registered'));
      ctx.cleanup(async () => void order.push('second registered'));
      ctx.fail('nothing', 'something');
    });
    const result = await runCheck(c, targetFor(api.baseUrl), { seed: 1 });
    expect(result.status).toBe('failed');
    expect(order).toEqual(['second registered', 'first registered']);
  });

  it('a failure met on a well-formed 503 is an error: any endpoint may be unavailable, which says nothing of the rule', async () => {
    answer = {
      status: 503,
      body: { error: 'The rate-limit store could not be checked', code: 'RATE_LIMIT_UNAVAILABLE' },
      headers: { 'retry-after': '60' },
    };
    const result = await runCheck(expectNotFound, targetFor(api.baseUrl), { seed: 1, clock: new ManualClock() });
    expect(result.status).toBe('error');
    expect(result.got).toContain('the deployment answered 503 RATE_LIMIT_UNAVAILABLE (unavailable)');
    expect(result.expected).toBe('an answer from an available deployment');
    expect(result.reproduction).toContain(`/properties/${UNKNOWN_ID}`);
  });

  it.each([
    ['without Retry-After', { error: 'Unavailable', code: 'SERVICE_UNAVAILABLE' }, {}],
    ['with a code the Errors table gives another status', { error: 'Nope', code: 'NOT_FOUND' }, { 'retry-after': '5' }],
    ['outside the error envelope', { message: 'Unavailable' }, { 'retry-after': '5' }],
  ])('a 503 %s is judged as any answer: failed', async (_, body, headers) => {
    answer = { status: 503, body, headers };
    const result = await runCheck(expectNotFound, targetFor(api.baseUrl), { seed: 1, clock: new ManualClock() });
    expect(result.status).toBe('failed');
  });

  it('an exception in the check itself is an error (the suite broke), with the exception', async () => {
    const result = await runCheck(
      check(async () => {
        throw new TypeError('boom');
      }),
      targetFor(api.baseUrl),
      { seed: 1 },
    );
    expect(result).toMatchObject({ status: 'error', got: 'TypeError: boom' });
    expect(result.message).toMatch(/^error: /);
  });

  it('no response within the request timeout is an error with the exchange as reproduction', async () => {
    const silent = await startFakeApi(() => undefined);
    try {
      const c = check(
        async (ctx) => void (await ctx.http.request({ path: '/properties', key: 'enterpriseLive', timeoutMs: 50 })),
      );
      const result = await runCheck(c, targetFor(silent.baseUrl), { seed: 1 });
      expect(result.status).toBe('error');
      expect(result.expected).toBe('a response');
      expect(result.got).toMatch(/no response within 50 ms/);
      expect(result.reproduction).toContain(`${silent.baseUrl}/properties`);
    } finally {
      await silent.close();
    }
  });

  it('a check over its time limit is aborted and reported as an error', async () => {
    const c = check(async (ctx) => {
      await new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    const result = await runCheck(c, targetFor(api.baseUrl), { seed: 1, checkTimeoutMs: 20 });
    expect(result).toMatchObject({
      status: 'error',
      got: 'CheckTimeout: the check was still running after 0 s; aborted',
    });
  });

  it('marker is conformance-<runId> and notes become the passed message', async () => {
    let marker = '';
    const c = check(async (ctx) => {
      marker = ctx.marker;
      ctx.note('checked 3 endpoints');
    });
    const result = await runCheck(c, targetFor(api.baseUrl), { seed: 1, runId: 'abc' });
    expect(marker).toBe('conformance-abc');
    expect(result.message).toBe('checked 3 endpoints');
  });

  it('assertThat narrows inside a contextually typed run(ctx) and fails like ctx.expect', async () => {
    answer = { status: 200, body: { data: 'not a list' } };
    const c = defineCheck({
      id: 'x.listIsArray',
      title: 't',
      group: 'G',
      rules: ['R-1'],
      async run(ctx) {
        const body = (await ctx.http.request({ path: '/properties', key: 'enterpriseLive' })).json;
        assertThat(
          ctx,
          typeof body === 'object' && body !== null && 'data' in body,
          'an object with data',
          'something else',
        );
        assertThat(ctx, Array.isArray(body.data), '"data" is an array', () => JSON.stringify(body.data));
      },
    });
    const result = await runCheck(c, targetFor(api.baseUrl), { seed: 1 });
    expect(result).toMatchObject({ status: 'failed', expected: '"data" is an array', got: '"not a list"' });
  });

  it('a connection broken in a cleanup is error, not passed: the check could not clean up', async () => {
    const closed = await startFakeApi((_req, res) => json(res, 200, {}));
    await closed.close();
    const leaves = check(async (ctx) => {
      ctx.cleanup(() => ctx.http.request({ method: 'DELETE', url: `${closed.baseUrl}/properties/${UNKNOWN_ID}` }));
      ctx.expectErrorEnvelope(
        await ctx.http.request({ path: `/properties/${UNKNOWN_ID}`, key: 'enterpriseLive' }),
        404,
        'NOT_FOUND',
      );
    });
    const result = await runCheck(leaves, targetFor(api.baseUrl), { seed: 1, clock: new ManualClock() });
    expect(result.status).toBe('error');
    expect(result.message).toMatch(/cleanup failed: .*ECONNREFUSED/);
  });

  it('a failure stands when the cleanup breaks afterwards', async () => {
    answer = { status: 403, body: { error: 'Forbidden', code: 'FORBIDDEN' } };
    const closed = await startFakeApi((_req, res) => json(res, 200, {}));
    await closed.close();
    const failsThenLeaves = check(async (ctx) => {
      ctx.cleanup(() => ctx.http.request({ method: 'DELETE', url: `${closed.baseUrl}/properties/${UNKNOWN_ID}` }));
      await expectNotFound.run(ctx);
    });
    const result = await runCheck(failsThenLeaves, targetFor(api.baseUrl), { seed: 1, clock: new ManualClock() });
    expect(result.status).toBe('failed');
  });

  it('defineCheck rejects malformed definitions eagerly', () => {
    expect(() => check(async () => undefined, { rules: [] })).toThrow(/rules is empty/);
    expect(() => check(async () => undefined, { id: 'has space' })).toThrow(/id must match/);
    expect(() => check(async () => undefined, { needs: ['telepathy' as never] })).toThrow(/unknown need/);
  });
});
