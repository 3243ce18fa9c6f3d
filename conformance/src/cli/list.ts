// --list: the checks, their rules, level and traits, grouped by spec section.

import type { RuleLevel } from '../model';
import type { Check } from '../runner/check';
import { strongestLevel } from '../runner/verdict';

/** `levels`: each rule's level; a check's is the strongest of its rules' (what a failure of it would weigh). */
export function renderCheckList(checks: readonly Check[], levels: ReadonlyMap<string, RuleLevel>): string {
  const groups = new Map<string, Check[]>();
  for (const c of checks) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const lines: string[] = [];
  for (const [group, list] of groups) {
    lines.push(group);
    for (const c of list) {
      const traits = [
        strongestLevel(c.rules, levels),
        c.profile === 'full' ? 'full profile' : '',
        c.exclusive ? 'exclusive' : '',
        c.needs.length ? `needs ${c.needs.join(', ')}` : '',
      ]
        .filter((t) => t.length > 0)
        .join('; ');
      lines.push(`  ${c.id}  [${c.rules.join(', ')}]  ${c.title}  (${traits})`);
    }
  }
  lines.push(`${checks.length} check${checks.length === 1 ? '' : 's'}`);
  return `${lines.join('\n')}\n`;
}
