// The faults of the check in owned-ids.ts: each must make it FAIL (a broken deployment per fault).
import { redTeamFault } from '../../red-team/deployments';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'generated.documentIdsUnderAnotherOwnerAnswer404': [redTeamFault('document-delete-under-any-owner')],
};
