// Which tolerance run reaches which check. Every registered check is in one of the runs or is listed in NOT_RUN
// with a written reason; tolerances.test.ts fails for a check in none of them (a new exclusive or webhook check
// lands in its run by being one, so only a check that no run can take needs a reason here).
import { ALL_CHECKS } from '../../src/registry';
import type { Check } from '../../src/runner';

/** Checks that cannot run against a tolerance deployment at all, each with the reason. */
export const NOT_RUN: Readonly<Record<string, string>> = {
  'limits.minuteWindowSlides':
    'full profile: waits out a sliding minute on a key of its own; the quick tolerance runs skip it as every quick run does',
  'limits.readsPerDayEnforced':
    "full profile: spends a key's whole day budget; the quick tolerance runs skip it as every quick run does",
  'limits.writesPerDayEnforced':
    "full profile: spends a key's whole day budget; the quick tolerance runs skip it as every quick run does",
  'limits.portfolioReadsPerDayEnforced':
    "full profile: spends a key's whole day budget; the quick tolerance runs skip it as every quick run does",
};

const isWebhook = (c: Check): boolean => c.needs.includes('webhook');

/** The rate-limit and invoice-limit checks: alone, on a fresh server each (exclusive.test.ts). */
export const EXCLUSIVE_RUN: readonly Check[] = ALL_CHECKS.filter(
  (c) => c.exclusive && !isWebhook(c) && NOT_RUN[c.id] === undefined,
);

/** The webhook checks: a mock receiver, short retry delays (../../mutation/webhook-variants.test.ts). */
export const WEBHOOK_RUN: readonly Check[] = ALL_CHECKS.filter((c) => isWebhook(c) && NOT_RUN[c.id] === undefined);

/** Every other check: one shared reference server, all choices at once and each alone (tolerances.test.ts). */
export const SHARED_RUN: readonly Check[] = ALL_CHECKS.filter(
  (c) => !c.exclusive && !isWebhook(c) && NOT_RUN[c.id] === undefined,
);
