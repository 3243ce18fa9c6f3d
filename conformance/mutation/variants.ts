// Correct-but-different deployments generated from the tolerance table (docs/conformance-tolerances.md, whose
// rows are the choices of self-test/tolerances/other-choices.ts): each makes one allowed choice, and one makes
// all of them at once. The whole runnable suite must pass every one.

import type { Target } from '../src/targets';
import type { Fault } from '../self-test/support/broken';
import { TOLERANCES, otherChoices, targetFor } from '../self-test/tolerances/other-choices';
import type { Tolerance } from '../self-test/tolerances/tolerance';
import { shuffled } from './sample';

export interface Variant {
  readonly id: string;
  readonly choice: string;
  readonly fault: Fault;
  /** The deployment's target file, from the base one (a choice of names declares them there). */
  readonly target: (base: Target) => Target;
}

export const ALL_AT_ONCE = 'all-choices-at-once';

function variant(id: string, choice: string, tolerances: readonly Tolerance[]): Variant {
  return { id, choice, fault: otherChoices(tolerances), target: (base) => targetFor(tolerances, base) };
}

export function allVariants(): Variant[] {
  return [
    variant(ALL_AT_ONCE, TOLERANCES.map((t) => t.id).join(' + '), TOLERANCES),
    ...TOLERANCES.map((t) => variant(t.id, t.choice, [t])),
  ];
}

/** `all`; `none`; or all at once plus `n` single choices picked by the seed. */
export function variantsToRun(which: 'all' | 'none' | number, seed: number): Variant[] {
  const all = allVariants();
  if (which === 'none') return [];
  if (which === 'all') return all;
  const [together, ...single] = all;
  return [...(together ? [together] : []), ...shuffled(single, seed).slice(0, which)];
}
