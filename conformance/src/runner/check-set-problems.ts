// Sanity of a set of checks against the rule catalogue: duplicate ids and rule ids the catalogue lacks.
// The CLI prints these as warnings; a self-test keeps ALL_CHECKS free of them.

import type { Rule } from '../model';
import type { Check } from './check';

export function checkSetProblems(
  checks: readonly Pick<Check, 'id' | 'rules'>[],
  rules: readonly Pick<Rule, 'id'>[],
): string[] {
  const problems: string[] = [];
  const known = new Set(rules.map((r) => r.id));
  const seen = new Set<string>();
  for (const check of checks) {
    if (seen.has(check.id)) problems.push(`check id ${check.id} is defined twice`);
    seen.add(check.id);
    for (const rule of check.rules) if (!known.has(rule)) problems.push(`check ${check.id} cites unknown rule ${rule}`);
  }
  return problems;
}
