// Environment → validated options. Nothing else in the server reads process.env.
import Joi from 'joi';
import { LANDLORD_LIMITS, type LandlordLimitName } from './limits/policy';
import type { MetricsAccess } from './metrics/metrics';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Unset: embedded PGlite (in memory, or on disk under dataDir). */
  readonly databaseUrl?: string;
  readonly dataDir?: string;
  /** PGlite in memory: start from this snapshot file, or write it once migrated and seeded when it is missing. */
  readonly pgliteSnapshot?: string;
  /** Unset: in-process rate-limit and lock stores. */
  readonly redisUrl?: string;
  /** Unset: in-process mail capture. */
  readonly smtpUrl?: string;
  /** Unset: the developer dashboard API is disabled (every call answers 401). */
  readonly adminToken?: string;
  /** Production mode: plain HTTP is refused with 403 HTTPS_REQUIRED. */
  readonly production: boolean;
  /** Peers whose X-Forwarded-Proto is believed (TLS terminated by a proxy). */
  readonly trustedProxies: readonly string[];
  /** Base URL used in links the server hands out (image URLs, download URLs, Link headers). */
  readonly publicUrl?: string;
  readonly logLevel: string;
  /** Load the fixture portfolio into an empty database on start. */
  readonly seedFixtures: boolean;
  readonly webhookUrl?: string;
  readonly webhookSecret?: string;
  /** Seconds; jitter applies in proportion. Attempts in total = delays + 1 (3 by default). */
  readonly webhookRetryDelays: readonly number[];
  /** Jitter as a fraction of each retry delay (0.1 = ±10 %). */
  readonly webhookJitter: number;
  /** Per-call timeout of a delivery (spec: 10 seconds); shorter in tests. */
  readonly webhookTimeoutMs: number;
  /** Run the dispatcher, delivery worker and scheduler in this process (off when separate workers do). */
  readonly webhookProcessing: boolean;
  /** How often the dispatcher and the embedded queue look for work (a local write wakes them at once). */
  readonly webhookPollMs: number;
  /** Deliveries one process sends at the same time. */
  readonly webhookConcurrency: number;
  /** How often the scheduler looks for due rent and contract dates (it also runs on start). */
  readonly webhookSchedulerIntervalMs: number;
  /** BullMQ: lock duration of a running job; a killed worker's job is retried once it lapses. */
  readonly webhookQueueLockMs: number;
  /** BullMQ: key prefix of the delivery queue in Redis. */
  readonly webhookQueuePrefix: string;
  /** A write recording an event whose data is not exactly the catalogue's fails (CI, development). */
  readonly webhookStrictEvents: boolean;
  /** Secret for signing document download URLs; random per process when unset. */
  readonly urlSigningSecret?: string;
  /** Per-landlord limits raised or lowered by name (LANDLORD_LIMITS="public_api.rent_invoice_pdf=1000,..."); for tests and benchmarks. */
  readonly landlordLimits?: Readonly<Partial<Record<LandlordLimitName, number>>>;
  /** How long a key lookup is reused in process (revocations elsewhere take effect within it). */
  readonly credentialCacheMs: number;
  /** Read answers kept per process, keyed by the landlord's data version (0 turns the cache off). */
  readonly readCacheEntries: number;
  /** How long a cached read answer lives at most; writes through the API invalidate it at once. */
  readonly readCacheTtlMs: number;
  /** Serialized bytes of cached read answers kept per process. */
  readonly readCacheMaxBytes: number;
  /** Prefix of every Redis key and queue name (several deployments, or test servers, sharing one Redis). */
  readonly redisPrefix?: string;
  /** A request (headers and body) not received in full within this many ms answers 408 REQUEST_TIMEOUT and is closed. */
  readonly requestTimeoutMs: number;
  /** Request headers not received in full within this many ms: 408 REQUEST_TIMEOUT, connection closed (≤ requestTimeoutMs). */
  readonly headersTimeoutMs: number;
  /**
   * An idle keep-alive connection is closed after this many ms. Above the idle timeout of the balancer in front
   * (60 s for the common ones), so the balancer, not the server, closes an idle upstream connection: otherwise it
   * may send a request on a connection the server is closing, and its client sees a 502 the server never sent.
   * Below headersTimeoutMs, as Node's documentation asks.
   */
  readonly keepAliveTimeoutMs: number;
  /** On SIGTERM/SIGINT: requests in flight get this many ms to finish; then their connections are closed. */
  readonly shutdownTimeoutMs: number;
  /** GET /metrics: `admin` needs the admin token (Bearer), `open` needs nothing (a private network), `off` is 404. */
  readonly metrics: MetricsAccess;
  /** PostgreSQL: a query not answered within this many ms fails (client side, so a frozen server is bounded too). */
  readonly dbQueryTimeoutMs: number;
  /** PostgreSQL: waiting this long for a pooled (or new) connection fails the request. */
  readonly dbAcquireTimeoutMs: number;
  /**
   * Compliance summaries computed at once per process; the rest wait their turn in arrival order, at most
   * DB_QUERY_TIMEOUT_MS, then answer 503 SERVICE_UNAVAILABLE with Retry-After.
   */
  readonly complianceSummaryConcurrency: number;
  /** Folder of stored objects (images, documents): STORAGE_DIR, else `${DATA_DIR}/objects`; unset: a per-process temp folder. */
  readonly storageDir?: string;
}

