import type { CheckResult } from '@ppapi/spec';

/** `PASS id`, `FAIL id expected ...; got ...`, `SKIP id why`: one plain line per check, grep-friendly. */
export function consoleLine(result: CheckResult): string {
  if (result.status === 'passed') return `PASS ${result.id}`;
  if (result.status === 'failed') return `FAIL ${result.id} ${result.message}`;
  return `SKIP ${result.id} ${result.message}`;
}

export function summaryLine(results: readonly CheckResult[]): string {
  const count = (status: CheckResult['status']): number => results.filter((r) => r.status === status).length;
  return `${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`;
}
