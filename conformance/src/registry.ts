// The registry of every check the suite runs: each module under checks/ (shared/ helpers and *.faults.ts left
// out) exports its checks and is found here at run time; nothing else lists them. Run order: modules in path
// order, a module's checks in source order (the runner still starts long checks first and runs exclusive ones
// last, in this order).
import { join } from 'node:path';
import { isTargetCheck, type Check } from './runner/check';
import type { ReceiverCheck } from './receiver/context';
import { discoverCheckModules, type CheckModule } from './runner/discover';

export const CHECK_MODULES: readonly CheckModule[] = discoverCheckModules(join(__dirname, 'checks'));

/** The checks aimed at a deployment (defineCheck): what `npm run conformance` runs. */
export const ALL_CHECKS: readonly Check[] = CHECK_MODULES.flatMap((m) => m.checks.filter(isTargetCheck));

/** The checks aimed at a webhook receiver (defineReceiverCheck, checks/receiver/): what `npm run receiver-test` runs. */
export const RECEIVER_CHECKS: readonly ReceiverCheck[] = CHECK_MODULES.flatMap((m) => m.checks.filter((c): c is ReceiverCheck => c.context === 'receiver'));
