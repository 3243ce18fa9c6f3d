// Correct-but-different deployments generated from the tolerance table (docs/conformance-tolerances.md, whose
// rows are the choices of self-test/tolerances/other-choices.ts and webhook-choices.ts): each makes one allowed
// choice, and one per side makes all of them at once. The public API's choices are judged by the whole runnable
// suite; a webhook sender's by the webhook checks, its deliveries sent through a fake sender making the choice.

import type { Target } from '../src/targets';
import type { Fault } from '../self-test/support/broken';
import type { WebhookShared } from '../self-test/support/webhook-deployment';
import { TOLERANCES, otherChoices, targetFor } from '../self-test/tolerances/other-choices';
import type { Tolerance } from '../self-test/tolerances/tolerance';
import { senderMakingEveryChoice, WEBHOOK_CHOICES, type WebhookChoice } from '../self-test/tolerances/webhook-choices';
import { shuffled } from './sample';

export interface Variant {
  readonly id: string;
  readonly choice: string;
  /** The public API's choices (a faithful proxy when it makes none). */
  readonly fault: Fault;
  /** The deployment's target file, from the base one (a choice of names declares them there). */
  readonly target: (base: Target) => Target;
  /** A webhook sender's choices: the variant runs the webhook checks, each delivery sent through this sender. */
  readonly sender?: (shared: WebhookShared) => Fault;
}

export const ALL_AT_ONCE = 'all-choices-at-once';
/**
 * Webhook variants run side by side, at most this many at once: they share one server's retry scheduler, which
 * falls behind the retry checks' windows (seconds wide with the self-tests' short delays) when more run on a loaded
 * machine.
 */
export const WEBHOOK_VARIANTS_AT_ONCE = 4;
export const WEBHOOK_ALL_AT_ONCE = 'webhook-all-choices-at-once';

function variant(id: string, choice: string, tolerances: readonly Tolerance[]): Variant {
  return { id, choice, fault: otherChoices(tolerances), target: (base) => targetFor(tolerances, base) };
}

function webhookVariant(
  id: string,
  choice: string,
  tolerances: readonly Tolerance[],
  choices: readonly WebhookChoice[],
): Variant {
  return { ...variant(id, choice, tolerances), sender: (shared) => senderMakingEveryChoice(shared, choices) };
}

export function allVariants(): Variant[] {
  return [
    variant(ALL_AT_ONCE, TOLERANCES.map((t) => t.id).join(' + '), TOLERANCES),
    // Every choice of the API as well: a webhook check reads resources and the dashboard through it.
    webhookVariant(
      WEBHOOK_ALL_AT_ONCE,
      [...TOLERANCES, ...WEBHOOK_CHOICES].map((t) => t.id).join(' + '),
      TOLERANCES,
      WEBHOOK_CHOICES,
    ),
    ...TOLERANCES.map((t) => variant(t.id, t.choice, [t])),
    ...WEBHOOK_CHOICES.map((c) => webhookVariant(c.id, c.choice, [], [c])),
  ];
}

/** `all`; `none`; or the all-at-once variants plus `n` single choices picked by the seed. */
export function variantsToRun(which: 'all' | 'none' | number, seed: number): Variant[] {
  const all = allVariants();
  if (which === 'none') return [];
  if (which === 'all') return all;
  const together = all.filter((v) => v.id === ALL_AT_ONCE || v.id === WEBHOOK_ALL_AT_ONCE);
  const single = all.filter((v) => !together.includes(v));
  return [...together, ...shuffled(single, seed).slice(0, which)];
}
