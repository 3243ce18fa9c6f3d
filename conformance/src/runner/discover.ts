// Finds the checks by walking the checks folder: a module registers its checks by being there and exporting
// them (whatever defineCheck returned). Works on the TypeScript sources (tsx, jest) and on compiled JavaScript.
// Left out: `shared/` helpers, `*.faults.*` (self-test faults, kept under self-test/faults/), tests and declaration files.

import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { definitionOrder, isCheck, type Check } from './check';

export interface CheckModule {
  /** Path from the checks folder, `/`-separated, without extension: `auth/access`. */
  readonly name: string;
  /** Absolute path without extension (require resolves `.ts` or `.js`). */
  readonly base: string;
  /** The checks it exports, in definition order. */
  readonly checks: readonly Check<unknown>[];
}

const SOURCE = /^(?!.*\.d\.ts$)(?!.*\.(faults|test)\.[cm]?[jt]s$).*\.[cm]?[jt]s$/;
const SKIPPED_FOLDERS = new Set(['shared', 'node_modules']);

function moduleFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return SKIPPED_FOLDERS.has(entry) ? [] : moduleFiles(path);
      return SOURCE.test(entry) ? [path] : [];
    });
}

/** Every check module under `dir`, in path order; throws when two modules export the same check. */
export function discoverCheckModules(
  dir: string,
  // Loaded through the host's own require (jest's or tsx's), which is what loads TypeScript sources.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- modules found at run time, loaded synchronously
  load: (base: string) => unknown = (base) => require(base) as unknown,
): CheckModule[] {
  const bases = [...new Set(moduleFiles(dir).map((file) => file.replace(/\.[cm]?[jt]s$/, '')))];
  const owner = new Map<Check<unknown>, string>();
  return bases.map((base) => {
    const name = relative(dir, base).split(sep).join('/');
    const exports = load(base);
    // A module may export a check or a list of them (one per variant: per event type, per header shape).
    // (the same check exported alone and in a list counts once).
    const checks = [
      ...new Set(
        Object.values(typeof exports === 'object' && exports !== null ? exports : {})
          .flatMap((value: unknown) => (Array.isArray(value) ? (value as unknown[]) : [value]))
          .filter(isCheck),
      ),
    ];
    for (const check of checks) {
      const other = owner.get(check);
      if (other !== undefined)
        throw new Error(
          `check ${check.id} is exported by both ${other} and ${name}: export it from the module that defines it only`,
        );
      owner.set(check, name);
    }
    return { name, base, checks: checks.sort((a, b) => definitionOrder(a) - definitionOrder(b)) };
  });
}
