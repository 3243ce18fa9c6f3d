// Small builders so each section file reads as a list of spec statements, one per line, with the class
// and the "not tested" reason next to the words they qualify.
import type { Rule } from '../model';

/** Given on every "not shown" rule: the suite must accept whatever a deployment chose. */
export const NOT_SHOWN_REASON = 'The spec leaves this to the implementation (not shown)';

/** Why a rule of a testable-but-not-black-box class may be skipped; a rule may append specifics. */
const NEEDS_REASON = {
  'needs-dashboard':
    "Needs the target's developer dashboard (key provisioning, subscriptions, delivery history); skipped when the target gives no dashboard access.",
  'needs-mail': "Needs the target's mail-capture API to see what was sent; skipped when the target gives none.",
  'needs-webhook':
    'Needs a webhook receiver the suite can read (the mock receiver) subscribed on the target; skipped when none is configured.',
} as const;

export type NeedsClass = keyof typeof NEEDS_REASON;

export interface SectionRules {
  /** Checkable with API keys alone; `partial` says which part of the statement a check cannot see. */
  blackBox(id: string, text: string, partial?: string): Rule;
  needs(cls: NeedsClass, id: string, text: string, detail?: string): Rule;
  notObservable(id: string, text: string, reason: string): Rule;
  /** A "not shown" gap: deployments may choose, so no check may fail either choice. */
  notShown(id: string, text: string): Rule;
}

export function inSection(section: string): SectionRules {
  return {
    blackBox: (id, text, partial) =>
      partial === undefined ? { id, section, text, class: 'black-box' } : { id, section, text, class: 'black-box', notTestedReason: partial },
    needs: (cls, id, text, detail) => ({
      id,
      section,
      text,
      class: cls,
      notTestedReason: detail === undefined ? NEEDS_REASON[cls] : `${NEEDS_REASON[cls]} ${detail}`,
    }),
    notObservable: (id, text, reason) => ({ id, section, text, class: 'not-observable', notTestedReason: reason }),
    notShown: (id, text) => ({ id, section, text, class: 'not-shown', notTestedReason: NOT_SHOWN_REASON }),
  };
}
