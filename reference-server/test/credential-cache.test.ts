// A revocation, a plan change or a landlord's deletion takes effect at the next request on every process: each
// cached key lookup remembers the landlord's credentials version read before it, and is looked up again when the
// version the limiter reads along differs. The ordering is tested here step by step, with lookups resolved by hand.
import { CredentialCache, type Found } from '../src/platform/auth/credential-cache';
import { ADMIN_TOKEN, twoProcesses, type TestServer } from './helpers/server';

/** A lookup whose answers the test gives, one call at a time. */
function handLookup() {
  const calls: Array<{ key: string; answer: (value: string) => void }> = [];
  const lookup = (key: string) => new Promise<string>((answer) => calls.push({ key, answer }));
  /** Answers the oldest pending call with `value` once it is made. */
  const answerNext = async (value: string): Promise<void> => {
    for (let turns = 0; calls.length === 0; turns += 1) {
      if (turns > 100) throw new Error('no lookup was made');
      await Promise.resolve();
    }
    calls.shift()!.answer(value);
  };
  return { lookup, calls, answerNext };
}

// The scheme's steps: before the limiter, then after it with the version it read along.
const find = <T>(cache: CredentialCache<T>, key: string) => cache.cached(key) ?? cache.lookUp(key);
const confirm = async <T>(cache: CredentialCache<T>, key: string, found: Found<T>, seen: string | undefined) =>
  cache.stale(found, seen) ? cache.reload(key, seen) : found.value;

