// Surviving mutants the suite does not kill, each with why: the report reads this file, so a survivor listed here is
// "survived (class: reason)" and one not listed is "survived (unexplained)", a finding to act on. `mutant` is a glob
// on mutant ids (`<rule>/<kind>/<METHOD path>/<variant>`, `*` any run of characters).

export interface KnownSurvivor {
  readonly mutant: string;
  /**
   * `unobservable`: no black-box client can tell the violation from a correct answer (the reason says why);
   * `weak-check`: a check could see it and does not yet (the reason names the check to strengthen). A listed
   * mutant that gets killed is reported as a stale entry, so the entry is removed once the check is strengthened.
   */
  readonly class: 'unobservable' | 'weak-check';
  readonly reason: string;
}

export const KNOWN_SURVIVORS: readonly KnownSurvivor[] = [];
