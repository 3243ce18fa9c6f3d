// Public face of the rule catalogue: the rules, look-ups used by the runner (`--only`) and reporters,
// and the requirements CSV export.
import type { Rule } from '../model';
import { RULES } from './catalogue';

export { RULES } from './catalogue';
export { isTestableClass, toRequirementsCsv, REQUIREMENTS_CSV_HEADER, NO_CHECK_YET } from './csv';
export { NOT_SHOWN_REASON, SHOULD_WORDING, MAY_WORDING, should, may } from './define';
export * from './errors';
export * from './limits';
export * from './event-types';

const BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((rule) => [rule.id, rule]));

export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}

/** `*` matches any run of characters, `?` exactly one; everything else literally, case-sensitive, whole id. */
export function globToRegExp(glob: string): RegExp {
  const body = Array.from(glob, (ch) => {
    if (ch === '*') return '.*';
    if (ch === '?') return '.';
    return ch.replace(/[\\^$.|+(){}[\]]/g, '\\$&');
  }).join('');
  return new RegExp(`^${body}$`, 's');
}

export function rulesMatching(glob: string, rules: readonly Rule[] = RULES): readonly Rule[] {
  const re = globToRegExp(glob);
  return rules.filter((rule) => re.test(rule.id));
}

/** Distinct section names in catalogue (spec) order. */
export function sections(rules: readonly Rule[] = RULES): readonly string[] {
  return [...new Set(rules.map((rule) => rule.section))];
}
