// Surviving mutants the suite cannot kill, each with why: the report reads this file, so a survivor listed here is
// "survived (reason)" and one not listed is "survived (unexplained)", a finding to act on. `mutant` is a glob on
// mutant ids (`<rule>/<kind>/<METHOD path>/<variant>`, `*` any run of characters).

export interface KnownSurvivor {
  readonly mutant: string;
  readonly reason: string;
}

export const KNOWN_SURVIVORS: readonly KnownSurvivor[] = [];
