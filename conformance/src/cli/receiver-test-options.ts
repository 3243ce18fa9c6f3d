import type { ReportSpec } from '@ppapi/spec';
import { REPORT_FORMATS } from '../reporters';

export interface CliOptions {
  readonly url: string;
  readonly secret: string;
  readonly reports: readonly ReportSpec[];
  readonly seed?: number;
  readonly timeoutMs?: number;
  readonly concurrency?: number;
  readonly only?: readonly string[];
  /** A failed SHOULD (the receiver duties of Delivery 5) counts as a failure; default a warning. */
  readonly strict: boolean;
  /** Known failures and known flakes, the suite's --baseline file. */
  readonly baseline?: string;
  /** Run the cases this many times; a case whose verdict changes fails the run. */
  readonly repeat: number;
  readonly help: boolean;
  readonly version?: boolean;
}

export class UsageError extends Error {}

export const USAGE = `usage: ppapi-receiver-test --url URL --secret SECRET [--report FORMAT:PATH]... [--seed N] [--timeout-ms 10000] [--concurrency 4] [--only PATTERN] [--strict] [--baseline FILE] [--repeat N]
  --url URL             the webhook receiver's delivery URL
  --secret SECRET       its signing secret (or set WEBHOOK_SECRET); never printed
  --report FORMAT:PATH  repeatable; FORMAT is json, junit, html, summary or badge (the suite's formats)
  --seed N              seed for generated deliveries (printed on every run, so a run can be replayed)
  --timeout-ms N        how long a valid delivery may take to be answered 2xx (default 10000, the spec's timeout)
  --concurrency N       deliveries in flight at once (default 4)
  --only PATTERN        run only checks whose id or rule id matches the glob (case-insensitive; comma-separated or repeated)
  --strict              a failed SHOULD (answer 2xx, verify first with 401, de-duplicate, _test) fails the run; default a warning
  --baseline FILE       known failures and known flakes (the conformance suite's baseline format)
  --repeat N            run the checks N times; a check whose verdict changes fails the run
  --version             print the tester's name and the suite's version
  --help                this text
from a clone of the repository: npm run receiver-test -- [options]
exit status: 0 nothing failed or errored, 1 a check failed, 2 could not run, 3 nothing failed but a check errored
  (the connection broke or the tester crashed: not a verdict on the receiver)`;

/** `--name value` and `--name=value`; anything unknown is a usage error (exit 2), never silently ignored. */
export function parseCliOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliOptions {
  const values = new Map<string, string[]>();
  let help = false;
  let version = false;
  let strict = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (arg === '--version') {
      version = true;
      continue;
    }
    if (arg === '--strict') {
      strict = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
    const name = match[1] ?? '';
    if (!['url', 'secret', 'report', 'seed', 'timeout-ms', 'concurrency', 'only', 'baseline', 'repeat'].includes(name))
      throw new UsageError(`unknown option --${name}`);
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i++;
    }
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const single = (name: string): string | undefined => {
    const list = values.get(name);
    if (list && list.length > 1) throw new UsageError(`--${name} given more than once`);
    return list?.[0];
  };
  if (help || version) return { url: '', secret: '', reports: [], help, version, strict, repeat: 1 };

  const url = single('url');
  if (url === undefined) throw new UsageError('--url is required');
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(url)} is not a URL`);
  }
  if (parsedUrl.protocol !== 'http:' && parsedUrl.protocol !== 'https:')
    throw new UsageError('--url must be http: or https:');
  const secret = single('secret') ?? env.WEBHOOK_SECRET;
  if (secret === undefined || secret === '') throw new UsageError('--secret is required (or set WEBHOOK_SECRET)');

  const reports = (values.get('report') ?? []).map((spec): ReportSpec => {
    const colon = spec.indexOf(':');
    const format = REPORT_FORMATS.find((f) => f === spec.slice(0, colon));
    const path = spec.slice(colon + 1);
    if (colon < 0 || !format || path === '')
      throw new UsageError(
        `--report ${JSON.stringify(spec)}: expected FORMAT:PATH with FORMAT one of ${REPORT_FORMATS.join(', ')}`,
      );
    return { format, path };
  });
  const seed = integerOption(single('seed'), 'seed', -0x80000000, 0x7fffffff);
  const timeoutMs = integerOption(single('timeout-ms'), 'timeout-ms', 1, 600_000);
  const concurrency = integerOption(single('concurrency'), 'concurrency', 1, 64);
  const only = values.get('only');
  const baseline = single('baseline');
  const repeat = integerOption(single('repeat'), 'repeat', 1, 100) ?? 1;
  return {
    url,
    secret,
    reports,
    help: false,
    strict,
    repeat,
    ...(baseline !== undefined ? { baseline } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(only !== undefined ? { only } : {}),
  };
}

function integerOption(raw: string | undefined, name: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`--${name} must be an integer`);
  const value = Number(raw);
  if (value < min || value > max) throw new UsageError(`--${name} must be from ${min} to ${max}`);
  return value;
}
