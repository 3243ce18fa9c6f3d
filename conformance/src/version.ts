// The suite's own name and version, from its package.json: every report carries them, and every binary answers
// --version with them. Found by walking up from this file, so the clone (src/) and a build (dist/src/) agree.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const SUITE_PACKAGE = '@ppapi/conformance';

function readVersion(): string {
  let dir = __dirname;
  for (let depth = 0; depth < 6; depth++) {
    try {
      const pkg: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (typeof pkg === 'object' && pkg !== null && 'name' in pkg && pkg.name === SUITE_PACKAGE && 'version' in pkg)
        return String(pkg.version);
    } catch {
      // No package.json at this level: keep walking up.
    }
    dir = dirname(dir);
  }
  throw new Error(`cannot find the package.json of ${SUITE_PACKAGE} above ${__dirname}`);
}

export const SUITE_VERSION = readVersion();

/** `ppapi-conformance 0.2.0 (@ppapi/conformance)`: what --version prints, with the binary's own name. */
export function versionLine(bin: string): string {
  return `${bin} ${SUITE_VERSION} (${SUITE_PACKAGE})\n`;
}
