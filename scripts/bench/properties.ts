// GET /properties?limit=50 with an Enterprise key on PostgreSQL + Redis, against a bare Hapi route, in one run.
// The limiter runs on every request: the benchmark key's limits are raised through the dashboard, not bypassed.
// The same list is also measured with the read cache off, so the figure of the database path stays visible.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshPostgres } from '../../reference-server/test/helpers/fresh-postgres';
import { RedisRateLimitStore } from '../../reference-server/src/platform/limits/redis-store';
import { startChild, type Services } from './processes';
import { median, percentile, type BenchFigure, type BenchSuite } from './types';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function propertiesBench(services: () => Services): BenchSuite {
  return {
    name: 'properties-list',
    async run(): Promise<BenchFigure[]> {
      const { databaseUrl, redisUrl } = services();
      const adminToken = randomBytes(16).toString('hex');
      const database = await freshPostgres(databaseUrl, 'bench');
      const serverEnv = { DATABASE_URL: database.url, REDIS_URL: redisUrl, ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn' };
      const reference = await startChild('scripts/reference.ts', { ...serverEnv, PORT: '0' });
      // The same deployment with the read cache off: every request goes to PostgreSQL (reported, not the target).
      const uncached = await startChild('scripts/reference.ts', { ...serverEnv, PORT: '0', READ_CACHE_ENTRIES: '0' });
      const scratch = await mkdtemp(path.join(tmpdir(), 'ppapi-bench-'));
      let bare: Awaited<ReturnType<typeof startChild>> | undefined;
      try {
        const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
        const landlords = (await (
          await fetch(`${reference.url}/dashboard/api/landlords`, { headers: admin })
        ).json()) as { data: Array<{ id: string; plan: string }> };
        const enterprise = landlords.data.find((l) => l.plan === 'Enterprise')!;
        const issued = await fetch(`${reference.url}/dashboard/api/landlords/${enterprise.id}/keys`, {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({
            name: 'benchmark',
            mode: 'live',
            scope: 'read_only',
            rateLimits: { readsPerMinute: 100_000_000, readsPerDay: 1_000_000_000 },
          }),
        });
        const { data } = (await issued.json()) as { data: { key: string } };
        const listPath = '/api/public/v1/properties?limit=50';
        const apiUrl = `${reference.url}${listPath}`;
        const uncachedUrl = `${uncached.url}${listPath}`;
        let listBody = Buffer.alloc(0);
        for (const url of [apiUrl, uncachedUrl]) {
          const probe = await fetch(url, { headers: { authorization: `Bearer ${data.key}` } });
          if (probe.status !== 200 || !probe.headers.get('x-ratelimit-limit'))
            throw new Error(`benchmark probe of ${url} failed: ${probe.status}`);
          listBody = Buffer.from(await probe.arrayBuffer());
        }
        const bodyFile = path.join(scratch, 'list.json');
        await writeFile(bodyFile, listBody);
        bare = await startChild('scripts/bench/bare-hapi.ts', { PORT: '0', BARE_BODY_FILE: bodyFile });
        const bareSize = (await (await fetch(`${bare.url}/bare`)).arrayBuffer()).byteLength;

        // Warm up both, then alternate rounds so drift hits both alike; report medians.
        await autocannon({
          url: apiUrl,
          connections: 10,
          duration: 2,
          headers: { authorization: `Bearer ${data.key}` },
        });
        await autocannon({
          url: uncachedUrl,
          connections: 10,
          duration: 2,
          headers: { authorization: `Bearer ${data.key}` },
        });
        await autocannon({ url: `${bare.url}/bare`, connections: 10, duration: 2 });
        await autocannon({ url: `${bare.url}/same-bytes`, connections: 10, duration: 2 });
        const api: LoadResult[] = [];
        const cold: LoadResult[] = [];
        const base: LoadResult[] = [];
        const same: LoadResult[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          api.push(await load(apiUrl, { authorization: `Bearer ${data.key}` }));
          cold.push(await load(uncachedUrl, { authorization: `Bearer ${data.key}` }));
          base.push(await load(`${bare.url}/bare`, {}));
          same.push(await load(`${bare.url}/same-bytes`, {}));
        }
        const failures = [...api, ...cold].reduce((n, r) => n + r.errors + r.non2xx, 0);
        if (failures > 0) throw new Error(`properties-list benchmark saw ${failures} failed requests`);
        const apiRps = median(api.map((r) => r.rps));
        const bareRps = median(base.map((r) => r.rps));
        const sameRps = median(same.map((r) => r.rps));
        const extra = `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S}s, medians`;
        return [
          { name: 'properties-list req/s', unit: 'req/s', value: Math.round(apiRps), extra },
          { name: 'properties-list p50', unit: 'ms', value: median(api.map((r) => r.p50)), extra },
          { name: 'properties-list p99', unit: 'ms', value: median(api.map((r) => r.p99)), extra },
          {
            name: 'properties-list, read cache off, req/s',
            unit: 'req/s',
            value: Math.round(median(cold.map((r) => r.rps))),
            extra: 'READ_CACHE_ENTRIES=0: PostgreSQL on every request',
          },
          { name: 'properties-list, read cache off, p99', unit: 'ms', value: median(cold.map((r) => r.p99)), extra },
          { name: 'bare-hapi req/s', unit: 'req/s', value: Math.round(bareRps), extra },
          { name: 'bare-hapi p50', unit: 'ms', value: median(base.map((r) => r.p50)), extra },
          { name: 'bare-hapi p99', unit: 'ms', value: median(base.map((r) => r.p99)), extra },
          {
            name: 'properties-list/bare-hapi ratio',
            unit: 'ratio',
            value: Number((apiRps / bareRps).toFixed(3)),
            extra: `target >= 0.5; the list answers ${listBody.length} bytes, the bare route ${bareSize}`,
          },
          {
            name: 'properties-list (cache off)/bare-hapi ratio',
            unit: 'ratio',
            value: Number((median(cold.map((r) => r.rps)) / bareRps).toFixed(3)),
          },
          {
            name: 'bare-hapi same bytes req/s',
            unit: 'req/s',
            value: Math.round(sameRps),
            extra: `the list's ${listBody.length} bytes from a bare route: the cost of the body alone`,
          },
          {
            name: 'properties-list/bare-hapi same bytes ratio',
            unit: 'ratio',
            value: Number((apiRps / sameRps).toFixed(3)),
            extra: 'what auth, limiter, validation and cache lookup leave of a bare route sending the same bytes',
          },
        ];
      } finally {
        await reference.stop();
        await uncached.stop();
        await bare?.stop();
        await database.drop();
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}

/** The limiter alone: one Redis round trip (the Lua script) per request, or per event-loop turn's batch of them. */
export function limiterBench(services: () => Services): BenchSuite {
  return {
    name: 'limiter',
    async run(): Promise<BenchFigure[]> {
      const store = new RedisRateLimitStore(services().redisUrl, `bench:${randomBytes(4).toString('hex')}:`);
      await store.connect();
      const windows = [
        { name: 'minute' as const, windowMs: 60_000, limit: 1e9 },
        { name: 'day' as const, windowMs: 86_400_000, limit: 1e9 },
      ];
      try {
        for (let i = 0; i < 500; i += 1) await store.hit('warm', windows);
        const latencies: number[] = [];
        for (let i = 0; i < 5000; i += 1) {
          const t0 = process.hrtime.bigint();
          await store.hit(`k${i % 20}`, windows);
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
        const n = 50_000;
        const t0 = process.hrtime.bigint();
        const cpu0 = process.cpuUsage();
        let next = 0;
        await Promise.all(
          Array.from({ length: CONNECTIONS }, async () => {
            while (next < n) {
              next += 1;
              await store.hit(`c${next % 50}`, windows);
            }
          }),
        );
        const cpu = process.cpuUsage(cpu0);
        const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
        return [
          {
            name: 'limiter redis p50',
            unit: 'ms',
            value: Number(median(latencies).toFixed(3)),
            extra: 'sequential, one Lua call per request',
          },
          { name: 'limiter redis p99', unit: 'ms', value: Number(percentile(latencies, 99).toFixed(3)) },
          {
            name: 'limiter redis checks/s',
            unit: 'checks/s',
            value: Math.round(n / seconds),
            extra: `${CONNECTIONS} concurrent callers`,
          },
          // The client's share of a check (building, sending and decoding the batch's command): what a server pays per request.
          {
            name: 'limiter client CPU per check',
            unit: 'µs',
            value: Number(((cpu.user + cpu.system) / n).toFixed(1)),
            extra: `${CONNECTIONS} concurrent callers, this process's CPU time`,
          },
        ];
      } finally {
        await store.close();
      }
    },
  };
}
