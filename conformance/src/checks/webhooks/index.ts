// The webhook checks (spec: Events, Authentication rule 9, rent invoice email rules 6 and 8). Each needs the
// target's webhook receiver and dashboard; a check creates a landlord, keys and subscriptions of its own.
import type { Check } from '../../runner/check';
import { liveWritesDeliverSignedCatalogueEnvelopes, oneEventFansOutWithOneIdAndPerSubscriptionSecrets, testDeliveriesOfEveryEventType } from './envelopes';
import { deliveryStatesInTheDashboardHistory } from './delivery-states';
import { liveDeletesFireTheMatchingDeletedEvents } from './deletes';
import { invoiceSentAfterLiveEmailOnlyAndAsynchronously } from './invoice';
import { scheduledEventsReachPortfolioButNotProfessional } from './plans';
import { permanentFailureThenManualRetry, retriesReuseIdOnScheduledDelays, slowAnswersTimeOutAndAreRetried } from './retries';
import { fixedStatusValuesInWebhooks } from './status-values';

export const WEBHOOK_CHECKS: readonly Check[] = [
  liveWritesDeliverSignedCatalogueEnvelopes,
  testDeliveriesOfEveryEventType,
  oneEventFansOutWithOneIdAndPerSubscriptionSecrets,
  invoiceSentAfterLiveEmailOnlyAndAsynchronously,
  retriesReuseIdOnScheduledDelays,
  permanentFailureThenManualRetry,
  slowAnswersTimeOutAndAreRetried,
  scheduledEventsReachPortfolioButNotProfessional,
  liveDeletesFireTheMatchingDeletedEvents,
  deliveryStatesInTheDashboardHistory,
  fixedStatusValuesInWebhooks,
];
