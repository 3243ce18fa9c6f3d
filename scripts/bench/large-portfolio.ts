// Large portfolio: one generated landlord (scripts/bench/portfolio/load.ts) at several sizes, bulk-loaded into
// PostgreSQL, then the reads a big letting agency makes, with the read cache off (READ_CACHE_ENTRIES=0: every
// request reaches PostgreSQL), 10 connections each, one endpoint after the other:
//   p50 / p99 / req/s per endpoint and size, and the growth of each p50 from the smallest size to each larger one.
// Sizes: BENCH_PORTFOLIO_SIZES (default "500,5000,50000"; "500,5000" for a quick run).
// Rounds: BENCH_PORTFOLIO_ROUNDS (default 1) measures every endpoint that many times on the same loaded portfolio
// (a 50,000-property load takes minutes): the p50 and p99 figures are the worst round's, `p99 best` the best's, so
// the spread between rounds is in the figures. `first` is the time of the first request of an endpoint, before
// any other: for the compliance summary, the request that computes the day's summary (the others read it kept).
// Before/after on a loaded machine: BENCH_PORTFOLIO_BASELINE=<another checkout> (a git worktree will do) loads the
// same portfolio into a second database through that checkout's migrations, starts that checkout's server too, and
// measures the two in turn for each endpoint (`... baseline ...` figures), so both see the same load.
// The per-landlord invoice PDF limit is raised through LANDLORD_LIMITS (not bypassed), and the PDF is requested for
// distinct Overdue payments in turn, so each request renders (a cache hit would measure the PDF cache instead).
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { freshPostgres } from '../../reference-server/test/helpers/fresh-postgres';
import { startChild, type Services } from './processes';
import { loadPortfolio, type Portfolio } from './portfolio/load';
import type { BenchFigure, BenchSuite } from './types';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_PORTFOLIO_DURATION_S ?? 6);
const ROUNDS = Math.max(1, Number(process.env.BENCH_PORTFOLIO_ROUNDS ?? 1));
const SIZES = (process.env.BENCH_PORTFOLIO_SIZES ?? '500,5000,50000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const API = '/api/public/v1';
const BASELINE = process.env.BENCH_PORTFOLIO_BASELINE ? path.resolve(process.env.BENCH_PORTFOLIO_BASELINE) : undefined;

interface Endpoint {
  readonly name: string;
  /** The path, or a rotating list of paths (one per request, in turn). */
  readonly paths: (ids: { propertyId: string; pdfPaymentIds: readonly string[] }) => readonly string[];
}

const ENDPOINTS: readonly Endpoint[] = [
  { name: 'properties page 1', paths: () => ['/properties'] },
  { name: 'properties page 100', paths: () => ['/properties?page=100'] },
  { name: 'contracts Active', paths: () => ['/contracts?status=Active'] },
  { name: 'rent Overdue limit 500', paths: () => ['/rent?status=Overdue&limit=500'] },
  { name: 'events default window', paths: () => ['/events'] },
  { name: 'events 400 days', paths: () => [`/events?from=${addDays(-200)}&to=${addDays(199)}`] },
  { name: 'compliance summary', paths: () => ['/compliance/summary'] },
  { name: 'property handbook', paths: ({ propertyId }) => [`/properties/${propertyId}/handbook`] },
  { name: 'invoice pdf', paths: ({ pdfPaymentIds }) => pdfPaymentIds.map((id) => `/rent/${id}/invoice/pdf`) },
];

function addDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

interface Measured {
  p50: number;
  p99: number;
  rps: number;
  /** ms of the probe: the first request of the endpoint in its first round. */
  first: number;
}

async function measure(base: string, key: string, paths: readonly string[]): Promise<Measured> {
  const headers = { authorization: `Bearer ${key}` };
  let first = 0;
  for (const p of paths.slice(0, 1)) {
    const started = performance.now();
    const probe = await fetch(`${base}${API}${p}`, { headers });
    if (probe.status !== 200)
      throw new Error(`probe of ${p} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
    await probe.arrayBuffer().catch(() => undefined);
    first = Math.round(performance.now() - started);
  }
  let next = 0;
  const requests = [
    {
      method: 'GET' as const,
      setupRequest: (req: { path?: string }) => ({ ...req, path: `${API}${paths[next++ % paths.length]}` }),
    },
  ];
  // Slow endpoints at the largest size take seconds per request: a generous timeout, so they measure, not fail.
  await autocannon({ url: base, connections: CONNECTIONS, duration: 1, headers, requests, timeout: 120 });
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    requests,
    timeout: 120,
  });
  if (result.requests.total === 0) throw new Error(`${paths[0]}: no request completed in ${DURATION_S}s`);
  if (result.errors + result.non2xx > 0)
    throw new Error(`${paths[0]}: ${result.errors} errors and ${result.non2xx} non-2xx answers`);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average * 10) / 10,
    first,
  };
}

export function largePortfolioBench(services: () => Services): BenchSuite {
  return {
    name: 'large-portfolio',
    async run(): Promise<BenchFigure[]> {
      const { databaseUrl, redisUrl } = services();
      const figures: BenchFigure[] = [];
      const p50s = new Map<string, Map<number, number>>();
      let failures = 0;
      for (const size of SIZES) {
        const deployments: Deployment[] = [];
        try {
          deployments.push(await deploy('', size, databaseUrl, redisUrl, figures));
          if (BASELINE) deployments.push(await deploy(' baseline', size, databaseUrl, redisUrl, figures, BASELINE));
          const rounds = new Map<string, Measured[]>();
          for (let round = 1; round <= ROUNDS; round += 1) {
            for (const endpoint of ENDPOINTS) {
              // The deployments in turn, endpoint by endpoint: drift in the machine's load hits both alike.
              for (const d of deployments) {
                const series = `${endpoint.name}${d.label}`;
                let m: Measured;
                try {
                  m = await measure(
                    d.url,
                    d.portfolio.apiKey,
                    endpoint.paths({ propertyId: d.portfolio.propertyId, pdfPaymentIds: d.pdfPaymentIds }),
                  );
                } catch (err) {
                  // One failing endpoint does not hide the others' figures; the failure is counted and printed.
                  failures += 1;
                  process.stderr.write(
                    `  ${size}${d.label} ${endpoint.name} round ${round} failed: ${err instanceof Error ? err.message : String(err)}\n`,
                  );
                  continue;
                }
                if (!rounds.has(series)) rounds.set(series, []);
                rounds.get(series)!.push(m);
                process.stdout.write(
                  `  ${size}${d.label} ${endpoint.name}${ROUNDS > 1 ? ` (round ${round})` : ''}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s, first ${m.first} ms, load average ${loadavg()[0].toFixed(1)}\n`,
                );
              }
            }
          }
          for (const [series, measured] of rounds) {
            const worst = (pick: (m: Measured) => number): number => Math.max(...measured.map(pick));
            const extra = `${size} properties, read cache off, ${CONNECTIONS} connections, ${DURATION_S}s, ${measured.length} of ${ROUNDS} rounds (worst round), load average ${loadavg()[0].toFixed(1)} at the end`;
            figures.push(
              { name: `large-portfolio ${size} ${series} p50`, unit: 'ms', value: worst((m) => m.p50), extra },
              { name: `large-portfolio ${size} ${series} p99`, unit: 'ms', value: worst((m) => m.p99) },
              { name: `large-portfolio ${size} ${series} req/s`, unit: 'req/s', value: measured[0].rps },
              { name: `large-portfolio ${size} ${series} first`, unit: 'ms', value: measured[0].first },
            );
            if (ROUNDS > 1)
              figures.push({
                name: `large-portfolio ${size} ${series} p99 best`,
                unit: 'ms',
                value: Math.min(...measured.map((m) => m.p99)),
              });
            if (!p50s.has(series)) p50s.set(series, new Map());
            p50s.get(series)!.set(
              size,
              worst((m) => m.p50),
            );
          }
        } finally {
          for (const d of deployments) await d.stop();
        }
      }
      figures.push({
        name: 'large-portfolio failed endpoints',
        unit: 'count',
        value: failures,
        extra: 'endpoint measurements that failed (see stderr)',
      });
      // Growth of the cost with the portfolio: p50 at each larger size over p50 at the smallest (1 = flat).
      const smallest = SIZES[0];
      for (const [endpoint, bySize] of p50s) {
        for (const size of SIZES.slice(1)) {
          const [small, large] = [bySize.get(smallest), bySize.get(size)];
          if (small === undefined || large === undefined) continue;
          const ratio = large / Math.max(small, 1);
          figures.push({
            name: `large-portfolio ${endpoint} p50 growth ${smallest}->${size}`,
            unit: 'ratio',
            value: Math.round(ratio * 100) / 100,
          });
        }
      }
      return figures;
    },
  };
}

interface Deployment {
  readonly label: string;
  readonly url: string;
  readonly portfolio: Portfolio;
  readonly pdfPaymentIds: readonly string[];
  stop(): Promise<void>;
}

/** A fresh database with the portfolio, and a server on it: this checkout's, or `checkout`'s (the baseline). */
async function deploy(
  label: string,
  size: number,
  databaseUrl: string,
  redisUrl: string,
  figures: BenchFigure[],
  checkout?: string,
): Promise<Deployment> {
  const database = await freshPostgres(databaseUrl, 'bench_portfolio');
  try {
    const migrate = checkout
      ? (
          (await import(path.join(checkout, 'reference-server/src/persistence/migrations'))) as {
            readonly migrateLatest: (knex: Knex) => Promise<void>;
          }
        ).migrateLatest
      : undefined;
    const portfolio = await loadPortfolio(database.url, size, undefined, migrate);
    process.stdout.write(
      `  ${size}${label} properties loaded in ${portfolio.loadSeconds.toFixed(1)} s: ${JSON.stringify(portfolio.rows)}\n    load steps (s): ${JSON.stringify(portfolio.steps)}\n`,
    );
    figures.push({
      name: `large-portfolio ${size}${label} load`,
      unit: 's',
      value: Math.round(portfolio.loadSeconds * 10) / 10,
      extra: `${portfolio.rows.rent_payments} rent payments, target < 120 s at 50,000`,
    });
    const pdfPaymentIds = await overduePayments(database.url, portfolio.landlordId);
    // The baseline's own bin, by path: its scripts/reference.ts imports the server as a workspace package, which
    // from a checkout without node_modules of its own (a git worktree here) resolves to this checkout's server.
    const server = await startChild(
      checkout ? path.join(checkout, 'reference-server/bin/reference.ts') : 'scripts/reference.ts',
      {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        PORT: '0',
        LOG_LEVEL: 'warn',
        SEED_FIXTURES: '0',
        READ_CACHE_ENTRIES: '0',
        WEBHOOK_PROCESSING: '0',
        LANDLORD_LIMITS: 'public_api.rent_invoice_pdf=100000000',
      },
      300_000,
    ); // a shared, loaded machine can take minutes to start a tsx server
    return {
      label,
      url: server.url,
      portfolio,
      pdfPaymentIds,
      stop: async () => {
        await server.stop();
        await database.drop();
      },
    };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

/** Overdue payments of the landlord, for distinct invoice PDFs (at most 5,000). */
async function overduePayments(url: string, landlordId: string): Promise<string[]> {
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    const rows = await knex('rent_payments')
      .where({ landlord_id: landlordId, status: 'Overdue' })
      .orderBy('id')
      .limit(5000)
      .select<Array<{ id: string }>>('id');
    return rows.map((r) => r.id);
  } finally {
    await knex.destroy();
  }
}
