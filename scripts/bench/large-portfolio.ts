// Large portfolio: one generated landlord (scripts/bench/portfolio/load.ts) at several sizes, bulk-loaded into
// PostgreSQL, then the reads a big letting agency makes, with the read cache off (READ_CACHE_ENTRIES=0: every
// request reaches PostgreSQL), 10 connections each, one endpoint after the other.
//
// Per endpoint, size and round: p50 and p99 (ms), req/s, and where an answer's time went: the server's CPU (its
// processes' /proc ticks), PostgreSQL's time (the `active_time` of the deployment's database: statements running,
// waits for a CPU included), the load generator's CPU and the body's size, each divided by the answers of the
// round and its 1 s warm-up. After each size a table of every round side by side; the figures are the worst
// round's p50 and p99, `p99 best` the best round's, and `large-portfolio p99 over target` counts the endpoints whose
// p99 passed the target in any round: 250 ms up to 5,000 properties, 500 ms above (`targetP99`).
//
// The load generator (load-client.ts) times each request from its sending to the last byte of its answer: the
// server's work and every byte on the wire are inside the figure; only the load generator's own waste is not
// (autocannon, used before, decoded every body into a string: at 50,000 properties that made the client, not the
// server, the slowest part of a compliance summary). It runs in this process, which does nothing else while it
// measures: on two cores it shares the machine with the server and PostgreSQL, as any client on the same host
// does, and its CPU per answer is reported beside theirs.
//
// Sizes: BENCH_PORTFOLIO_SIZES (default "500,5000,50000"; "500,5000" for a quick run). Rounds:
// BENCH_PORTFOLIO_ROUNDS (default 1; 3 for the spread) measures every endpoint that many times on the same loaded
// portfolio (a 50,000-property load takes minutes). Seconds per round: BENCH_PORTFOLIO_DURATION_S (default 6).
// `first` is the time of the first request of an endpoint, before any other: for the compliance summary, the
// request that computes the day's summary (the others read it kept).
// Before/after on a loaded machine: BENCH_PORTFOLIO_BASELINE=<another checkout> (a git worktree will do) loads the
// same portfolio into a second database through that checkout's migrations, starts that checkout's server too, and
// measures the two in turn for each endpoint (`... baseline ...` figures), so both see the same load.
// The per-landlord invoice PDF limit is raised through LANDLORD_LIMITS (not bypassed), and the PDF is requested for
// distinct Overdue payments in turn, so each request renders (a cache hit would measure the PDF cache instead).
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { freshPostgres } from '../../reference-server/test/helpers/fresh-postgres';
import { startChild, type Services } from './processes';
import { runLoad, type LoadResult } from './load-client';
import { loadPortfolio, type Portfolio } from './portfolio/load';
import { median, percentile, type BenchFigure, type BenchSuite } from './types';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_PORTFOLIO_DURATION_S ?? 6);
const ROUNDS = Math.max(1, Number(process.env.BENCH_PORTFOLIO_ROUNDS ?? 1));
const SIZES = (process.env.BENCH_PORTFOLIO_SIZES ?? '500,5000,50000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const API = '/api/public/v1';
const BASELINE = process.env.BENCH_PORTFOLIO_BASELINE ? path.resolve(process.env.BENCH_PORTFOLIO_BASELINE) : undefined;
const BASELINE_LABEL = ' baseline';
/** BENCH_PORTFOLIO_ENDPOINTS: a pattern of endpoint names (for example `rent`) to measure those alone, as a profile wants. */
const ENDPOINT_PATTERN = new RegExp(process.env.BENCH_PORTFOLIO_ENDPOINTS ?? '', 'i');

/** The p99 every read must stay under, in every round: 250 ms up to 5,000 properties, 500 ms above. */
const targetP99 = (size: number): number => (size <= 5000 ? 250 : 500);

interface Endpoint {
  readonly name: string;
  /** The path, or a rotating list of paths (one per request, in turn). */
  readonly paths: (ids: { propertyId: string; pdfPaymentIds: readonly string[] }) => readonly string[];
  /** Request headers besides the API key. */
  readonly headers?: Readonly<Record<string, string>>;
}

const ENDPOINTS: readonly Endpoint[] = [
  { name: 'properties page 1', paths: () => ['/properties'] },
  { name: 'properties page 100', paths: () => ['/properties?page=100'] },
  { name: 'contracts Active', paths: () => ['/contracts?status=Active'] },
  { name: 'rent Overdue limit 500', paths: () => ['/rent?status=Overdue&limit=500'] },
  { name: 'events default window', paths: () => ['/events'] },
  { name: 'events 400 days', paths: () => [`/events?from=${addDays(-200)}&to=${addDays(199)}`] },
  { name: 'compliance summary', paths: () => ['/compliance/summary'] },
  // As browsers and most HTTP clients ask for it; the bytes are counted as sent (a client then inflates them).
  { name: 'compliance summary gzip', paths: () => ['/compliance/summary'], headers: { 'accept-encoding': 'gzip' } },
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
  /** Per answer of the warm-up and the round (the probe left out): CPU of the server's processes, ms. */
  serverCpuMs?: number;
  /** Per answer likewise: time PostgreSQL's sessions on the deployment's database spent running statements, ms. */
  databaseMs?: number;
  /** Per answer likewise: CPU of the load generator (this process), ms. */
  clientCpuMs: number;
  /** Body bytes per answer, KB. */
  kb: number;
}

/** What a deployment lets the bench read about itself while it measures. */
interface Observed {
  serverCpuMs(): number | undefined;
  databaseActiveMs(): Promise<number | undefined>;
}

// PostgreSQL reports a session's statistics when it goes idle, at most once a second: a second and a bit after the
// last answer, its active time includes every statement of the round.
const STATS_SETTLE_MS = 1100;
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));