/** Above the 60 s idle timeout of common balancers (AWS ALB, nginx's upstream keepalive_timeout, HAProxy setups). */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Above the keep-alive timeout, as Node's documentation asks. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 66_000;

/** 65 s, or less when a short headers timeout is configured (tests, drills): it stays below it. */
function keepAliveDefault(headersTimeoutMs: number): number {
  return Math.min(DEFAULT_KEEP_ALIVE_TIMEOUT_MS, Math.max(1, headersTimeoutMs - Math.min(1000, headersTimeoutMs / 2)));
}

/** The environment the server reads; each key's description is the README's configuration table (config-table.ts). */
export const CONFIG_SCHEMA = Joi.object<Record<string, string | number | boolean | undefined>>({
  PORT: Joi.number().integer().min(0).max(65535).default(3000).description('listening port (`0`: any free port)'),
  HOST: Joi.string().default('127.0.0.1').description('listening address'),
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .empty('')
    .meta({ default: 'unset' })
    .description(
      'PostgreSQL 13 or later (`postgres://…`); the migrations install the pgcrypto extension (trusted: the role needs CREATE on the database) and create trigger functions. Unset: embedded PGlite, in memory, so every start begins from the fixture portfolio',
    ),
  DATA_DIR: Joi.string()
    .empty('')
    .meta({ default: 'unset' })
    .description('with PGlite, keep the database (and stored files under `objects/`) on disk in this folder'),
  PGLITE_SNAPSHOT: Joi.string()
    .empty('')
    .meta({ default: 'unset' })
    .description(
      'with PGlite in memory (neither `DATABASE_URL` nor `DATA_DIR`): a file to start the database from, a quarter of the CPU time of creating, migrating and seeding it; when there is no such file, the server writes it once migrated and seeded (so its fixture dates are those of that day)',
    ),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .empty('')
    .meta({ default: 'unset' })
    .description('Redis for rate limits (and the webhook queue). Unset: in-process stores with the same behaviour'),
  SMTP_URL: Joi.string()
    .uri({ scheme: ['smtp', 'smtps'] })
    .empty('')
    .meta({ default: 'unset' })
    .description(
      '`smtp://host:port` for outbound mail. Unset: in-process capture, readable at `GET /dashboard/api/mail`',
    ),
  ADMIN_TOKEN: Joi.string()
    .min(8)
    .empty('')
    .meta({ default: 'generated' })
    .description(
      'Bearer token of the developer dashboard API (`/dashboard/api`) and of the provisioning contract (`/provisioning/v1`), at least 8 characters. Unset: a random one, printed on start',
    ),
  NODE_ENV: Joi.string()
    .empty('')
    .default('development')
    .description('`production` turns production mode on (see `REQUIRE_HTTPS`)'),
  REQUIRE_HTTPS: Joi.boolean()
    .truthy('1')
    .falsy('0')
    .empty('')
    .meta({ default: 'from `NODE_ENV`' })
    .description(
      'production mode (`1`, or `NODE_ENV=production`): plain HTTP answers `403 HTTPS_REQUIRED` (all but `GET /healthz`); `0` turns it off whatever `NODE_ENV` says',
    ),
  TRUSTED_PROXIES: Joi.string()
    .allow('')
    .default('')
    .meta({ default: 'empty' })
    .description('comma-separated IPs or IPv4 CIDRs whose `X-Forwarded-Proto: https` counts as TLS'),
  PUBLIC_URL: Joi.string()
    .uri()
    .empty('')
    .meta({ default: 'request origin' })
    .description('base URL used in links the server hands out (image and download URLs)'),
  LOG_LEVEL: Joi.string()
    .valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent')
    .default('info')
    .description('pino level (`silent` … `trace`); logs are JSON lines with a request id, never a key'),
  SEED_FIXTURES: Joi.boolean()
    .truthy('1')
    .falsy('0')
    .default(true)
    .description('load the fixture portfolio into an empty database on start'),
  // Node's own; listed so the table documents it (the server relaunches itself with its flags unless set).
  NODE_OPTIONS: Joi.string()
    .empty('')
    .meta({ default: 'unset' })
    .description(
      "Node's own; the server adds `--max-semi-space-size=64` by starting itself as a child process with it, unless `NODE_OPTIONS` (or the command line) already sets `--max-semi-space-size` (see the reference server's README)",
    ),
  WEBHOOK_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty('')
    .meta({ default: 'unset' })
    .description(
      'with `WEBHOOK_SECRET`: the `enterpriseLive` landlord gets subscriptions delivering every event type to this URL',
    ),
  WEBHOOK_SECRET: Joi.string()
    .empty('')
    .meta({ default: 'unset' })
    .description('signing secret of the `WEBHOOK_URL` subscriptions'),
  WEBHOOK_RETRY_DELAYS: Joi.string()
    .pattern(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/)
    .default('900,3600')
    .description('webhook retry delays in seconds, comma-separated; jitter applies in proportion'),
  WEBHOOK_JITTER: Joi.number()
    .min(0)
    .max(0.5)
    .default(0.1)
    .description('retry jitter as a fraction of the delay (±10 %)'),
  WEBHOOK_TIMEOUT_MS: Joi.number()
    .integer()
    .min(1)
    .max(60_000)
    .default(10_000)
    .description("per-call delivery timeout (the spec's 10 s)"),
  WEBHOOK_PROCESSING: Joi.boolean()
    .truthy('1')
    .falsy('0')
    .default(true)
    .description(
      'run the dispatcher, delivery worker and scheduler in the server process; `0` when separate `ppapi-reference-worker` processes do it',
    ),
  WEBHOOK_POLL_MS: Joi.number()
    .integer()
    .min(10)
    .max(60_000)
    .default(200)
    .description('embedded queue polling interval'),
  WEBHOOK_CONCURRENCY: Joi.number()
    .integer()
    .min(1)
    .max(1000)
    .default(16)
    .description('deliveries in flight per worker'),
  WEBHOOK_SCHEDULER_INTERVAL_MS: Joi.number()
    .integer()
    .min(1000)
    .default(3_600_000)
    .description(
      'how often the scheduler looks for date-driven events (`rent.overdue`, `rent.due_soon`, `contract.expiring`, `contract.ended`)',
    ),
  WEBHOOK_QUEUE_LOCK_MS: Joi.number()
    .integer()
    .min(1000)
    .default(30_000)
    .description("delivery lease length (a killed worker's attempt is retried after it)"),
  WEBHOOK_QUEUE_PREFIX: Joi.string()
    .pattern(/^[A-Za-z0-9_.-]+$/)
    .default('ppapi')
    .description('BullMQ queue prefix'),
  WEBHOOK_STRICT_EVENTS: Joi.boolean()
    .truthy('1')
    .falsy('0')
    .default(false)
    .description(
      '`1`: a write whose event data does not match the catalogue fails instead of logging and skipping the event',
    ),
  URL_SIGNING_SECRET: Joi.string()
    .min(16)
    .empty('')
    .meta({ default: 'kept in the database' })
    .description(
      'key for signed document download URLs, at least 16 characters; unset, the server draws one once and keeps it in the database, so every process on that database (and every restart) signs alike',
    ),
  LANDLORD_LIMITS: Joi.string()
    .pattern(/^[a-z_.]+=\d+(,[a-z_.]+=\d+)*$/)
    .empty('')
    .meta({ default: 'spec values' })
    .description(
      "per-landlord invoice limits by name, e.g. `public_api.rent_invoice_pdf=1000,public_api.rent_invoice_email=1000` (benchmarks and self-tests; unset means the spec's 20 and 10 per minute)",
    ),
  CREDENTIAL_CACHE_MS: Joi.number()
    .integer()
    .min(0)
    .max(60_000)
    .default(5000)
    .description(
      "how long a key lookup is reused in one process. A revocation, plan change or landlord deletion in the dashboard is seen at the next request by every process (with `REDIS_URL`, through the landlord's credentials version); this bounds only how long a change made outside the dashboard (a database edit) goes unseen",
    ),
  READ_CACHE_ENTRIES: Joi.number()
    .integer()
    .min(0)
    .max(1_000_000)
    .default(500)
    .description(
      "property reads (list and detail) kept per process, keyed by the landlord's data version; `0` turns the read cache off",
    ),
  READ_CACHE_TTL_MS: Joi.number()
    .integer()
    .min(0)
    .max(3_600_000)
    .default(30_000)
    .description(
      "how long a cached read lives at most. Every live write through the API moves the landlord's data version (in Redis when `REDIS_URL` is set, so every process sees it) before it answers, so a read after a write is never stale; the TTL only bounds changes made behind the API's back (a manual database edit)",
    ),
  READ_CACHE_MAX_BYTES: Joi.number()
    .integer()
    .min(0)
    .max(4 * 1024 ** 3)
    .default(32 * 1024 * 1024)
    .description(
      'serialized bytes of cached reads kept per process (32 MiB; the parsed objects beside them take about as much again); an answer over an eighth of it is served but not kept',
    ),
  REDIS_PREFIX: Joi.string()
    .pattern(/^[A-Za-z0-9_.:-]{1,64}$/)
    .empty('')
    .meta({ default: 'unset' })
    .description(
      'prefix of every Redis key and queue name, for several deployments (or test servers) sharing one Redis',
    ),
  STORAGE_DIR: Joi.string()
    .empty('')
    .meta({ default: '`$DATA_DIR/objects` or a temp folder' })
    .description('where uploaded images and documents are stored'),
  REQUEST_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(3_600_000)
    // Node refuses a headers timeout above the request timeout, so the request timeout's default leaves room for the
    // headers timeout's (66 s, above the keep-alive timeout).
    .default(120_000)
    .description(
      'a request (headers and body) not received in full within this time answers `408 REQUEST_TIMEOUT` and the connection is closed',
    ),
  HEADERS_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(Joi.ref('REQUEST_TIMEOUT_MS'))
    .default((parent: { REQUEST_TIMEOUT_MS: number }) =>
      Math.min(DEFAULT_HEADERS_TIMEOUT_MS, parent.REQUEST_TIMEOUT_MS),
    )
    .meta({ default: '66000, at most `REQUEST_TIMEOUT_MS`' })
    .description(
      'the same for the headers alone; above `KEEP_ALIVE_TIMEOUT_MS`, as Node asks, so an idle connection is never cut while a request is arriving',
    ),
  KEEP_ALIVE_TIMEOUT_MS: Joi.number()
    .integer()
    .min(1)
    .less(Joi.ref('HEADERS_TIMEOUT_MS'))
    .default((parent: { HEADERS_TIMEOUT_MS: number }) => keepAliveDefault(parent.HEADERS_TIMEOUT_MS))
    .meta({ default: '65000' })
    .description(
      'how long an idle keep-alive connection stays open; above the 60 s idle timeout of common load balancers, so a balancer never reuses a connection the server is closing',
    ),
  SHUTDOWN_TIMEOUT_MS: Joi.number()
    .integer()
    .min(0)
    .max(600_000)
    .default(10_000)
    .description(
      'on SIGTERM or SIGINT: stop accepting, let requests in flight finish for at most this long, then close every connection',
    ),
  METRICS: Joi.string()
    .valid('admin', 'open', 'off')
    .empty('')
    .default('admin')
    .description(
      '`GET /metrics` (Prometheus format): `admin` needs the `ADMIN_TOKEN` bearer, `open` serves it to anyone who reaches the port (keep that port off the public internet), `off` removes the route',
    ),
  DB_QUERY_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(600_000)
    .default(5_000)
    .description(
      'PostgreSQL: a query not answered in this time fails with `503 SERVICE_UNAVAILABLE` (server-side `statement_timeout`, and a client-side read timeout for a frozen server). Migrations at start run on a connection of their own without it: a backfill over a large landlord takes longer than a request may',
    ),
  DB_ACQUIRE_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(600_000)
    .default(3_000)
    .description('PostgreSQL: waiting this long for a connection fails with `503 SERVICE_UNAVAILABLE`'),
  COMPLIANCE_SUMMARY_CONCURRENCY: Joi.number()
    .integer()
    .min(1)
    .max(1000)
    .default(3)
    .description(
      'compliance summaries computed at once per process (each works over the whole portfolio); the rest wait their turn in arrival order, at most `DB_QUERY_TIMEOUT_MS`, then `503 SERVICE_UNAVAILABLE`',
    ),
})
  .oxor('PGLITE_SNAPSHOT', 'DATABASE_URL')
  .oxor('PGLITE_SNAPSHOT', 'DATA_DIR')
  .unknown(true);

