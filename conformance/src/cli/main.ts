// `ppapi-conformance` / `npm run conformance`: options first, then the run. --help, --version and argument errors
// answer from this module alone; the checks, the runner and the reporters load only when the suite runs.
// Exit status: 0 nothing failed or errored; 1 a check failed; 2 could not run (one line on stderr); 3 errored.

import { versionLine } from '../version';
import { parseCliArgs, UsageError, type CliOptions } from './args';
import type { CliDeps, CliIo } from './io';
import { usage } from './usage';

export type { CliDeps, CliIo } from './io';

/** The binary's name, in --help and --version. */
export const BIN_NAME = 'ppapi-conformance';

type RunModule = typeof import('./run');

/** Loaded on demand: requiring it loads every check (seconds under tsx), which --help must not wait for. */
function loadRun(): RunModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load; import() is not hooked by tsx/cjs
  return require('./run') as RunModule;
}

export async function main(argv: readonly string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const fail = (error: unknown): number => {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`conformance: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
    return 2;
  };
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    return fail(error instanceof UsageError ? `${error.message} (see --help)` : error);
  }
  if (options.help) {
    io.stdout(usage(BIN_NAME));
    return 0;
  }
  if (options.version) {
    io.stdout(versionLine(BIN_NAME));
    return 0;
  }
  return loadRun().runSuite(options, io, deps, fail);
}
