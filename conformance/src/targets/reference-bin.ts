// Where the reference server's executable is, when it is installed beside the suite (this repository's
// workspaces, or @ppapi/reference-server in the same node_modules). Found as a file and run as a child process,
// never imported: the suite judges it from outside like any deployment, and installs without its dependencies.

import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const REFERENCE_BIN = 'ppapi-reference';

export interface ReferenceBin {
  /** The bin's JavaScript file (symlinks resolved), to run with this process's Node. */
  readonly script: string;
  /** The folder holding the node_modules it was found in: the child's working directory. */
  readonly root: string;
}

/** The first node_modules/.bin/ppapi-reference found walking up from each start folder in turn. */
export function findReferenceBin(starts: readonly string[]): ReferenceBin | undefined {
  for (const start of starts) {
    for (let dir = start; ; dir = dirname(dir)) {
      const bin = join(dir, 'node_modules', '.bin', REFERENCE_BIN);
      if (existsSync(bin)) return { script: realpathSync(bin), root: dir };
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** The one-line reason of exit status 2 when there is no reference server to start. */
export const NO_REFERENCE_SERVER =
  `no deployment to test: without --target the suite starts the reference server (@ppapi/reference-server, bin ${REFERENCE_BIN}), ` +
  'which is not installed beside it; aim at a deployment with --target FILE, or at a reference server you started with --base-url URL';
