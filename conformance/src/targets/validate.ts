// Turns the parsed JSON of a target file into a Target, or a TargetError naming the first problem.
// Three steps: `${NAME}` values from the environment, then target.schema.json (what each field may hold), then
// the rules that tie fields together and the defaults (this file). Every message is one line (exit status 2).

import { resolveEnvironment, type Environment } from './environment';
import { assertTargetFile, unknownTopLevelFields, type TargetFileJson } from './target-file';
import {
  DEFAULT_PACING,
  STANDARD_ROLES,
  TargetError,
  type MailConfig,
  type PacingConfig,
  type ProvisioningConfig,
  type StandardRole,
  type Target,
} from './types';

function fail(field: string, problem: string): never {
  throw new TargetError(`target file: ${field} ${problem}`);
}

/** The schema's pattern admits the shape; this also parses it, and drops a trailing slash. */
function httpUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(field, `is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(field, `must be http or https, got ${url.protocol}`);
  return value.replace(/\/+$/, '');
}

function isStandardRole(role: string): role is StandardRole {
  return (STANDARD_ROLES as readonly string[]).includes(role);
}

/** Roles outside interfaces.md may sit under `keys` too (it allows new roles); they join extraKeys. */
function splitKeys(file: TargetFileJson): { keys: Target['keys']; extra: Record<string, string> } {
  const keys: Partial<Record<StandardRole, string>> = {};
  const extra: Record<string, string> = {};
  for (const [role, key] of Object.entries(file.keys)) {
    if (isStandardRole(role)) keys[role] = key;
    else extra[role] = key;
  }
  for (const [role, key] of Object.entries(file.extraKeys ?? {})) {
    if (isStandardRole(role)) fail(`extraKeys.${role}`, 'is a standard role: put it under keys');
    extra[role] = key;
  }
  return { keys: { ...keys, enterpriseLive: file.keys.enterpriseLive }, extra };
}

function pacing(file: TargetFileJson): PacingConfig {
  const p = file.pacing;
  if (p === undefined) return DEFAULT_PACING;
  return {
    enabled: p.enabled ?? true,
    headroom: p.headroom ?? DEFAULT_PACING.headroom,
    plans: { ...DEFAULT_PACING.plans, ...p.plans },
    roles: { ...DEFAULT_PACING.roles, ...p.roles },
  };
}

/**
 * `provisioning`: `{ url, token }` (the HTTP contract) or `{ command: [...], token? }`, plus `mail: true` when it
 * also serves the contract's mail operations. The older `dashboard` section `{ url, token }` is the HTTP form.
 */
function provisioning(file: TargetFileJson): { provisioning?: ProvisioningConfig; mail?: MailConfig } {
  if (file.provisioning !== undefined && file.dashboard !== undefined)
    fail('provisioning', 'and dashboard are two forms of one thing: give only provisioning');
  if (file.dashboard !== undefined)
    return { provisioning: { url: httpUrl(file.dashboard.url, 'dashboard.url'), token: file.dashboard.token } };
  const section = file.provisioning;
  if (section === undefined) return {};
  const mail: MailConfig | undefined = section.mail === true ? { kind: 'provisioning' } : undefined;
  if (section.command !== undefined) {
    if (section.url !== undefined) fail('provisioning', 'takes either url (the HTTP contract) or command, not both');
    return {
      provisioning: { command: section.command, ...(section.token !== undefined ? { token: section.token } : {}) },
      ...(mail ? { mail } : {}),
    };
  }
  if (section.url === undefined) fail('provisioning', 'needs url and token (the HTTP contract) or command');
  if (section.token === undefined) fail('provisioning.token', 'is required with provisioning.url');
  return {
    provisioning: { url: httpUrl(section.url, 'provisioning.url'), token: section.token },
    ...(mail ? { mail } : {}),
  };
}

function mailSection(m: NonNullable<TargetFileJson['mail']>): MailConfig {
  if (m.kind === 'provisioning') return { kind: 'provisioning' };
  if (m.url === undefined) fail('mail.url', `is required for kind ${m.kind}`);
  return { kind: m.kind, url: httpUrl(m.url, 'mail.url') };
}

function webhooks(w: NonNullable<TargetFileJson['webhooks']>): NonNullable<Target['webhooks']> {
  return {
    receiverUrl: httpUrl(w.receiverUrl, 'webhooks.receiverUrl'),
    receiverAdminUrl: httpUrl(w.receiverAdminUrl, 'webhooks.receiverAdminUrl'),
    ...(w.receiverAdminToken !== undefined ? { receiverAdminToken: w.receiverAdminToken } : {}),
    secret: w.secret,
    ...(w.retryDelaysSeconds !== undefined ? { retryDelaysSeconds: w.retryDelaysSeconds } : {}),
    ...(w.timeoutSeconds !== undefined ? { timeoutSeconds: w.timeoutSeconds } : {}),
    ...(w.schedulerIntervalSeconds !== undefined ? { schedulerIntervalSeconds: w.schedulerIntervalSeconds } : {}),
  };
}

export interface ParsedTarget {
  readonly target: Target;
  /** Not fatal, printed on stderr: unknown fields (typos such as "dashbaord"). */
  readonly warnings: readonly string[];
  /** Environment variables the file named with `${NAME}` (names only). */
  readonly environment?: readonly string[];
}

export function parseTarget(raw: unknown, source: string, env: Environment = process.env): ParsedTarget {
  const { value, variables } = resolveEnvironment(raw, env);
  assertTargetFile(value);
  const file = value;
  const warnings = unknownTopLevelFields(file).map((field) => `target file: unknown field "${field}" ignored`);
  const { keys, extra } = splitKeys(file);
  const prov = provisioning(file);
  const mail = file.mail !== undefined ? mailSection(file.mail) : prov.mail;
  if (mail?.kind === 'provisioning' && !prov.provisioning)
    fail('mail.kind', '"provisioning" needs a provisioning section');
  const impl = file.implementation;
  const target: Target = {
    baseUrl: httpUrl(file.baseUrl, 'baseUrl'),
    keys,
    extraKeys: extra,
    production: file.production ?? false,
    ...(prov.provisioning ? { provisioning: prov.provisioning } : {}),
    ...(mail ? { mail } : {}),
    webhooks: file.webhooks !== undefined ? webhooks(file.webhooks) : undefined,
    pacing: pacing(file),
    ...(file.capabilities !== undefined ? { capabilities: file.capabilities } : {}),
    ...(file.disable !== undefined
      ? { disable: file.disable.map((entry) => ({ match: entry.check, reason: entry.reason })) }
      : {}),
    ...(file.fields !== undefined ? { fields: file.fields } : {}),
    ...(impl !== undefined
      ? {
          implementation: {
            name: impl.name,
            version: impl.version,
            ...(impl.url !== undefined ? { url: httpUrl(impl.url, 'implementation.url') } : {}),
          },
        }
      : {}),
    source,
  };
  return { target, warnings, environment: variables };
}

/** `--base-url` wins over the file's baseUrl (interfaces.md). */
export function withBaseUrl(target: Target, baseUrl: string): Target {
  return { ...target, baseUrl: httpUrl(baseUrl, '--base-url') };
}
