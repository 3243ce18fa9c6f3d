// The requirements export (Inferno-style): one CSV row per rule, with the checks that cite it and the
// reason it is not (fully) tested. RFC 4180: CRLF line ends, fields quoted when they hold a comma,
// quote, CR or LF, and quotes doubled inside quoted fields.
import type { Rule, RuleClass } from '../model';

// `level` and `quote` came later and are appended, so readers that take columns by position keep working.
export const REQUIREMENTS_CSV_HEADER = [
  'rule',
  'section',
  'class',
  'checks',
  'not_tested_reason',
  'text',
  'level',
  'quote',
] as const;

/** Shown for a testable rule that no check cites yet. */
export const NO_CHECK_YET = 'no check yet';

/** Classes a check can verify, given the right access; the others are never tested. */
export function isTestableClass(cls: RuleClass): boolean {
  return cls === 'black-box' || cls === 'needs-dashboard' || cls === 'needs-mail' || cls === 'needs-webhook';
}

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvRecord(fields: readonly string[]): string {
  return fields.map(csvField).join(',');
}

function notTestedReason(rule: Rule, checks: readonly string[]): string {
  if (isTestableClass(rule.class) && checks.length === 0) return NO_CHECK_YET;
  return rule.notTestedReason ?? '';
}

export function toRequirementsCsv(
  rules: readonly Rule[],
  checksByRule: ReadonlyMap<string, readonly string[]>,
): string {
  const lines = [csvRecord(REQUIREMENTS_CSV_HEADER)];
  for (const rule of rules) {
    const checks = checksByRule.get(rule.id) ?? [];
    lines.push(
      csvRecord([
        rule.id,
        rule.section,
        rule.class,
        checks.join(' '),
        notTestedReason(rule, checks),
        rule.text,
        rule.level,
        rule.quote ?? '',
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
