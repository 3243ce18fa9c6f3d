// Environment → validated options. Nothing else in the server reads process.env.
import Joi from 'joi';
import { LANDLORD_LIMITS, type LandlordLimitName } from './limits/policy';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Unset: embedded PGlite (in memory, or on disk under dataDir). */
  readonly databaseUrl?: string;
  readonly dataDir?: string;
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
  /** PostgreSQL: a query not answered within this many ms fails (client side, so a frozen server is bounded too). */
  readonly dbQueryTimeoutMs: number;
  /** PostgreSQL: waiting this long for a pooled (or new) connection fails the request. */
  readonly dbAcquireTimeoutMs: number;
  /**
   * Compliance summaries computed at once per process; the rest wait their turn in arrival order, at most
   * DB_QUERY_TIMEOUT_MS, then answer 503 DATABASE_UNAVAILABLE.
   */
  readonly complianceSummaryConcurrency: number;
  /** Folder of stored objects (images, documents): STORAGE_DIR, else `${DATA_DIR}/objects`; unset: a per-process temp folder. */
  readonly storageDir?: string;
}

const schema = Joi.object<Record<string, string | number | boolean | undefined>>({
  PORT: Joi.number().integer().min(0).max(65535).default(3000),
  HOST: Joi.string().default('127.0.0.1'),
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .empty(''),
  DATA_DIR: Joi.string().empty(''),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .empty(''),
  SMTP_URL: Joi.string()
    .uri({ scheme: ['smtp', 'smtps'] })
    .empty(''),
  ADMIN_TOKEN: Joi.string().min(8).empty(''),
  NODE_ENV: Joi.string().empty('').default('development'),
  REQUIRE_HTTPS: Joi.boolean().truthy('1').falsy('0').empty(''),
  TRUSTED_PROXIES: Joi.string().allow('').default(''),
  PUBLIC_URL: Joi.string().uri().empty(''),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  SEED_FIXTURES: Joi.boolean().truthy('1').falsy('0').default(true),
  WEBHOOK_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty(''),
  WEBHOOK_SECRET: Joi.string().empty(''),
  WEBHOOK_RETRY_DELAYS: Joi.string()
    .pattern(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/)
    .default('900,3600'),
  WEBHOOK_JITTER: Joi.number().min(0).max(0.5).default(0.1),
  WEBHOOK_TIMEOUT_MS: Joi.number().integer().min(1).max(60_000).default(10_000),
  WEBHOOK_PROCESSING: Joi.boolean().truthy('1').falsy('0').default(true),
  WEBHOOK_POLL_MS: Joi.number().integer().min(10).max(60_000).default(200),
  WEBHOOK_CONCURRENCY: Joi.number().integer().min(1).max(1000).default(16),
  WEBHOOK_SCHEDULER_INTERVAL_MS: Joi.number().integer().min(1000).default(3_600_000),
  WEBHOOK_QUEUE_LOCK_MS: Joi.number().integer().min(1000).default(30_000),
  WEBHOOK_QUEUE_PREFIX: Joi.string()
    .pattern(/^[A-Za-z0-9_.-]+$/)
    .default('ppapi'),
  WEBHOOK_STRICT_EVENTS: Joi.boolean().truthy('1').falsy('0').default(false),
  URL_SIGNING_SECRET: Joi.string().min(16).empty(''),
  LANDLORD_LIMITS: Joi.string()
    .pattern(/^[a-z_.]+=\d+(,[a-z_.]+=\d+)*$/)
    .empty(''),
  CREDENTIAL_CACHE_MS: Joi.number().integer().min(0).max(60_000).default(5000),
  READ_CACHE_ENTRIES: Joi.number().integer().min(0).max(1_000_000).default(500),
  READ_CACHE_TTL_MS: Joi.number().integer().min(0).max(3_600_000).default(30_000),
  READ_CACHE_MAX_BYTES: Joi.number()
    .integer()
    .min(0)
    .max(4 * 1024 ** 3)
    .default(32 * 1024 * 1024),
  REDIS_PREFIX: Joi.string()
    .pattern(/^[A-Za-z0-9_.:-]{1,64}$/)
    .empty(''),
  STORAGE_DIR: Joi.string().empty(''),
  REQUEST_TIMEOUT_MS: Joi.number().integer().min(100).max(3_600_000).default(30_000),
  HEADERS_TIMEOUT_MS: Joi.number()
    .integer()
    .min(100)
    .max(Joi.ref('REQUEST_TIMEOUT_MS'))
    .default(Joi.ref('REQUEST_TIMEOUT_MS')),
  DB_QUERY_TIMEOUT_MS: Joi.number().integer().min(100).max(600_000).default(5_000),
  DB_ACQUIRE_TIMEOUT_MS: Joi.number().integer().min(100).max(600_000).default(3_000),
  COMPLIANCE_SUMMARY_CONCURRENCY: Joi.number().integer().min(1).max(1000).default(3),
}).unknown(true);

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
  const result = schema.validate(env, { abortEarly: false, convert: true });
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
    dbQueryTimeoutMs: Number(v.DB_QUERY_TIMEOUT_MS),
    dbAcquireTimeoutMs: Number(v.DB_ACQUIRE_TIMEOUT_MS),
    complianceSummaryConcurrency: Number(v.COMPLIANCE_SUMMARY_CONCURRENCY),
    storageDir:
      (v.STORAGE_DIR as string | undefined) ??
      (v.DATA_DIR !== undefined ? `${String(v.DATA_DIR).replace(/\/+$/, '')}/objects` : undefined),
  };
}
