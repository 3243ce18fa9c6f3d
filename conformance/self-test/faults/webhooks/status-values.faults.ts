// The faults of the checks in status-values.ts: each must make its check FAIL (a broken deployment per fault).
import { statusSays } from '../../support/webhook-fault-helpers';
import type { WebhookFaultTable } from '../../support/self-test';

/** Run with a mock receiver and a fake sender per run (support/webhook-deployment.ts), on the system clock. */
export const webhookFaults: WebhookFaultTable = {
  'webhooks.deletedAndCompletedStatusesAreTheCatalogueValues': [
    statusSays('maintenance.deleted', 'Removed'),
    statusSays('inspection.deleted', 'Deleted'),
    statusSays('inspection.completed', 'done'),
    statusSays('tenant.deleted', 'INACTIVE'),
    statusSays('contract.deleted', 'Ended'),
  ],
};
