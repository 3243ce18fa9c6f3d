// The one place the runner touches the rule catalogue, so the CLI and coverage code take it as a value
// (self-tests pass catalogues of their own).

import type { Rule, RuleClass } from '../model';
import { isTestableClass, RULES, toRequirementsCsv } from '../rules';

export interface Catalogue {
  readonly rules: readonly Rule[];
  readonly isTestable: (cls: RuleClass) => boolean;
  readonly toRequirementsCsv: (rules: readonly Rule[], checksByRule: ReadonlyMap<string, readonly string[]>) => string;
}

export const CATALOGUE: Catalogue = { rules: RULES, isTestable: isTestableClass, toRequirementsCsv };
