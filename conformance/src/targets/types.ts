// The deployment under test, as the suite sees it after loading and validating a target file.
// The seven roles are the public contract of interfaces.md; everything else is our extension (see README).

import type { FieldNames } from './unnamed-fields';

export const STANDARD_ROLES = [
  'enterpriseLive',
  'enterpriseReadOnly',
  'enterpriseSandbox',
  'portfolioLive',
  'professional',
  'revoked',
  'otherLandlord',
] as const;

export type StandardRole = (typeof STANDARD_ROLES)[number];

/** Roles we reserve beyond interfaces.md; a check naming one that the target lacks is skipped, not sent literally. */
export const WELL_KNOWN_EXTRA_ROLES = ['rateLimit'] as const;

export type PlanName = 'enterprise' | 'portfolio';

export interface Rate {
  readonly readsPerMinute: number;
  readonly writesPerMinute: number;
}

export interface PacingConfig {
  /** false: no client-side pacing at all (a target without limits, or a throwaway one). */
  readonly enabled: boolean;
  /** Share of a plan's per-minute limit the suite allows itself, so other traffic on the key still fits. */
  readonly headroom: number;
  readonly plans: Readonly<Record<PlanName, Rate>>;
  /** Which plan (or explicit rate) paces a role's key. Unlisted extra roles are paced as Portfolio. */
  readonly roles: Readonly<Record<string, PlanName | Rate>>;
}

/**
 * Where the checks provision landlords, keys and subscriptions: the provisioning contract (docs/provisioning/),
 * over HTTP or through a command. A target file's older `dashboard` section is the HTTP form.
 */
export type ProvisioningConfig = ProvisioningHttp | ProvisioningCommand;

export interface ProvisioningHttp {
  /** Base URL of the contract, e.g. http://127.0.0.1:3000/provisioning/v1 */
  readonly url: string;
  /** Bearer token (the reference server's ADMIN_TOKEN). */
  readonly token: string;
}

export interface ProvisioningCommand {
  /** Program and arguments: reads one JSON request on stdin, writes one JSON answer on stdout. */
  readonly command: readonly string[];
  /** Handed to the program as PROVISIONING_TOKEN (and masked in reports). */
  readonly token?: string;
}

export type MailKind = 'maildev' | 'mailhog' | 'reference' | 'provisioning';

/** `provisioning`: the contract's optional mail operations (a target's `provisioning.mail: true`). */
export type MailConfig =
  | { readonly kind: Exclude<MailKind, 'provisioning'>; /** Base URL of the mail-capture API. */ readonly url: string }
  | { readonly kind: 'provisioning' };

export interface WebhooksConfig {
  /** Where the deployment should deliver (registered as the subscription URL). */
  readonly receiverUrl: string;
  /** Where the suite reads what the receiver got. */
  readonly receiverAdminUrl: string;
  /** Sent as `Authorization: Bearer` to the admin API of a receiver started with `--admin-token`. */
  readonly receiverAdminToken?: string;
  /** Signing secret the receiver verifies with. */
  readonly secret: string;
  /** The deployment's retry schedule when it is not the spec's 900,3600 (a test deployment shortens it). */
  readonly retryDelaysSeconds?: readonly number[];
  /** The deployment's per-call delivery timeout when it is not the spec's 10 s (a test deployment shortens it). */
  readonly timeoutSeconds?: number;
  /**
   * How often the deployment looks for date-driven events (`rent.overdue`, `contract.expiring`, …), when a test
   * deployment runs that job more often than hourly. The plan-gate check waits this long for a scheduled event.
   */
  readonly schedulerIntervalSeconds?: number;
}

/**
 * Optional features the spec allows a deployment not to offer. A target declares one it lacks with
 * `"capabilities": { "<name>": false }`; the checks that need it are then `disabled`, and they prove no Core rule.
 */
export const CAPABILITIES = ['sandbox', 'dashboard', 'httpsProduction', 'mail', 'webhookReceiver'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** `disable` in the target file: a check id, rule id or glob of either, switched off with a reason. */
export interface DisableEntry {
  readonly match: string;
  readonly reason: string;
}

/** `implementation` in the target file: what the publishable summary and badge name. */
export interface ImplementationInfo {
  readonly name: string;
  readonly version: string;
  readonly url?: string;
}

export interface Target {
  /** Always without a trailing slash. */
  readonly baseUrl: string;
  readonly keys: Readonly<Partial<Record<StandardRole, string>>> & { readonly enterpriseLive: string };
  readonly extraKeys: Readonly<Record<string, string>>;
  /** When true the deployment claims to be production: HTTPS_REQUIRED checks run. */
  readonly production: boolean;
  /** The provisioning contract (from the file's `provisioning` section, or its older `dashboard` section). */
  readonly provisioning?: ProvisioningConfig;
  readonly mail?: MailConfig;
  readonly webhooks?: WebhooksConfig;
  readonly pacing: PacingConfig;
  /** Declared capabilities; absent or true: offered (the checks then need only their usual target sections). */
  readonly capabilities?: Readonly<Partial<Record<Capability, boolean>>>;
  /** Checks switched off in the target file (status `disabled`). Disabling a Core check makes the run no conformance result. */
  readonly disable?: readonly DisableEntry[];
  readonly implementation?: ImplementationInfo;
  /** The deployment's names of fields the spec does not give (unnamed-fields.ts). */
  readonly fields?: FieldNames;
  /** Where the target came from (file path or "embedded reference server"), for reports. */
  readonly source: string;
}

export const DEFAULT_PLAN_RATES: Readonly<Record<PlanName, Rate>> = {
  enterprise: { readsPerMinute: 500, writesPerMinute: 100 },
  portfolio: { readsPerMinute: 100, writesPerMinute: 30 },
};

/** The plan each standard role's key is on (interfaces.md); professional and revoked keys are paced like Portfolio. */
export const DEFAULT_ROLE_PLANS: Readonly<Record<StandardRole, PlanName>> = {
  enterpriseLive: 'enterprise',
  enterpriseReadOnly: 'enterprise',
  enterpriseSandbox: 'enterprise',
  otherLandlord: 'enterprise',
  portfolioLive: 'portfolio',
  professional: 'portfolio',
  revoked: 'portfolio',
};

export const DEFAULT_PACING: PacingConfig = {
  enabled: true,
  headroom: 0.8,
  plans: DEFAULT_PLAN_RATES,
  roles: DEFAULT_ROLE_PLANS,
};

/** A target file that cannot be used; the CLI turns it into exit status 2 with this one-line message. */
export class TargetError extends Error {
  override readonly name = 'TargetError';
}

/** The HTTP form of a provisioning section, or undefined for a command (self-tests and tools that call it directly). */
export function httpProvisioning(config: ProvisioningConfig | undefined): ProvisioningHttp | undefined {
  return config !== undefined && 'url' in config ? config : undefined;
}