async function measure(
  base: string,
  key: string,
  endpoint: Endpoint,
  ids: Parameters<Endpoint['paths']>[0],
  observed: Observed,
): Promise<Measured> {
  const headers = { ...endpoint.headers, authorization: `Bearer ${key}` };
  const paths = endpoint.paths(ids);
  const full = paths.map((p) => `${API}${p}`);
  // Slow endpoints at the largest size take seconds per request: a generous timeout, so they measure, not fail.
  const load = (durationMs: number, connections = CONNECTIONS, maxRequests?: number): Promise<LoadResult> =>
    runLoad({ origin: base, headers, paths: full, connections, durationMs, maxRequests, timeoutMs: 120_000 });
  const failed = (r: LoadResult): boolean => r.errors + r.non2xx > 0;
  // The probe: one request alone (for the compliance summary, the one that computes the day's summary).
  const probe = await load(Infinity, 1, 1);
  if (failed(probe)) throw new Error(`probe: ${probe.firstProblem}`);
  await settle();
  const [cpuBefore, dbBefore] = [observed.serverCpuMs(), await observed.databaseActiveMs()];
  const warm = await load(1000);
  const round = await load(DURATION_S * 1000);
  await settle();
  const [cpuAfter, dbAfter] = [observed.serverCpuMs(), await observed.databaseActiveMs()];
  for (const r of [warm, round])
    if (failed(r)) throw new Error(`${r.errors} errors and ${r.non2xx} non-2xx answers, the first: ${r.firstProblem}`);
  if (round.latencies.length === 0) throw new Error(`${paths[0]}: no request completed in ${DURATION_S}s`);
  const answers = warm.latencies.length + round.latencies.length;
  const perAnswer = (before: number | undefined, after: number | undefined): number | undefined =>
    before === undefined || after === undefined ? undefined : Math.round(((after - before) / answers) * 10) / 10;
  return {
    p50: Math.round(percentile(round.latencies, 50)),
    p99: Math.round(percentile(round.latencies, 99)),
    rps: Math.round((round.latencies.length / round.elapsedMs) * 10000) / 10,
    first: Math.round(probe.latencies[0]),
    serverCpuMs: perAnswer(cpuBefore, cpuAfter),
    databaseMs: perAnswer(dbBefore, dbAfter),
    clientCpuMs: Math.round(((warm.clientCpuMs + round.clientCpuMs) / answers) * 10) / 10,
    kb: Math.round(round.bytes / round.latencies.length / 100) / 10,
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
      const overTarget: string[] = [];
      for (const size of SIZES) {
        const deployments: Deployment[] = [];
        try {
          deployments.push(await deploy('', size, databaseUrl, redisUrl, figures));
          if (BASELINE) deployments.push(await deploy(BASELINE_LABEL, size, databaseUrl, redisUrl, figures, BASELINE));
          const rounds = new Map<string, Measured[]>();
          for (let round = 1; round <= ROUNDS; round += 1) {
            for (const endpoint of ENDPOINTS.filter((e) => ENDPOINT_PATTERN.test(e.name))) {
              // The deployments in turn, endpoint by endpoint: drift in the machine's load hits both alike.
              for (const d of deployments) {
                const series = `${endpoint.name}${d.label}`;
                let m: Measured;
                try {
                  m = await measure(
                    d.url,
                    d.portfolio.apiKey,
                    endpoint,
                    { propertyId: d.portfolio.propertyId, pdfPaymentIds: d.pdfPaymentIds },
                    d,
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
                const per = (v: number | undefined): string => (v === undefined ? '?' : String(v));
                process.stdout.write(
                  `  ${size}${d.label} ${endpoint.name}${ROUNDS > 1 ? ` (round ${round})` : ''}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps} req/s, first ${m.first} ms; per answer ${m.kb} KB, server CPU ${per(m.serverCpuMs)} ms, database ${per(m.databaseMs)} ms, client CPU ${m.clientCpuMs} ms; load average ${loadavg()[0].toFixed(1)}\n`,
                );
              }
            }
          }
          process.stdout.write(roundsTable(size, rounds));
          for (const [series, measured] of rounds) {
            const all = (pick: (m: Measured) => number | undefined): number[] =>
              measured.map(pick).filter((v): v is number => v !== undefined);
            const worst = (pick: (m: Measured) => number): number => Math.max(...all(pick));
            const p99s = all((m) => m.p99);
            const extra = `${size} properties, read cache off, ${CONNECTIONS} connections, ${DURATION_S}s, ${measured.length} of ${ROUNDS} rounds (worst round), load average ${loadavg()[0].toFixed(1)} at the end`;
            figures.push(
              { name: `large-portfolio ${size} ${series} p50`, unit: 'ms', value: worst((m) => m.p50), extra },
              {
                name: `large-portfolio ${size} ${series} p99`,
                unit: 'ms',
                value: Math.max(...p99s),
                extra: `rounds: ${p99s.join(', ')}; target < ${targetP99(size)} ms`,
              },
              { name: `large-portfolio ${size} ${series} req/s`, unit: 'req/s', value: Math.min(...all((m) => m.rps)) },
              { name: `large-portfolio ${size} ${series} first`, unit: 'ms', value: measured[0].first },
            );
            if (ROUNDS > 1)
              figures.push({
                name: `large-portfolio ${size} ${series} p99 best`,
                unit: 'ms',
                value: Math.min(...p99s),
              });
            // Where an answer's time goes, the median of the rounds: the server's CPU, PostgreSQL's time, the
            // client's CPU, the bytes moved.
            for (const [what, unit, pick] of [
              ['server CPU', 'ms/answer', (m: Measured) => m.serverCpuMs],
              ['database', 'ms/answer', (m: Measured) => m.databaseMs],
              ['client CPU', 'ms/answer', (m: Measured) => m.clientCpuMs],
              ['body', 'KB/answer', (m: Measured) => m.kb],
            ] as const) {
              const values = all(pick);
              if (values.length > 0)
                figures.push({
                  name: `large-portfolio ${size} ${series} ${what}`,
                  unit,
                  value: tenths(median(values)),
                });
            }
            if (!p50s.has(series)) p50s.set(series, new Map());
            p50s.get(series)!.set(
              size,
              worst((m) => m.p50),
            );
            if (!series.endsWith(BASELINE_LABEL) && Math.max(...p99s) >= targetP99(size))
              overTarget.push(`${size} ${series}`);
          }
        } finally {
          for (const d of deployments) await d.stop();
        }
      }
      figures.push({
        name: 'large-portfolio p99 over target',
        unit: 'count',
        value: overTarget.length,
        extra: overTarget.length > 0 ? overTarget.join('; ') : `every p99 of every round under its target`,
      });
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

const tenths = (value: number): number => Math.round(value * 10) / 10;

/** Every round of every endpoint at one size, side by side (the spread between rounds at a glance). */
function roundsTable(size: number, rounds: ReadonlyMap<string, readonly Measured[]>): string {
  const width = Math.max(...[...rounds.keys()].map((series) => series.length), 8);
  const list = (measured: readonly Measured[], pick: (m: Measured) => number | undefined): string =>
    measured.map((m) => pick(m) ?? '?').join(' / ');
  const lines = [
    `\n  ${size} properties, ${ROUNDS} round(s) of ${DURATION_S} s, ${CONNECTIONS} connections, p99 target < ${targetP99(size)} ms; ms per round, then per answer (median of rounds): server CPU, database, client CPU (ms), body (KB)`,
    `  ${'endpoint'.padEnd(width)}  ${'p50'.padEnd(20)}  ${'p99'.padEnd(20)}  server  database  client        KB`,
  ];
  for (const [series, measured] of rounds) {
    const med = (pick: (m: Measured) => number | undefined): string => {
      const values = measured.map(pick).filter((v): v is number => v !== undefined);
      return values.length === 0 ? '?' : String(tenths(median(values)));
    };
    const over = Math.max(...measured.map((m) => m.p99)) >= targetP99(size) ? '  OVER' : '';
    lines.push(
      `  ${series.padEnd(width)}  ${list(measured, (m) => m.p50).padEnd(20)}  ${list(measured, (m) => m.p99).padEnd(20)}  ${med((m) => m.serverCpuMs).padStart(6)}  ${med((m) => m.databaseMs).padStart(8)}  ${med((m) => m.clientCpuMs).padStart(6)}  ${med((m) => m.kb).padStart(8)}${over}`,
    );
  }
  return `${lines.join('\n')}\n\n`;
}

interface Deployment extends Observed {
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
    // Reads PostgreSQL's statistics of the deployment's database (its own statement adds well under a millisecond).
    const stats = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    return {
      label,
      url: server.url,
      portfolio,
      pdfPaymentIds,
      serverCpuMs: () => server.cpuMs(),
      databaseActiveMs: async () =>
        (
          await stats.raw<{ rows: Array<{ ms: number | null }> }>(
            'select active_time as ms from pg_stat_database where datname = current_database()',
          )
        ).rows[0]?.ms ?? undefined,
      stop: async () => {
        await stats.destroy();
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
