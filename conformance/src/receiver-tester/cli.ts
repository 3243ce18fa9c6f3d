import type { WriteReports } from '@ppapi/spec';
import { writeReports } from '../reporters';
import { versionLine } from '../version';
import { parseCliOptions, UsageError, USAGE } from './cli-options';
import { consoleLine, summaryLine } from './console-output';
import { ReceiverUnreachableError } from './reachability';
import { runReceiverChecks } from './run';

export interface CliIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Default: the suite's reporters (the same formats as `npm run conformance`). */
  readonly writeReports?: WriteReports;
}

/**
 * `npm run receiver-test` (bin ppapi-receiver-test): runs the receiver checks of the registry (checks/receiver-tester-cases/)
 * and returns the exit status (0 all passed, 1 a check failed, 2 could not run).
 */
export async function receiverTestCli(argv: readonly string[], io: CliIo): Promise<number> {
  let options;
  try {
    options = parseCliOptions(argv, io.env);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`receiver-test: ${err.message} (--help for usage)`);
      return 2;
    }
    throw err;
  }
  if (options.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (options.version === true) {
    io.stdout(versionLine('ppapi-receiver-test').trimEnd());
    return 0;
  }
  // Loaded only now: the registry loads every check module, which --help and --version must not wait for.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load; import() is not hooked by tsx/cjs
  const { RECEIVER_CHECKS } = require('../registry') as typeof import('../registry');

  let run;
  try {
    run = await runReceiverChecks({ ...options, checks: RECEIVER_CHECKS });
  } catch (err) {
    if (err instanceof ReceiverUnreachableError) {
      io.stderr(`receiver-test: ${err.message}`);
      return 2;
    }
    throw err;
  }

  io.stdout(`receiver-test ${options.url} seed ${String(run.meta.seed)}`);
  for (const result of run.results) io.stdout(consoleLine(result));
  io.stdout(summaryLine(run.results));

  if (options.reports.length > 0) {
    try {
      await (io.writeReports ?? writeReports)(run.results, options.reports, run.meta);
    } catch (err) {
      io.stderr(`receiver-test: could not write reports: ${err instanceof Error ? err.message : String(err)}`);
      return 2;
    }
  }
  return run.results.some((r) => r.status === 'failed') ? 1 : 0;
}
