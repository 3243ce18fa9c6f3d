// Contact rules: soft delete (issues keep the assignment as history); the detail optionally carries the
// paginated work history; a contact.* event is recorded in every write.
import { randomUUID } from 'node:crypto';
import { Contact, type Scope } from '../../persistence/models';
import { notFound } from '../../platform/errors/api-error';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { recordEvent } from '../../webhooks/outbox/record';
import { contactDeletedData, contactEventData, presentContact, presentWorkItem, type ContactDetailView, type ContactView } from './presenter';
import { findContact, listContacts, workHistory, type ContactFilter } from './repository';
import { HISTORY_LIMIT_DEFAULT } from './schemas';

export interface ContactInput {
  name?: string;
  company?: string | null;
  email?: string | null;
  mobile?: string | null;
  phone?: string | null;
  categories?: string[];
  notes?: string | null;
}

export interface DetailOptions {
  readonly includeHistory: boolean;
  readonly historyPage?: number;
  readonly historyLimit?: number;
}

export async function list(scope: Scope, filter: ContactFilter, page: PageRequest): Promise<{ data: ContactView[]; total: number }> {
  const { rows, total } = await listContacts(scope, filter, page);
  return { data: rows.map(presentContact), total };
}

export async function get(scope: Scope, id: string, options: DetailOptions = { includeHistory: false }): Promise<ContactDetailView> {
  const row = await findContact(scope, id);
  if (!row) throw notFound('Contact');
  const view: ContactDetailView = presentContact(row);
  if (options.includeHistory) {
    const page: PageRequest = { page: options.historyPage ?? 1, limit: options.historyLimit ?? HISTORY_LIMIT_DEFAULT };
    const { rows, total } = await workHistory(scope, id, page);
    view.history = { data: rows.map(presentWorkItem), meta: listMeta(page, total) };
  }
  return view;
}

function columnsOf(input: ContactInput): Partial<Contact> {
  const row: Partial<Contact> = {};
  if (input.name !== undefined) row.name = input.name;
  if (input.company !== undefined) row.company = input.company;
  if (input.email !== undefined) row.email = input.email;
  if (input.mobile !== undefined) row.mobile = input.mobile;
  if (input.phone !== undefined) row.phone = input.phone;
  if (input.categories !== undefined) row.categories = input.categories;
  // An empty note clears it.
  if (input.notes !== undefined) row.notes = input.notes === '' ? null : input.notes;
  return row;
}

export async function create(ctx: WriteContext, input: ContactInput): Promise<ContactView> {
  const now = ctx.clock.now();
  const row = await Contact.insertScoped(ctx, { id: randomUUID(), categories: [], ...columnsOf(input), created_at: now, updated_at: now }).returning('*');
  await recordEvent(ctx, 'contact.created', contactEventData(row));
  return presentContact(row);
}

export async function update(ctx: WriteContext, id: string, input: ContactInput): Promise<ContactView> {
  await Contact.lockOrNotFound(ctx, id, 'Contact');
  const row = (await Contact.scoped(ctx).findById(id).patch({ ...columnsOf(input), updated_at: ctx.clock.now() }).returning('*')) as unknown as Contact;
  await recordEvent(ctx, 'contact.updated', contactEventData(row));
  return presentContact(row);
}

export async function remove(ctx: WriteContext, id: string): Promise<{ deleted: true; id: string }> {
  const existing = await Contact.lockOrNotFound(ctx, id, 'Contact');
  const deletedAt = ctx.clock.now();
  await Contact.softDelete(ctx, id, deletedAt);
  await recordEvent(ctx, 'contact.deleted', contactDeletedData(existing, deletedAt));
  return { deleted: true, id };
}