export class ConfigError extends Error {}

function landlordLimitsOf(value: string | undefined): Partial<Record<LandlordLimitName, number>> | undefined {
  if (!value) return undefined;
  const out: Partial<Record<LandlordLimitName, number>> = {};
  for (const [name, limit] of value.split(',').map((pair) => pair.split('=') as [string, string])) {
    if (!Object.hasOwn(LANDLORD_LIMITS, name))
      throw new ConfigError(`invalid configuration: LANDLORD_LIMITS names an unknown limit ${name}`);
    if (Number(limit) < 1) throw new ConfigError(`invalid configuration: LANDLORD_LIMITS ${name} must be at least 1`);
    out[name as LandlordLimitName] = Number(limit);
  }
  return out;
}

const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = CONFIG_SCHEMA.validate(env, { abortEarly: false, convert: true });
  if (result.error) {
    throw new ConfigError(`invalid configuration: ${result.error.details.map((d) => d.message).join('; ')}`);
  }
  const v = result.value;
  const production = v.REQUIRE_HTTPS !== undefined ? Boolean(v.REQUIRE_HTTPS) : v.NODE_ENV === 'production';
  return {
    port: Number(v.PORT),
    host: String(v.HOST),
    databaseUrl: v.DATABASE_URL as string | undefined,
    dataDir: v.DATA_DIR as string | undefined,
    pgliteSnapshot: v.PGLITE_SNAPSHOT as string | undefined,
    redisUrl: v.REDIS_URL as string | undefined,
    smtpUrl: v.SMTP_URL as string | undefined,
    adminToken: v.ADMIN_TOKEN as string | undefined,
    production,
    trustedProxies: list(String(v.TRUSTED_PROXIES)),
    publicUrl: v.PUBLIC_URL as string | undefined,
    logLevel: String(v.LOG_LEVEL),
    seedFixtures: Boolean(v.SEED_FIXTURES),
    webhookUrl: v.WEBHOOK_URL as string | undefined,
    webhookSecret: v.WEBHOOK_SECRET as string | undefined,
    webhookRetryDelays: list(String(v.WEBHOOK_RETRY_DELAYS)).map(Number),
    webhookJitter: Number(v.WEBHOOK_JITTER),
    webhookTimeoutMs: Number(v.WEBHOOK_TIMEOUT_MS),
    webhookProcessing: Boolean(v.WEBHOOK_PROCESSING),
    webhookPollMs: Number(v.WEBHOOK_POLL_MS),
    webhookConcurrency: Number(v.WEBHOOK_CONCURRENCY),
    webhookSchedulerIntervalMs: Number(v.WEBHOOK_SCHEDULER_INTERVAL_MS),
    webhookQueueLockMs: Number(v.WEBHOOK_QUEUE_LOCK_MS),
    webhookQueuePrefix: String(v.WEBHOOK_QUEUE_PREFIX),
    webhookStrictEvents: Boolean(v.WEBHOOK_STRICT_EVENTS),
    urlSigningSecret: v.URL_SIGNING_SECRET as string | undefined,
    landlordLimits: landlordLimitsOf(v.LANDLORD_LIMITS as string | undefined),
    credentialCacheMs: Number(v.CREDENTIAL_CACHE_MS),
    readCacheEntries: Number(v.READ_CACHE_ENTRIES),
    readCacheTtlMs: Number(v.READ_CACHE_TTL_MS),
    readCacheMaxBytes: Number(v.READ_CACHE_MAX_BYTES),
    redisPrefix: v.REDIS_PREFIX as string | undefined,
    requestTimeoutMs: Number(v.REQUEST_TIMEOUT_MS),
    headersTimeoutMs: Number(v.HEADERS_TIMEOUT_MS),
    keepAliveTimeoutMs: Number(v.KEEP_ALIVE_TIMEOUT_MS),
    shutdownTimeoutMs: Number(v.SHUTDOWN_TIMEOUT_MS),
    metrics: v.METRICS as MetricsAccess,
    dbQueryTimeoutMs: Number(v.DB_QUERY_TIMEOUT_MS),
    dbAcquireTimeoutMs: Number(v.DB_ACQUIRE_TIMEOUT_MS),
    complianceSummaryConcurrency: Number(v.COMPLIANCE_SUMMARY_CONCURRENCY),
    storageDir:
      (v.STORAGE_DIR as string | undefined) ??
      (v.DATA_DIR !== undefined ? `${String(v.DATA_DIR).replace(/\/+$/, '')}/objects` : undefined),
  };
}