describe('CredentialCache', () => {
  it('keeps a miss unconfirmed: the next request that reads a version looks up again, then trusts that version', async () => {
    const { lookup, calls, answerNext } = handLookup();
    const cache = new CredentialCache(lookup, 5000, { now: () => 0 });

    const miss = find(cache, 'k');
    await answerNext('row');
    const found = await miss;
    expect(found).toMatchObject({ value: 'row', version: undefined, lookedUp: true });
    // This request's own lookup is fresh enough for it, whatever version its limiter read.
    expect(await confirm(cache, 'k', found, '3')).toBe('row');

    const hit = await find(cache, 'k');
    expect(hit).toMatchObject({ value: 'row', version: undefined, lookedUp: false });
    const confirming = confirm(cache, 'k', hit, '3');
    await answerNext('row again');
    expect(await confirming).toBe('row again');

    const trusted = await find(cache, 'k');
    expect(trusted).toMatchObject({ value: 'row again', version: '3', lookedUp: false });
    expect(await confirm(cache, 'k', trusted, '3')).toBe('row again');
    expect(calls).toHaveLength(0);
  });

  it('looks up again when the version differs, and keeps the answer under the version read before that lookup', async () => {
    const { lookup, answerNext } = handLookup();
    const cache = new CredentialCache(lookup, 5000, { now: () => 0 });
    const first = find(cache, 'k');
    await answerNext('active');
    expect(await confirm(cache, 'k', await first, '1')).toBe('active'); // the miss itself is fresh
    // A request reads version 1 and looks up again; while that lookup runs (it started before the revocation
    // committed, so it sees the key active), the revocation commits and bumps the version to 2.
    const hit = await find(cache, 'k');
    const racing = confirm(cache, 'k', hit, '1');
    await answerNext('active');
    expect(await racing).toBe('active');
    // The racing answer is kept under version 1, never 2: the next request reads 2 and looks up again.
    const next = await find(cache, 'k');
    expect(next.version).toBe('1');
    const seen = confirm(cache, 'k', next, '2');
    await answerNext('revoked');
    expect(await seen).toBe('revoked');
    expect((await find(cache, 'k')).value).toBe('revoked');
  });

  it('keeps no answer of a lookup that was under way when this process announced a change', async () => {
    const { lookup, answerNext } = handLookup();
    const cache = new CredentialCache(lookup, 5000, { now: () => 0 });
    const under = find(cache, 'k');
    cache.clear(); // the revocation committed while the lookup ran, on this process
    await answerNext('active');
    expect((await under).value).toBe('active'); // for the request that asked: it began before the revocation
    const after = find(cache, 'k');
    await answerNext('revoked');
    expect(await after).toMatchObject({ value: 'revoked', version: undefined, lookedUp: true });
  });

  it('without a shared version (one process), trusts an entry until its TTL or a clear', async () => {
    const { lookup, calls, answerNext } = handLookup();
    let now = 0;
    const cache = new CredentialCache(lookup, 5000, { now: () => now });
    const miss = find(cache, 'k');
    await answerNext('row');
    await miss;
    const hit = await find(cache, 'k');
    expect(await confirm(cache, 'k', hit, undefined)).toBe('row');
    now = 4999;
    expect((await find(cache, 'k')).lookedUp).toBe(false);
    now = 5000;
    const expired = find(cache, 'k');
    await answerNext('later');
    expect(await expired).toMatchObject({ value: 'later', version: undefined, lookedUp: true });
    cache.clear();
    const cleared = find(cache, 'k');
    await answerNext('cleared');
    expect((await cleared).lookedUp).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('with a TTL of 0, looks every key up every time', async () => {
    const { lookup, answerNext } = handLookup();
    const cache = new CredentialCache(lookup, 0, { now: () => 0 });
    for (const value of ['a', 'b']) {
      const found = find(cache, 'k');
      await answerNext(value);
      expect(await found).toMatchObject({ value, version: undefined, lookedUp: true });
    }
  });
});

// Processes of one deployment on one PostgreSQL and Redis: a change through the dashboard of one is seen by the
// next request on another, whatever that one had cached (CREDENTIAL_CACHE_MS is a minute here, so only the
// credentials version can make it look again).
const onServices = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;
onServices('credential changes across processes (PostgreSQL + Redis)', () => {
  const processes = twoProcesses({ env: { CREDENTIAL_CACHE_MS: '60000' } });

  const admin = async <T>(method: string, url: string, payload?: object): Promise<T> => {
    const res = await processes.a.inject({
      method,
      url: `/dashboard/api${url}`,
      payload,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.payload}`);
    return (JSON.parse(res.payload) as { data: T }).data;
  };
  const landlordWithKey = async (plan: string, rateLimits?: object) => {
    const { id } = await admin<{ id: string }>('POST', '/landlords', { name: 'Shared', email: 's@example.com', plan });
    const key = await admin<{ id: string; key: string }>('POST', `/landlords/${id}/keys`, {
      name: 'k',
      mode: 'live',
      scope: 'read_write',
      ...(rateLimits ? { rateLimits } : {}),
    });
    return { landlordId: id, keyId: key.id, key: key.key };
  };
  const answer = async (t: TestServer, method: string, key: string) => {
    const res = await (method === 'GET'
      ? t.api('GET', '/properties?limit=1', key)
      : t.api(method, '/properties', key, {}));
    return [res.statusCode, (JSON.parse(res.payload) as { code?: string }).code ?? 'ok'];
  };

  it('a key revoked on process A answers 401 REVOKED_KEY on process B at the next request', async () => {
    const { keyId, key } = await landlordWithKey('Enterprise');
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']);
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']); // now cached on B, and confirmed
    await admin('POST', `/keys/${keyId}/revoke`);
    expect(await answer(processes.b, 'GET', key)).toEqual([401, 'REVOKED_KEY']);
    expect(await answer(processes.b, 'POST', key)).toEqual([401, 'REVOKED_KEY']);
  });

  it('a plan change on process A is seen at once on process B, for reads and writes', async () => {
    const { landlordId, key } = await landlordWithKey('Enterprise');
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']);
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']);
    await admin('PATCH', `/landlords/${landlordId}`, { plan: 'Portfolio' });
    expect(await answer(processes.b, 'POST', key)).toEqual([403, 'WRITE_REQUIRES_ENTERPRISE']);
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']);
    await admin('PATCH', `/landlords/${landlordId}`, { plan: 'Essential' });
    expect(await answer(processes.b, 'GET', key)).toEqual([403, 'PLAN_UPGRADE_REQUIRED']);
  });

  it('a landlord deleted on process A: its keys are unknown on process B at the next request', async () => {
    const { landlordId, key } = await landlordWithKey('Enterprise');
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']);
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']);
    await admin('DELETE', `/landlords/${landlordId}`);
    expect(await answer(processes.b, 'GET', key)).toEqual([401, 'UNAUTHORIZED']);
  });

  it('a key at its limit and revoked meanwhile answers 401 REVOKED_KEY, not 429, and without X-RateLimit-*', async () => {
    const { keyId, key } = await landlordWithKey('Enterprise', { readsPerMinute: 2 });
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']);
    expect(await answer(processes.b, 'GET', key)).toEqual([200, 'ok']);
    expect(await answer(processes.b, 'GET', key)).toEqual([429, 'RATE_LIMIT_EXCEEDED']);
    await admin('POST', `/keys/${keyId}/revoke`);
    const res = await processes.b.api('GET', '/properties?limit=1', key);
    expect([res.statusCode, (JSON.parse(res.payload) as { code: string }).code]).toEqual([401, 'REVOKED_KEY']);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
  });
});
