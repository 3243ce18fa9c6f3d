// The capability profile: which checks belong to an optional feature the spec allows a deployment not to offer,
// which are Core (everything the spec states for every deployment), and which the target file switched off.

import { CAPABILITIES, type Capability, type Target } from '../targets/types';
import type { Check } from './check';
import { globToRegExp } from './select';

interface CapabilityDefinition {
  /** A check with any of these needs belongs to the capability. */
  readonly needs: readonly Check['needs'][number][];
  /** A check proving any of these rules belongs to the capability. */
  readonly rules: readonly string[];
  /** "the target declares it does not offer …" */
  readonly what: string;
}

/** Said once: what each optional feature is, as the checks express it (needs) or as the spec numbers it (rules). */
export const CAPABILITY_DEFINITIONS: Readonly<Record<Capability, CapabilityDefinition>> = {
  sandbox: { needs: ['sandbox'], rules: [], what: 'sandbox keys (svc_sandbox_)' },
  dashboard: {
    needs: ['dashboard'],
    rules: [],
    what: 'dashboard- or provisioning-driven features (keys, subscriptions, delivery history)',
  },
  // AUTH-7: "In production, plain HTTP is rejected": only a deployment that is a production one can show it.
  httpsProduction: {
    needs: [],
    rules: ['AUTH-7'],
    what: 'a production deployment reached over plain HTTP (HTTPS_REQUIRED)',
  },
  mail: { needs: ['mail'], rules: [], what: 'a mail-capture API' },
  webhookReceiver: { needs: ['webhook'], rules: [], what: 'webhook delivery to a receiver the suite can read' },
};

export function capabilitiesOf(check: Pick<Check, 'needs' | 'rules'>): Capability[] {
  return CAPABILITIES.filter((c) => {
    const def = CAPABILITY_DEFINITIONS[c];
    return def.needs.some((n) => check.needs.includes(n)) || def.rules.some((r) => check.rules.includes(r));
  });
}

/** Core: the check needs no optional feature, so every deployment must pass it. */
export function isCore(check: Pick<Check, 'needs' | 'rules'>): boolean {
  return capabilitiesOf(check).length === 0;
}

export interface DisabledBy {
  /** `capabilities.sandbox` or `disable: <pattern>`. */
  readonly by: string;
  readonly reason: string;
}

/** Why the target file switches this check off, or undefined. A declared-away capability comes first. */
export function disabledBy(
  check: Pick<Check, 'id' | 'needs' | 'rules'>,
  target: Pick<Target, 'capabilities' | 'disable'>,
): DisabledBy | undefined {
  for (const c of capabilitiesOf(check)) {
    if (target.capabilities?.[c] === false)
      return {
        by: `capabilities.${c}`,
        reason: `the target declares it does not offer ${CAPABILITY_DEFINITIONS[c].what}`,
      };
  }
  for (const entry of target.disable ?? []) {
    const re = globToRegExp(entry.match);
    if (re.test(check.id) || check.rules.some((r) => re.test(r)))
      return { by: `disable: ${entry.match}`, reason: `disabled in the target file: ${entry.reason}` };
  }
  return undefined;
}
