// The registry of every check the suite runs: each module under checks/ (shared/ helpers and *.faults.ts left
// out) exports its checks and is found here at run time; nothing else lists them. Run order: modules in path
// order, a module's checks in source order, `spread` checks spaced out (the runner still starts long checks
// first and runs exclusive ones last, in this order).
import { join } from 'node:path';
import { isTargetCheck, type Check } from './runner/check';
import type { ReceiverCheck } from './receiver-tester/context';
import { discoverCheckModules, type CheckModule } from './runner/discover';

export const CHECK_MODULES: readonly CheckModule[] = discoverCheckModules(join(__dirname, 'checks'));

/** `spread` one at a time, first, then after every `every` checks of `rest`. */
function interleave(spread: readonly Check[], rest: readonly Check[], every: number): Check[] {
  const out: Check[] = [];
  const queue = [...spread];
  rest.forEach((check, i) => {
    if (i % every === 0 && queue.length > 0) out.push(queue.shift() as Check);
    out.push(check);
  });
  return [...out, ...queue];
}

const TARGET_CHECKS = CHECK_MODULES.flatMap((m) => m.checks.filter(isTargetCheck));

/**
 * The checks aimed at a deployment (defineCheck): what `npm run conformance` runs. Checks that share a
 * per-minute budget (`spread`) are placed one every 6 checks, so their waits overlap the others' work.
 */
export const ALL_CHECKS: readonly Check[] = interleave(
  TARGET_CHECKS.filter((c) => c.spread === true),
  TARGET_CHECKS.filter((c) => c.spread !== true),
  6,
);

/** The checks aimed at a webhook receiver (defineReceiverCheck, checks/receiver-tester-cases/): what `npm run receiver-test` runs. */
export const RECEIVER_CHECKS: readonly ReceiverCheck[] = CHECK_MODULES.flatMap((m) =>
  m.checks.filter((c): c is ReceiverCheck => c.context === 'receiver-tester'),
);
