// Contact reads, and the work history (maintenance issues assigned to the contact), through the landlord scope.
import { Contact, MaintenanceIssue, type Scope } from '../../persistence/models';
import type { PageRequest } from '../../platform/http/pagination';
import type { WorkRow } from './presenter';
import { containsPattern } from '../../persistence/like';

export interface ContactFilter {
  readonly search?: string;
  readonly category?: string;
}

export async function listContacts(
  scope: Scope,
  filter: ContactFilter,
  page: PageRequest,
): Promise<{ rows: Contact[]; total: number }> {
  const base = Contact.scoped(scope);
  if (filter.search) {
    const term = containsPattern(filter.search);
    base.where(
      (q) =>
        void q
          .whereRaw(`contacts.name ilike ? escape '\\'`, [term])
          .orWhereRaw(`contacts.company ilike ? escape '\\'`, [term])
          .orWhereRaw(`contacts.email ilike ? escape '\\'`, [term]),
    );
  }
  if (filter.category) {
    base.whereRaw('exists (select 1 from unnest(contacts.categories) as c(name) where lower(c.name) = lower(?))', [
      filter.category,
    ]);
  }
  return Contact.page(base, page, [
    ['contacts.name', 'asc'],
    ['contacts.id', 'asc'],
  ]);
}

export const {
  find: findContact,
  insert: insertContact,
  lock: lockContact,
  patch: patchContact,
  softDelete: softDeleteContact,
} = Contact.byId('Contact');

/** Live (not deleted) issues assigned to the contact, most recent first. */
export async function workHistory(
  scope: Scope,
  contactId: string,
  page: PageRequest,
): Promise<{ rows: WorkRow[]; total: number }> {
  const base = MaintenanceIssue.scoped(scope)
    .where('maintenance_issues.assigned_contact_id', contactId)
    .leftJoin('properties', 'properties.id', 'maintenance_issues.property_id')
    .select(
      'maintenance_issues.id',
      'maintenance_issues.property_id',
      'properties.short_name',
      'maintenance_issues.title',
      'maintenance_issues.status',
      'maintenance_issues.priority',
      'maintenance_issues.created_at',
      'maintenance_issues.resolved_at',
    );
  return MaintenanceIssue.page<MaintenanceIssue, WorkRow>(base, page, [
    ['maintenance_issues.created_at', 'desc'],
    ['maintenance_issues.id', 'asc'],
  ]);
}
