// Role → key resolution and CheckNeed → "is it met?" for a target. Kept apart from loading so the runner and
// the HTTP client agree on what a role name means.

import type { CheckNeed } from '../model';
import { STANDARD_ROLES, WELL_KNOWN_EXTRA_ROLES, type Target } from './types';

/** The key configured for a role, or undefined when the target has none. */
export function keyForRole(target: Target, role: string): string | undefined {
  if ((STANDARD_ROLES as readonly string[]).includes(role)) return target.keys[role as keyof Target['keys']];
  return target.extraKeys[role];
}

/** Whether a string is meant as a role name (standard, reserved or configured) rather than a literal key. */
export function isRoleName(target: Target, name: string): boolean {
  return (
    (STANDARD_ROLES as readonly string[]).includes(name) ||
    (WELL_KNOWN_EXTRA_ROLES as readonly string[]).includes(name) ||
    Object.prototype.hasOwnProperty.call(target.extraKeys, name)
  );
}

/** All role → key pairs, standard first; used to mask every key and to tell roles apart in pacing. */
export function allRoleKeys(target: Target): ReadonlyArray<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  for (const role of STANDARD_ROLES) {
    const key = target.keys[role];
    if (key !== undefined) out.push([role, key]);
  }
  for (const [role, key] of Object.entries(target.extraKeys)) out.push([role, key]);
  return out;
}

/** Every secret the target holds, so reports can mask them unless --show-secrets. */
export function targetSecrets(target: Target): string[] {
  const secrets = allRoleKeys(target).map(([, key]) => key);
  if (target.provisioning?.token !== undefined) secrets.push(target.provisioning.token);
  if (target.webhooks) secrets.push(target.webhooks.secret);
  if (target.webhooks?.receiverAdminToken !== undefined) secrets.push(target.webhooks.receiverAdminToken);
  return secrets;
}

const NEED_ROLE: Partial<Record<CheckNeed, string>> = {
  otherLandlord: 'otherLandlord',
  portfolio: 'portfolioLive',
  professional: 'professional',
  revoked: 'revoked',
  sandbox: 'enterpriseSandbox',
  readOnly: 'enterpriseReadOnly',
};

/** Why a need is not met by the target (the skip message), or undefined when it is met. */
export function unmetNeed(target: Target, need: CheckNeed): string | undefined {
  switch (need) {
    case 'dashboard':
      return target.provisioning
        ? undefined
        : 'needs provisioning (landlords, keys, subscriptions): the target has no "provisioning" section';
    case 'mail':
      return target.mail ? undefined : 'needs a mail-capture API: the target has no "mail" section';
    case 'webhook':
      return target.webhooks ? undefined : 'needs a webhook receiver: the target has no "webhooks" section';
    default: {
      const role = NEED_ROLE[need];
      if (role === undefined) return `unknown need "${need}"`;
      return keyForRole(target, role) === undefined ? `needs a ${role} key: the target has no keys.${role}` : undefined;
    }
  }
}
