// The target file as JSON, after `${NAME}` substitution. target.schema.json (shipped with the package, for editors
// and for `$schema`) is the one statement of what each field may hold; this module runs it and narrows the type.

import schemaJson from '../../target.schema.json';
import { SchemaChecker, SchemaViolation, type SchemaNode } from './schema-check';
import { TargetError } from './types';
import type { FieldNames } from './unnamed-fields';

export interface RateJson {
  readonly readsPerMinute: number;
  readonly writesPerMinute: number;
}

/** The shape target.schema.json admits (cross-field rules, such as url or command, are validate.ts's). */
export interface TargetFileJson {
  readonly baseUrl: string;
  readonly keys: Readonly<Record<string, string>> & { readonly enterpriseLive: string };
  readonly extraKeys?: Readonly<Record<string, string>>;
  readonly production?: boolean;
  readonly provisioning?: {
    readonly url?: string;
    readonly token?: string;
    readonly command?: readonly string[];
    readonly mail?: boolean;
  };
  readonly dashboard?: { readonly url: string; readonly token: string };
  readonly mail?: { readonly kind: 'maildev' | 'mailhog' | 'reference' | 'provisioning'; readonly url?: string };
  readonly webhooks?: {
    readonly receiverUrl: string;
    readonly receiverAdminUrl: string;
    readonly receiverAdminToken?: string;
    readonly secret: string;
    readonly retryDelaysSeconds?: readonly number[];
    readonly timeoutSeconds?: number;
    readonly schedulerIntervalSeconds?: number;
  };
  readonly pacing?: {
    readonly enabled?: boolean;
    readonly headroom?: number;
    readonly plans?: { readonly enterprise?: RateJson; readonly portfolio?: RateJson };
    readonly roles?: Readonly<Record<string, 'enterprise' | 'portfolio' | RateJson>>;
  };
  readonly capabilities?: Readonly<
    Partial<Record<'sandbox' | 'dashboard' | 'httpsProduction' | 'mail' | 'webhookReceiver', boolean>>
  >;
  readonly disable?: ReadonlyArray<{ readonly check: string; readonly reason: string }>;
  readonly implementation?: { readonly name: string; readonly version: string; readonly url?: string };
  readonly fields?: FieldNames;
}

// Our own shipped file; the checker refuses any keyword it does not enforce, so the cast cannot hide a rule.
export const TARGET_SCHEMA = schemaJson as SchemaNode;
const checker = new SchemaChecker(TARGET_SCHEMA);
const ROOT_FIELDS = new Set(checker.rootProperties());

/** Top-level fields the schema does not describe: ignored with a warning (typos such as "dashbaord"). */
export function unknownTopLevelFields(raw: object): string[] {
  return Object.keys(raw).filter((field) => !ROOT_FIELDS.has(field));
}

/** Throws a one-line TargetError ("target file: keys.enterpriseLive must be a non-empty string") or narrows. */
export function assertTargetFile(raw: unknown): asserts raw is TargetFileJson {
  try {
    checker.check(raw);
  } catch (error) {
    if (error instanceof SchemaViolation) throw new TargetError(`target file: ${error.message}`);
    throw error;
  }
}
