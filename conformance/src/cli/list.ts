// --list: the checks, their rules and traits, grouped by spec section.

import type { Check } from '../runner/check';

export function renderCheckList(checks: readonly Check[]): string {
  const groups = new Map<string, Check[]>();
  for (const c of checks) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const lines: string[] = [];
  for (const [group, list] of groups) {
    lines.push(group);
    for (const c of list) {
      const traits = [c.profile === 'full' ? 'full profile' : '', c.exclusive ? 'exclusive' : '', c.needs.length ? `needs ${c.needs.join(', ')}` : '']
        .filter((t) => t.length > 0)
        .join('; ');
      lines.push(`  ${c.id}  [${c.rules.join(', ')}]  ${c.title}${traits ? `  (${traits})` : ''}`);
    }
  }
  lines.push(`${checks.length} check${checks.length === 1 ? '' : 's'}`);
  return `${lines.join('\n')}\n`;
}
