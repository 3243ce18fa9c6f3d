// Maintenance issue status moves (the spec leaves them open). New issues start Open. Work can start, stop,
// finish and be reopened freely until the issue is Closed; Closed is final (a PATCH of any field answers 409
// CONFLICT; notes can still be added). Sending the current status again is not a move and is accepted.
import type { IssueStatus } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';

export const ISSUE_STATUSES: readonly IssueStatus[] = ['Open', 'In_Progress', 'Resolved', 'Closed'];

export const ALLOWED_MOVES: Readonly<Record<IssueStatus, readonly IssueStatus[]>> = {
  Open: ['In_Progress', 'Resolved', 'Closed'],
  In_Progress: ['Open', 'Resolved', 'Closed'],
  Resolved: ['Open', 'In_Progress', 'Closed'],
  Closed: [],
};

export const isDone = (status: IssueStatus): boolean => status === 'Resolved' || status === 'Closed';

/** Throws 409 CONFLICT when the issue may not change, or may not move to `to`. */
export function assertChangeAllowed(from: IssueStatus, to: IssueStatus | undefined): void {
  if (from === 'Closed') throw apiError('CONFLICT', 'The issue is Closed and can no longer be changed');
  if (to === undefined || to === from) return;
  if (!ALLOWED_MOVES[from].includes(to)) throw apiError('CONFLICT', `An issue cannot move from ${from} to ${to}`);
}

/**
 * resolved_at after a move: stamped when the issue first becomes Resolved or Closed, kept from Resolved to Closed,
 * cleared when it is reopened.
 */
export function resolvedAtAfter(from: IssueStatus, to: IssueStatus, current: Date | null, now: Date): Date | null {
  if (!isDone(to)) return null;
  return isDone(from) && current ? current : now;
}
