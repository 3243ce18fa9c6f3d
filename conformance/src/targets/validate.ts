// Turns the parsed JSON of a target file into a Target, or a TargetError naming the first problem.
// Hand-written rather than schema-driven: the messages must be one readable line each (exit status 2).

import {
  CAPABILITIES,
  DEFAULT_PACING,
  STANDARD_ROLES,
  TargetError,
  type Capability,
  type DisableEntry,
  type MailConfig,
  type MailKind,
  type PacingConfig,
  type PlanName,
  type Rate,
  type StandardRole,
  type ProvisioningConfig,
  type Target,
} from './types';

const KNOWN_FIELDS = new Set([
  'baseUrl',
  'keys',
  'extraKeys',
  'production',
  'provisioning',
  'dashboard',
  'mail',
  'webhooks',
  'pacing',
  'capabilities',
  'disable',
  'implementation',
]);
/** Annotations people put in JSON files; accepted silently. */
const ANNOTATION_FIELDS = new Set(['$schema', '$comment', 'comment', 'description', 'name']);
const MAIL_KINDS: readonly MailKind[] = ['maildev', 'mailhog', 'reference', 'provisioning'];
const ROLE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(field: string, problem: string): never {
  throw new TargetError(`target file: ${field} ${problem}`);
}

function httpUrl(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) fail(field, 'must be a non-empty string (an http or https URL)');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(field, `is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(field, `must be http or https, got ${url.protocol}`);
  return value.replace(/\/+$/, '');
}

function nonEmptyString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim().length === 0) fail(field, 'must be a non-empty string');
  return value;
}

function positiveNumber(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) fail(field, 'must be a positive number');
  return value;
}

function rate(value: unknown, field: string): Rate {
  if (!isObject(value)) fail(field, 'must be an object { readsPerMinute, writesPerMinute }');
  return {
    readsPerMinute: positiveNumber(value.readsPerMinute, `${field}.readsPerMinute`),
    writesPerMinute: positiveNumber(value.writesPerMinute, `${field}.writesPerMinute`),
  };
}

function planOrRate(value: unknown, field: string): PlanName | Rate {
  if (value === 'enterprise' || value === 'portfolio') return value;
  if (typeof value === 'string')
    fail(field, `must be "enterprise", "portfolio" or a rate object, got ${JSON.stringify(value)}`);
  return rate(value, field);
}

/** Roles outside interfaces.md may sit under `keys` too (it allows new roles); they join extraKeys. */
function parseKeys(value: unknown): { keys: Target['keys']; extra: Record<string, string> } {
  if (!isObject(value)) fail('keys', 'must be an object mapping roles to API keys');
  const keys: Partial<Record<StandardRole, string>> = {};
  const extra: Record<string, string> = {};
  for (const [role, key] of Object.entries(value)) {
    if ((STANDARD_ROLES as readonly string[]).includes(role))
      keys[role as StandardRole] = nonEmptyString(key, `keys.${role}`);
    else if (!ROLE_NAME.test(role)) fail(`keys.${role}`, 'is not a valid role name (letters, digits, _ and -)');
    else extra[role] = nonEmptyString(key, `keys.${role}`);
  }
  const enterpriseLive = keys.enterpriseLive;
  if (enterpriseLive === undefined) fail('keys.enterpriseLive', 'is required (almost every check uses it)');
  return { keys: { ...keys, enterpriseLive }, extra };
}

function parseExtraKeys(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) fail('extraKeys', 'must be an object mapping role names to API keys');
  const out: Record<string, string> = {};
  for (const [role, key] of Object.entries(value)) {
    if (!ROLE_NAME.test(role)) fail(`extraKeys.${role}`, 'is not a valid role name (letters, digits, _ and -)');
    if ((STANDARD_ROLES as readonly string[]).includes(role))
      fail(`extraKeys.${role}`, 'is a standard role: put it under keys');
    out[role] = nonEmptyString(key, `extraKeys.${role}`);
  }
  return out;
}

function parsePacing(value: unknown): PacingConfig {
  if (value === undefined) return DEFAULT_PACING;
  if (!isObject(value)) fail('pacing', 'must be an object');
  const enabled = value.enabled === undefined ? true : value.enabled;
  if (typeof enabled !== 'boolean') fail('pacing.enabled', 'must be a boolean');
  let headroom = DEFAULT_PACING.headroom;
  if (value.headroom !== undefined) {
    headroom = positiveNumber(value.headroom, 'pacing.headroom');
    if (headroom > 1) fail('pacing.headroom', 'must be a fraction in (0, 1]');
  }
  const plans = { ...DEFAULT_PACING.plans };
  if (value.plans !== undefined) {
    if (!isObject(value.plans)) fail('pacing.plans', 'must be an object');
    for (const [plan, r] of Object.entries(value.plans)) {
      if (plan !== 'enterprise' && plan !== 'portfolio')
        fail(`pacing.plans.${plan}`, 'is not a plan with API access (enterprise, portfolio)');
      plans[plan] = rate(r, `pacing.plans.${plan}`);
    }
  }
  const roles: Record<string, PlanName | Rate> = { ...DEFAULT_PACING.roles };
  if (value.roles !== undefined) {
    if (!isObject(value.roles)) fail('pacing.roles', 'must be an object');
    for (const [role, r] of Object.entries(value.roles)) roles[role] = planOrRate(r, `pacing.roles.${role}`);
  }
  return { enabled, headroom, plans, roles };
}

function parseCapabilities(value: unknown): Partial<Record<Capability, boolean>> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) fail('capabilities', `must be an object of booleans (${CAPABILITIES.join(', ')})`);
  const out: Partial<Record<Capability, boolean>> = {};
  for (const [name, offered] of Object.entries(value)) {
    if (!(CAPABILITIES as readonly string[]).includes(name))
      fail(
        `capabilities.${name}`,
        `is not an optional feature of the spec (${CAPABILITIES.join(', ')}); Core rules cannot be declared away`,
      );
    if (typeof offered !== 'boolean') fail(`capabilities.${name}`, 'must be a boolean');
    out[name as Capability] = offered;
  }
  return out;
}

function parseDisable(value: unknown): DisableEntry[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    fail('disable', 'must be an array of { "check": "<check id, rule id or glob>", "reason": "..." }');
  return value.map((entry: unknown, i: number) => {
    if (!isObject(entry)) fail(`disable[${i}]`, 'must be an object { check, reason }');
    return {
      match: nonEmptyString(entry.check, `disable[${i}].check`),
      reason: nonEmptyString(entry.reason, `disable[${i}].reason`),
    };
  });
}

function parseSection<T>(value: unknown, field: string, parse: (obj: Json) => T): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) fail(field, 'must be an object');
  return parse(value);
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Partial<Record<K, V>>);
}

/**
 * `provisioning`: `{ url, token }` (the HTTP contract) or `{ command: [...], token? }`, plus `mail: true` when it
 * also serves the contract's mail operations. The older `dashboard` section `{ url, token }` is the HTTP form.
 */
function parseProvisioning(raw: Json): { provisioning?: ProvisioningConfig; mail?: MailConfig } {
  if (
    raw.provisioning !== undefined &&
    raw.provisioning !== null &&
    raw.dashboard !== undefined &&
    raw.dashboard !== null
  ) {
    fail('provisioning', 'and dashboard are two forms of one thing: give only provisioning');
  }
  const legacy = parseSection(raw.dashboard, 'dashboard', (d) => ({
    url: httpUrl(d.url, 'dashboard.url'),
    token: nonEmptyString(d.token, 'dashboard.token'),
  }));
  if (legacy) return { provisioning: legacy };
  const section = parseSection(raw.provisioning, 'provisioning', (p) => p);
  if (!section) return {};
  if (section.mail !== undefined && typeof section.mail !== 'boolean') fail('provisioning.mail', 'must be a boolean');
  const mail: MailConfig | undefined = section.mail === true ? { kind: 'provisioning' } : undefined;
  if (section.command !== undefined) {
    if (section.url !== undefined) fail('provisioning', 'takes either url (the HTTP contract) or command, not both');
    const command = section.command;
    if (!Array.isArray(command) || command.length === 0)
      fail('provisioning.command', 'must be a non-empty array: the program and its arguments');
    const args = command.map((part: unknown, i: number) => nonEmptyString(part, `provisioning.command[${i}]`));
    const token = section.token === undefined ? undefined : nonEmptyString(section.token, 'provisioning.token');
    return { provisioning: { command: args, ...(token !== undefined ? { token } : {}) }, ...(mail ? { mail } : {}) };
  }
  if (section.url === undefined) fail('provisioning', 'needs url and token (the HTTP contract) or command');
  return {
    provisioning: {
      url: httpUrl(section.url, 'provisioning.url'),
      token: nonEmptyString(section.token, 'provisioning.token'),
    },
    ...(mail ? { mail } : {}),
  };
}

function parseMail(m: Json): MailConfig {
  if (typeof m.kind !== 'string' || !(MAIL_KINDS as readonly string[]).includes(m.kind))
    fail('mail.kind', `must be one of ${MAIL_KINDS.join(', ')}`);
  if (m.kind === 'provisioning') return { kind: 'provisioning' };
  return { kind: m.kind as Exclude<MailKind, 'provisioning'>, url: httpUrl(m.url, 'mail.url') };
}

export interface ParsedTarget {
  readonly target: Target;
  /** Not fatal, printed on stderr: unknown fields (typos such as "dashbaord"). */
  readonly warnings: readonly string[];
}

export function parseTarget(raw: unknown, source: string): ParsedTarget {
  if (!isObject(raw)) throw new TargetError('target file: must be a JSON object with baseUrl and keys');
  const warnings: string[] = [];
  for (const field of Object.keys(raw)) {
    if (!KNOWN_FIELDS.has(field) && !ANNOTATION_FIELDS.has(field))
      warnings.push(`target file: unknown field "${field}" ignored`);
  }
  const production = raw.production ?? false;
  if (typeof production !== 'boolean') fail('production', 'must be a boolean');

  const baseUrl = httpUrl(raw.baseUrl, 'baseUrl');
  const { keys, extra } = parseKeys(raw.keys);
  const provisioning = parseProvisioning(raw);
  const mail = parseSection(raw.mail, 'mail', parseMail) ?? provisioning.mail;
  if (mail?.kind === 'provisioning' && !provisioning.provisioning)
    fail('mail.kind', '"provisioning" needs a provisioning section');
  const target: Target = {
    baseUrl,
    keys,
    extraKeys: { ...extra, ...parseExtraKeys(raw.extraKeys) },
    production,
    ...(provisioning.provisioning ? { provisioning: provisioning.provisioning } : {}),
    ...(mail ? { mail } : {}),
    webhooks: parseSection(raw.webhooks, 'webhooks', (w) => {
      let retryDelaysSeconds: number[] | undefined;
      if (w.retryDelaysSeconds !== undefined) {
        if (!Array.isArray(w.retryDelaysSeconds)) fail('webhooks.retryDelaysSeconds', 'must be an array of seconds');
        retryDelaysSeconds = w.retryDelaysSeconds.map((d: unknown, i: number) =>
          positiveNumber(d, `webhooks.retryDelaysSeconds[${i}]`),
        );
      }
      const timeoutSeconds =
        w.timeoutSeconds === undefined ? undefined : positiveNumber(w.timeoutSeconds, 'webhooks.timeoutSeconds');
      const schedulerIntervalSeconds =
        w.schedulerIntervalSeconds === undefined
          ? undefined
          : positiveNumber(w.schedulerIntervalSeconds, 'webhooks.schedulerIntervalSeconds');
      return {
        receiverUrl: httpUrl(w.receiverUrl, 'webhooks.receiverUrl'),
        receiverAdminUrl: httpUrl(w.receiverAdminUrl, 'webhooks.receiverAdminUrl'),
        ...(w.receiverAdminToken !== undefined
          ? { receiverAdminToken: nonEmptyString(w.receiverAdminToken, 'webhooks.receiverAdminToken') }
          : {}),
        secret: nonEmptyString(w.secret, 'webhooks.secret'),
        ...(retryDelaysSeconds ? { retryDelaysSeconds } : {}),
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
        ...(schedulerIntervalSeconds !== undefined ? { schedulerIntervalSeconds } : {}),
      };
    }),
    pacing: parsePacing(raw.pacing),
    ...optional('capabilities', parseCapabilities(raw.capabilities)),
    ...optional('disable', parseDisable(raw.disable)),
    ...optional(
      'implementation',
      parseSection(raw.implementation, 'implementation', (i) => ({
        name: nonEmptyString(i.name, 'implementation.name'),
        version: nonEmptyString(i.version, 'implementation.version'),
        ...(i.url !== undefined ? { url: httpUrl(i.url, 'implementation.url') } : {}),
      })),
    ),
    source,
  };
  return { target, warnings };
}

/** `--base-url` wins over the file's baseUrl (interfaces.md). */
export function withBaseUrl(target: Target, baseUrl: string): Target {
  return { ...target, baseUrl: httpUrl(baseUrl, '--base-url') };
}
