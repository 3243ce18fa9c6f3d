// Small builders so each section file reads as a list of spec statements, one per line, with the class
// and the "not tested" reason next to the words they qualify.
import type { Rule, RuleLevel } from '../model';

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
  // MUST unless the rule is wrapped in should()/may(): the spec states most of its sentences as rules.
  const level: RuleLevel = 'MUST';
  return {
    blackBox: (id, text, partial) =>
      partial === undefined
        ? { id, section, text, class: 'black-box', level }
        : { id, section, text, class: 'black-box', notTestedReason: partial, level },
    needs: (cls, id, text, detail) => ({
      id,
      section,
      text,
      class: cls,
      notTestedReason: detail === undefined ? NEEDS_REASON[cls] : `${NEEDS_REASON[cls]} ${detail}`,
      level,
    }),
    notObservable: (id, text, reason) => ({
      id,
      section,
      text,
      class: 'not-observable',
      notTestedReason: reason,
      level,
    }),
    notShown: (id, text) => ({
      id,
      section,
      text,
      class: 'not-shown',
      notTestedReason: NOT_SHOWN_REASON,
      level: 'not-shown',
    }),
  };
}

/** Guidance in the spec's words ("receivers should...", "client guidance: treat 5xx as transient"). */
export function should(rule: Rule): Rule {
  return { ...rule, level: 'SHOULD' };
}

/** A permission in the spec's words ("bytes may be served from a cache"): either choice conforms. */
export function may(rule: Rule): Rule {
  return { ...rule, level: 'MAY' };
}

/** The spec's verbatim words behind a rule whose text restates them (test/spec-citations.test.ts finds them). */
export function quoting(rule: Rule, quote: string): Rule {
  return { ...rule, quote };
}

/** Wording that makes a rule guidance; catalogue.test.ts holds every SHOULD rule (and only those) to it. */
export const SHOULD_WORDING = /\bshould\b|\bguidance\b/i;
/** Wording of a permission; every MAY rule's text has it. */
export const MAY_WORDING = /\bmay\b/i;
