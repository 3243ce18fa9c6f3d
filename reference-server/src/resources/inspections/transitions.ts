// Inspection status moves (the spec leaves them open). An inspection is booked `scheduled` (or recorded as
// already `in_progress` or `completed`), starts, completes, or is cancelled; a cancelled one can be rebooked.
// `completed` is final for status, date and type; the report fields (summary, landlordActions, inspectorName)
// stay editable because landlord actions follow the report.
import type { InspectionStatus } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';

export const INSPECTION_STATUSES: readonly InspectionStatus[] = ['scheduled', 'in_progress', 'completed', 'cancelled'];
export const CREATE_STATUSES: readonly InspectionStatus[] = ['scheduled', 'in_progress', 'completed'];

export const ALLOWED_MOVES: Readonly<Record<InspectionStatus, readonly InspectionStatus[]>> = {
  scheduled: ['in_progress', 'completed', 'cancelled'],
  in_progress: ['scheduled', 'completed', 'cancelled'],
  completed: [],
  cancelled: ['scheduled'],
};

export interface InspectionChange {
  readonly status?: InspectionStatus;
  readonly inspectionDate?: string;
  readonly inspectionType?: string;
}

/** Throws 409 CONFLICT for a move not allowed, or a change to what a completed inspection fixed. */
export function assertChangeAllowed(from: InspectionStatus, change: InspectionChange): void {
  const moving = change.status !== undefined && change.status !== from;
  if (from === 'completed' && (moving || change.inspectionDate !== undefined || change.inspectionType !== undefined)) {
    throw apiError('CONFLICT', 'The inspection is completed: its status, date and type can no longer change');
  }
  if (moving && !ALLOWED_MOVES[from].includes(change.status)) {
    throw apiError('CONFLICT', `An inspection cannot move from ${from} to ${change.status}`);
  }
}
