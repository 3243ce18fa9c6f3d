// Environment → validated options. Nothing else in the server reads process.env.
import Joi from 'joi';

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
  /** Fault switches for conformance self-tests: each breaks one rule on purpose. Never set in production. */
  readonly faults: ReadonlySet<string>;
  readonly webhookUrl?: string;
  readonly webhookSecret?: string;
  /** Seconds; jitter applies in proportion. */
  readonly webhookRetryDelays: readonly number[];
  /** Secret for signing document download URLs; random per process when unset. */
  readonly urlSigningSecret?: string;
  /** Folder of stored objects (images, documents): STORAGE_DIR, else `${DATA_DIR}/objects`; unset: a per-process temp folder. */
  readonly storageDir?: string;
}

const schema = Joi.object({
  PORT: Joi.number().integer().min(0).max(65535).default(3000),
  HOST: Joi.string().default('127.0.0.1'),
  DATABASE_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }).empty(''),
  DATA_DIR: Joi.string().empty(''),
  REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }).empty(''),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }).empty(''),
  ADMIN_TOKEN: Joi.string().min(8).empty(''),
  NODE_ENV: Joi.string().empty('').default('development'),
  REQUIRE_HTTPS: Joi.boolean().truthy('1').falsy('0').empty(''),
  TRUSTED_PROXIES: Joi.string().allow('').default(''),
  PUBLIC_URL: Joi.string().uri().empty(''),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  SEED_FIXTURES: Joi.boolean().truthy('1').falsy('0').default(true),
  FAULTS: Joi.string().allow('').default(''),
  WEBHOOK_URL: Joi.string().uri({ scheme: ['http', 'https'] }).empty(''),
  WEBHOOK_SECRET: Joi.string().empty(''),
  WEBHOOK_RETRY_DELAYS: Joi.string().pattern(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/).default('900,3600'),
  URL_SIGNING_SECRET: Joi.string().min(16).empty(''),
  STORAGE_DIR: Joi.string().empty(''),
}).unknown(true);

export class ConfigError extends Error {}

const list = (value: string): string[] => value.split(',').map((s) => s.trim()).filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) throw new ConfigError(`invalid configuration: ${error.details.map((d) => d.message).join('; ')}`);
  const v = value as Record<string, string | number | boolean | undefined>;
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
    faults: new Set(list(String(v.FAULTS))),
    webhookUrl: v.WEBHOOK_URL as string | undefined,
    webhookSecret: v.WEBHOOK_SECRET as string | undefined,
    webhookRetryDelays: list(String(v.WEBHOOK_RETRY_DELAYS)).map(Number),
    urlSigningSecret: v.URL_SIGNING_SECRET as string | undefined,
    storageDir: (v.STORAGE_DIR as string | undefined) ?? (v.DATA_DIR !== undefined ? `${String(v.DATA_DIR).replace(/\/+$/, '')}/objects` : undefined),
  };
}
