// Fault drills on real services of the test's own (helpers/own-services): each stops, restarts or freezes a
// dependency and checks that every request is still answered, in the envelope and within a bound, and that the
// service comes back without a restart. The measured figures are printed (DRILL lines) for the closing notes.
// Skipped, with the reason, when the environment has no real services (DATABASE_URL / REDIS_URL unset).
import { KEYS, startTestServer, type TestServer } from './helpers/server';
import { ownServicesUnavailable, startOwnServices, type OwnServices } from './helpers/own-services';

jest.setTimeout(180_000);

const ADMIN = { authorization: 'Bearer test-admin-token-0123456789' };
const QUERY_TIMEOUT_MS = 1000;
const ACQUIRE_TIMEOUT_MS = 1000;
/** A request's bound while PostgreSQL is frozen: acquire + query + rollback + slack for a loaded machine. */
const FROZEN_BOUND_MS = ACQUIRE_TIMEOUT_MS + 2 * (QUERY_TIMEOUT_MS + 500) + 3000;
const json = (res: { payload: string }) => JSON.parse(res.payload) as { error: string; code: string; data?: unknown };
const report = (line: string): void => { process.stdout.write(`DRILL ${line}\n`); };

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

/** Repeats `probe` until it is true; returns the time it took. Bounded; the pause is between polls only. */
async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectEnvelopeWithoutDetails(res: { statusCode: number; payload: string; headers: Record<string, unknown> }): void {
  const body = json(res);
  expect(Object.keys(body).sort()).toEqual(['code', 'error']);
  expect(res.payload).not.toMatch(/\bat \S+ \(|\.ts:\d+|ECONNREFUSED|node_modules/);
  expect(res.headers['x-service-mode']).toBe('live');
}

let unavailable: string | undefined;
let services: OwnServices;

beforeAll(async () => {
  unavailable = await ownServicesUnavailable();
  if (unavailable) return;
  services = await startOwnServices();
});
afterAll(async () => { await services?.close(); });

/** Runs the drill, or passes with the reason printed when there are no real services. */
const drill = (name: string, body: () => Promise<void>) => it(name, async () => {
  if (unavailable) { process.stdout.write(`skipped: ${name}: ${unavailable}\n`); return; }
  await body();
});

describe('fault drills on real services', () => {
  drill('two server processes on one Redis admit exactly the limit of 2x concurrent requests', async () => {
    const a = await startTestServer({ env: { ...services.env, CREDENTIAL_CACHE_MS: '0' } });
    const b = await startTestServer({ env: { ...services.env }, shareWith: a });
    try {
      const landlord = await a.inject({ method: 'POST', url: '/dashboard/api/landlords', headers: ADMIN, payload: { name: 'Drill', email: 'drill@example.com', plan: 'Enterprise' } });
      const landlordId = (json(landlord).data as { id: string }).id;
      const issued = await a.inject({ method: 'POST', url: `/dashboard/api/landlords/${landlordId}/keys`, headers: ADMIN, payload: { name: 'drill', mode: 'live', scope: 'read_only', rateLimits: { readsPerMinute: 100 } } });
      const key = (json(issued).data as { key: string }).key;
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).api('GET', '/properties?limit=1', key)));
      const admitted = answers.filter((r) => r.statusCode === 200).length;
      const refused = answers.filter((r) => r.statusCode === 429).length;
      report(`two-processes admitted=${admitted} refused=${refused} of 200 (limit 100)`);
      expect([admitted, refused]).toEqual([100, 100]);
    } finally {
      await b.stop();
      await a.stop();
    }
  });

  drill('Redis stopped while serving: 503 RATE_LIMIT_UNAVAILABLE with Retry-After, recovery without a restart', async () => {
    const t = await startTestServer({ env: { ...services.env } });
    try {
      expect((await t.api('GET', '/properties?limit=1', KEYS.enterpriseLive)).statusCode).toBe(200);
      await services.stop('redis');
      const { value: down, ms: toAnswer } = await timed(() => t.api('GET', '/properties?limit=1', KEYS.enterpriseLive));
      expect([down.statusCode, json(down).code, down.headers['retry-after']]).toEqual([503, 'RATE_LIMIT_UNAVAILABLE', '60']);
      expectEnvelopeWithoutDetails(down);
      expect(toAnswer).toBeLessThan(5000);
      const restarted = Date.now();
      await services.start('redis');
      const recovery = await until(async () => (await t.api('GET', '/properties?limit=1', KEYS.enterpriseLive)).statusCode === 200, 30_000, 'recovery after Redis returned');
      report(`redis-stopped first-answer=${toAnswer}ms status=503 recovery-after-start=${Date.now() - restarted}ms (poll ${recovery}ms)`);
    } finally {
      await services.start('redis').catch(() => undefined);
      await t.stop();
    }
  });

  drill('PostgreSQL stopped: 5xx without stack traces, no hang, recovery once it is back', async () => {
    const t = await startTestServer({ env: { ...services.env, CREDENTIAL_CACHE_MS: '0', READ_CACHE_ENTRIES: '0', DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS), DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS) } });
    try {
      expect((await t.api('GET', '/properties?limit=1', KEYS.enterpriseLive)).statusCode).toBe(200);
      await services.stop('pg');
      const answers = await Promise.all(['/properties?limit=1', '/rent?limit=1', '/tenants?limit=1'].map((path) => timed(() => t.api('GET', path, KEYS.enterpriseLive))));
      for (const { value, ms } of answers) {
        expect(value.statusCode).toBeGreaterThanOrEqual(500);
        expectEnvelopeWithoutDetails(value);
        expect(ms).toBeLessThan(FROZEN_BOUND_MS);
      }
      const restarted = Date.now();
      await services.start('pg');
      await until(async () => (await t.api('GET', '/properties?limit=1', KEYS.enterpriseLive)).statusCode === 200, 30_000, 'recovery after PostgreSQL returned');
      report(`pg-stopped answers=${answers.map((x) => `${x.value.statusCode}/${json(x.value).code}/${x.ms}ms`).join(',')} recovery-after-start=${Date.now() - restarted}ms`);
    } finally {
      await services.start('pg').catch(() => undefined);
      await t.stop();
    }
  });

  drill('PostgreSQL frozen (SIGSTOP): every request answered within the bound, back within seconds of SIGCONT', async () => {
    const t = await startTestServer({ env: { ...services.env, CREDENTIAL_CACHE_MS: '0', READ_CACHE_ENTRIES: '0', DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS), DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS) } });
    try {
      expect((await t.api('GET', '/properties?limit=1', KEYS.enterpriseLive)).statusCode).toBe(200);
      await services.signalPostgres('SIGSTOP');
      const frozeAt = Date.now();
      let answers: { value: Awaited<ReturnType<TestServer['api']>>; ms: number }[];
      try {
        // More requests than the pool has connections, reads and a write, in waves while frozen (a few seconds).
        const wave = () => Promise.all([
          ...Array.from({ length: 14 }, () => timed(() => t.api('GET', '/properties?limit=1', KEYS.enterpriseLive))),
          timed(() => t.api('PATCH', '/properties/00000000-0000-4000-8000-000000000000', KEYS.enterpriseLive, { shortName: 'x' })),
        ]);
        answers = [...await wave(), ...await wave(), ...await wave()];
      } finally {
        await services.signalPostgres('SIGCONT');
      }
      const resumed = Date.now();
      for (const { value, ms } of answers) {
        expect(value.statusCode).toBeGreaterThanOrEqual(500);
        expectEnvelopeWithoutDetails(value);
        expect(ms).toBeLessThan(FROZEN_BOUND_MS);
      }
      expect(answers.every(({ value }) => value.statusCode === 503 && json(value).code === 'DATABASE_UNAVAILABLE')).toBe(true);
      const frozenMs = resumed - frozeAt;
      await until(async () => (await t.api('GET', '/properties?limit=1', KEYS.enterpriseLive)).statusCode === 200, 30_000, 'recovery after SIGCONT');
      const codes = new Map<string, number>();
      for (const { value } of answers) codes.set(`${value.statusCode} ${json(value).code}`, (codes.get(`${value.statusCode} ${json(value).code}`) ?? 0) + 1);
      report(`pg-frozen frozen-for=${frozenMs}ms answers=${answers.length} max=${Math.max(...answers.map((x) => x.ms))}ms bound=${FROZEN_BOUND_MS}ms codes=${JSON.stringify([...codes])} recovery-after-SIGCONT=${Date.now() - resumed}ms`);
    } finally {
      await services.signalPostgres('SIGCONT').catch(() => undefined);
      await t.stop();
    }
  });
});
