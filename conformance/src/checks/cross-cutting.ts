// Checks of statements that hold across the whole API rather than one resource group: the versioned root, the
// id/date/timestamp conventions, "every request is made with an API key", malformed JSON, non-UUID path ids, and
// where webhook subscriptions are managed (the dashboard, at most 32 event types each).
import type { Check } from '../runner/check';
import { everyRouteRefusesARequestWithoutAKey } from './auth/no-key';
import { idsDatesAndTimestampsFollowTheConventions } from './envelope/conventions';
import { malformedJsonAnswers400 } from './errors/malformed-json';
import { nonUuidPathIdsAnswer400Or404 } from './errors/path-ids';
import { apiAnswersUnderItsVersionPrefixOnly } from './versioning/prefix';
import { dashboardSubscriptionsTakeAtMost32EventTypes } from './webhooks/subscription-limits';

export const CROSS_CUTTING_CHECKS: readonly Check[] = [
  apiAnswersUnderItsVersionPrefixOnly,
  idsDatesAndTimestampsFollowTheConventions,
  everyRouteRefusesARequestWithoutAKey,
  malformedJsonAnswers400,
  nonUuidPathIdsAnswer400Or404,
  dashboardSubscriptionsTakeAtMost32EventTypes,
];
