// The faults of the check in read-back.ts: each must make it FAIL (a broken deployment per fault).
import { redTeamFault } from '../../red-team/deployments';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'generated.writeAnswersReadBackInEveryListAndDetail': [
    redTeamFault('contract-documents-list-drops-expiry'),
    redTeamFault('patch-answer-is-the-old-property'),
    redTeamFault('properties-list-hides-maintenance'),
    redTeamFault('contract-detail-hides-notice-served'),
  ],
};
