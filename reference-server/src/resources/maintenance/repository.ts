// Maintenance issue and note reads, through the landlord scope.
import { Contact, MaintenanceIssue, MaintenanceIssueNote, Property, type Scope } from '../../persistence/models';
import type { PageRequest } from '../../platform/http/pagination';
import type { IssuePriority, IssueStatus } from '../../persistence/models';

export interface IssueFilter {
  readonly status?: IssueStatus;
  readonly propertyId?: string;
  readonly priority?: IssuePriority;
  readonly assignedContactId?: string;
}

export async function listIssues(
  scope: Scope,
  filter: IssueFilter,
  page: PageRequest,
): Promise<{ rows: MaintenanceIssue[]; total: number }> {
  const base = MaintenanceIssue.scoped(scope);
  if (filter.status) base.where('maintenance_issues.status', filter.status);
  if (filter.propertyId) base.where('maintenance_issues.property_id', filter.propertyId);
  if (filter.priority) base.where('maintenance_issues.priority', filter.priority);
  if (filter.assignedContactId) base.where('maintenance_issues.assigned_contact_id', filter.assignedContactId);
  return MaintenanceIssue.page(base, page, [
    ['maintenance_issues.created_at', 'asc'],
    ['maintenance_issues.id', 'asc'],
  ]);
}

export const {
  find: findIssue,
  insert: insertIssue,
  lock: lockIssue,
  patch: patchIssue,
  softDelete: softDeleteIssue,
} = MaintenanceIssue.byId('Maintenance issue');
export const findLiveProperty = async (scope: Scope, id: string): Promise<Property | undefined> =>
  Property.scoped(scope).findById(id);
export const findLiveContact = async (scope: Scope, id: string): Promise<Contact | undefined> =>
  Contact.scoped(scope).findById(id);
export { propertyName, propertyNames } from '../properties/repository';

export const insertNote = async (scope: Scope, row: Partial<MaintenanceIssueNote>): Promise<MaintenanceIssueNote> =>
  MaintenanceIssueNote.insertScoped(scope, row).returning('*');

export async function listNotes(
  scope: Scope,
  issueId: string,
  page: PageRequest,
): Promise<{ rows: MaintenanceIssueNote[]; total: number }> {
  const base = MaintenanceIssueNote.scoped(scope).where('maintenance_issue_notes.issue_id', issueId);
  return MaintenanceIssueNote.page(base, page, [
    ['maintenance_issue_notes.created_at', 'asc'],
    ['maintenance_issue_notes.id', 'asc'],
  ]);
}
