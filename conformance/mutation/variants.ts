// Correct-but-different deployments generated from the tolerance table (docs/conformance-tolerances.md, whose
// rows are the data module self-test/tolerances/other-choices.ts): each makes one allowed choice, and one makes
// all of them at once. The whole runnable suite must pass every one.

import type { Fault } from '../self-test/support/broken';
import { TOLERANCES, otherChoices } from '../self-test/tolerances/other-choices';
import { shuffled } from './sample';

export interface Variant {
  readonly id: string;
  readonly choice: string;
  readonly fault: Fault;
}

export const ALL_AT_ONCE = 'all-choices-at-once';

export function allVariants(): Variant[] {
  return [
    { id: ALL_AT_ONCE, choice: TOLERANCES.map((t) => t.id).join(' + '), fault: otherChoices(TOLERANCES) },
    ...TOLERANCES.map((t) => ({ id: t.id, choice: t.choice, fault: otherChoices([t]) })),
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
