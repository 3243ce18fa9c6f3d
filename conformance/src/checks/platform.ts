// The platform checks (Authentication, Errors, Response envelope, Endpoints headers and pagination, sandbox,
// tenant isolation, the removed route, rate limits), in run order: the exclusive rate-limit checks last, the
// read limit before the write checks that rely on it being spent.
import type { Check } from '../runner/check';
import {
  noApiAccessPlansAnswer403PlanUpgradeRequired,
  portfolioPlanReadsAreAllowed,
  portfolioPlanWritesAnswer403WriteRequiresEnterprise,
  readOnlyKeyOnWriteRoutesAnswers403InsufficientScope,
  roleRouteMethodMatrixMatchesSpec,
} from './auth/access';
import {
  bearerAndXApiKeyBothAuthenticate,
  keyRevokedInDashboardAnswers401RevokedKey,
  missingOrMalformedCredentialsAnswer401Unauthorized,
  revokedKeyAnswers401RevokedKey,
} from './auth/credentials';
import { plainHttpInProductionAnswers403HttpsRequired } from './auth/https';
import { serviceModeHeaderOnEveryResponseFollowsKeyPrefix } from './auth/service-mode';
import { patchMaintenanceAnswers410NamingSuccessor } from './deprecation/maintenance';
import { successBodiesAreDataWithMetaOnLists } from './envelope/success';
import { fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped, serverErrorsCarryNoStackTraces } from './errors/fuzz';
import { unknownIdsAnswer404NamingResourceKind, validationErrorListsFirstTenIssuesWithFieldPaths } from './errors/messages';
import { rateLimitHeadersOnGetAndRentResponses, rateLimitRemainingDecreasesWithUse } from './headers/rate-limit-headers';
import { foreignIdsOnGetByIdAnswer404NeverData, foreignIdsOnWritesAnswer404AndChangeNothing, listsAndFiltersNeverExposeAnotherLandlordsRecords } from './isolation/isolation';
import {
  minuteWindowSlides,
  portfolioReadsPerMinuteEnforced,
  portfolioReadsPerDayEnforced,
  readsPerDayEnforced,
  readsPerMinuteEnforcedWithRetryAfter,
  writesCountedApartFromReads,
  writesPerDayEnforced,
  writesPerMinuteEnforced,
} from './limits/rate-limits';
import {
  contractsHasNextPageMatchesTotal,
  filtersHoldOnEveryItem,
  limitAbove500RejectedAnd500Accepted,
  pagesPartitionEveryList,
  queryValuesValidatedOnEveryListEndpoint,
} from './pagination/lists';
import {
  sandboxCreateAnswersMockAndPersistsNothing,
  sandboxDeleteAnswersMockAndDeletesNothing,
  sandboxPatchAnswersMockAndChangesNothing,
  sandboxReadsReturnTheSameDataAsLive,
} from './sandbox/sandbox';

export const AUTH_CHECKS: readonly Check[] = [
  bearerAndXApiKeyBothAuthenticate,
  serviceModeHeaderOnEveryResponseFollowsKeyPrefix,
  readOnlyKeyOnWriteRoutesAnswers403InsufficientScope,
  noApiAccessPlansAnswer403PlanUpgradeRequired,
  portfolioPlanWritesAnswer403WriteRequiresEnterprise,
  portfolioPlanReadsAreAllowed,
  missingOrMalformedCredentialsAnswer401Unauthorized,
  revokedKeyAnswers401RevokedKey,
  keyRevokedInDashboardAnswers401RevokedKey,
  plainHttpInProductionAnswers403HttpsRequired,
  roleRouteMethodMatrixMatchesSpec,
];

export const ERROR_CHECKS: readonly Check[] = [
  fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped,
  serverErrorsCarryNoStackTraces,
  unknownIdsAnswer404NamingResourceKind,
  validationErrorListsFirstTenIssuesWithFieldPaths,
];

export const ENVELOPE_CHECKS: readonly Check[] = [successBodiesAreDataWithMetaOnLists];

export const HEADER_CHECKS: readonly Check[] = [rateLimitHeadersOnGetAndRentResponses, rateLimitRemainingDecreasesWithUse];

export const PAGINATION_CHECKS: readonly Check[] = [
  limitAbove500RejectedAnd500Accepted,
  queryValuesValidatedOnEveryListEndpoint,
  pagesPartitionEveryList,
  contractsHasNextPageMatchesTotal,
  filtersHoldOnEveryItem,
];

export const SANDBOX_CHECKS: readonly Check[] = [
  sandboxCreateAnswersMockAndPersistsNothing,
  sandboxPatchAnswersMockAndChangesNothing,
  sandboxDeleteAnswersMockAndDeletesNothing,
  sandboxReadsReturnTheSameDataAsLive,
];

export const ISOLATION_CHECKS: readonly Check[] = [foreignIdsOnGetByIdAnswer404NeverData, foreignIdsOnWritesAnswer404AndChangeNothing, listsAndFiltersNeverExposeAnotherLandlordsRecords];

export const DEPRECATION_CHECKS: readonly Check[] = [patchMaintenanceAnswers410NamingSuccessor];

/** Exclusive: run last, one at a time, in this order. */
export const LIMIT_CHECKS: readonly Check[] = [
  readsPerMinuteEnforcedWithRetryAfter,
  writesCountedApartFromReads,
  writesPerMinuteEnforced,
  portfolioReadsPerMinuteEnforced,
  minuteWindowSlides,
  readsPerDayEnforced,
  writesPerDayEnforced,
  portfolioReadsPerDayEnforced,
];

export const PLATFORM_CHECKS: readonly Check[] = [
  ...AUTH_CHECKS,
  ...ERROR_CHECKS,
  ...ENVELOPE_CHECKS,
  ...HEADER_CHECKS,
  ...PAGINATION_CHECKS,
  ...SANDBOX_CHECKS,
  ...ISOLATION_CHECKS,
  ...DEPRECATION_CHECKS,
  ...LIMIT_CHECKS,
];
