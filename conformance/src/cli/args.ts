// Command-line parsing. Any problem is a UsageError (exit 2, one line on stderr).

import { parseArgs } from 'node:util';
import type { ReportSpec } from '../model';
import { parseReportSpec } from '../reporters/report-spec';
import type { Profile } from '../runner/check';
import { CannotRunError } from '../runner/outcomes';
import { parseSeed } from '../runner/seed';

export class UsageError extends CannotRunError {
  override readonly name = 'UsageError';
}

export interface CliOptions {
  readonly target?: string;
  readonly baseUrl?: string;
  readonly reports: readonly ReportSpec[];
  readonly only: readonly string[];
  readonly seed?: number;
  readonly profile: Profile;
  readonly baseline?: string;
  readonly compare?: string;
  readonly rerunFailed?: string;
  readonly showSecrets: boolean;
  readonly list: boolean;
  readonly coverageMd?: string;
  readonly requirementsCsv?: string;
  readonly concurrency?: number;
  readonly timeoutMs?: number;
  readonly plain: boolean;
  readonly help: boolean;
  readonly version: boolean;
  /** A failed SHOULD counts as a failure (default: a warning). */
  readonly strict: boolean;
  /** Run the selected checks this many times and report any whose verdict changes (default 1). */
  readonly repeat: number;
}

function positiveInt(text: string, option: string, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > max)
    throw new UsageError(`${option} must be an integer from 1 to ${max}, got "${text}"`);
  return n;
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        target: { type: 'string' },
        'base-url': { type: 'string' },
        report: { type: 'string', multiple: true },
        only: { type: 'string', multiple: true },
        seed: { type: 'string' },
        profile: { type: 'string' },
        baseline: { type: 'string' },
        compare: { type: 'string' },
        'rerun-failed': { type: 'string' },
        'show-secrets': { type: 'boolean' },
        list: { type: 'boolean' },
        'coverage-md': { type: 'string' },
        'requirements-csv': { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        plain: { type: 'boolean' },
        strict: { type: 'boolean' },
        repeat: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'bad option');
  }

  const profile = values.profile ?? 'quick';
  if (profile !== 'quick' && profile !== 'full')
    throw new UsageError(`--profile must be quick or full, got "${profile}"`);
  let reports: ReportSpec[];
  try {
    reports = (values.report ?? []).map(parseReportSpec);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let seed: number | undefined;
  if (values.seed !== undefined) {
    try {
      seed = parseSeed(values.seed);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  if (values['base-url'] !== undefined) {
    try {
      const u = new URL(values['base-url']);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    } catch {
      throw new UsageError(`--base-url must be an http or https URL, got "${values['base-url']}"`);
    }
  }
  return {
    ...(values.target !== undefined ? { target: values.target } : {}),
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    reports,
    only: values.only ?? [],
    ...(seed !== undefined ? { seed } : {}),
    profile,
    ...(values.baseline !== undefined ? { baseline: values.baseline } : {}),
    ...(values.compare !== undefined ? { compare: values.compare } : {}),
    ...(values['rerun-failed'] !== undefined ? { rerunFailed: values['rerun-failed'] } : {}),
    showSecrets: values['show-secrets'] ?? false,
    list: values.list ?? false,
    ...(values['coverage-md'] !== undefined ? { coverageMd: values['coverage-md'] } : {}),
    ...(values['requirements-csv'] !== undefined ? { requirementsCsv: values['requirements-csv'] } : {}),
    ...(values.concurrency !== undefined ? { concurrency: positiveInt(values.concurrency, '--concurrency', 32) } : {}),
    ...(values.timeout !== undefined ? { timeoutMs: positiveInt(values.timeout, '--timeout', 600_000) } : {}),
    plain: values.plain ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
    strict: values.strict ?? false,
    repeat: values.repeat !== undefined ? positiveInt(values.repeat, '--repeat', 100) : 1,
  };
}
