// Surviving mutants the suite cannot kill, each with why: the report reads this file, so a survivor listed here is
// "survived (reason)" and one not listed is "survived (unexplained)", a finding to act on. `mutant` is a glob on
// mutant ids (`<rule>/<kind>/<METHOD path>/<variant>`, `*` any run of characters).

export interface KnownSurvivor {
  readonly mutant: string;
  /**
   * `unobservable`: no black-box client can tell the violation from a correct answer (the reason says why);
   * `weak-check`: a check could see it and does not yet (the reason names the check to strengthen). A listed
   * survivor that gets killed is reported as stale, so its entry is removed once the check is strengthened.
   */
  readonly class: 'unobservable' | 'weak-check';
  readonly reason: string;
}

export const KNOWN_SURVIVORS: readonly KnownSurvivor[] = [];
