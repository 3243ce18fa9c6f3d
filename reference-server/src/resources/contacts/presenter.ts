// Contact rows → the API shape (the field table's presenter), work-history items, and the contact.* webhook data.
import type { EventData } from '../../webhooks/catalogue/fields';
import type { Contact } from '../../persistence/models';
import type { ListMeta } from '../../platform/http/pagination';
import { contactFields, type ContactView } from './fields';

export type { ContactView } from './fields';

export interface WorkItem {
  issueId: string;
  propertyId: string;
  propertyName: string;
  title: string;
  status: string;
  priority: string;
  createdAt: string;
  resolvedAt: string | null;
}

export interface ContactDetailView extends ContactView {
  history?: { data: WorkItem[]; meta: ListMeta };
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentContact = (c: Contact): ContactView => contactFields.present(c, {});

export interface WorkRow {
  id: string;
  property_id: string;
  short_name: string | null;
  title: string;
  status: string;
  priority: string;
  created_at: Date | string;
  resolved_at: Date | string | null;
}

export const presentWorkItem = (r: WorkRow): WorkItem => ({
  issueId: r.id,
  propertyId: r.property_id,
  propertyName: r.short_name ?? '',
  title: r.title,
  status: r.status,
  priority: r.priority,
  createdAt: iso(r.created_at),
  resolvedAt: r.resolved_at === null ? null : iso(r.resolved_at),
});

// The catalogue types company, email and mobile as non-null strings: a missing one is sent as ''.
export const contactEventData = (c: Contact): EventData<'contact.created'> => ({
  contact_id: c.id,
  name: c.name,
  company: c.company ?? '',
  email: c.email ?? '',
  mobile: c.mobile ?? '',
  categories: c.categories ?? [],
});

export const contactDeletedData = (c: Contact, deletedAt: Date): EventData<'contact.deleted'> => ({
  contact_id: c.id,
  name: c.name,
  company: c.company ?? '',
  deleted_at: deletedAt.toISOString(),
});
