// Contact rules: soft delete (issues keep the assignment as history); the detail
// optionally carries the paginated work history; a contact.* event is recorded in every write.
// Reads and writes go through the repository; views through the presenter.
import { randomUUID } from 'node:crypto';
import type { Scope } from '../../persistence/models';
import { listMeta, type PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { recordEvent } from '../../webhooks/outbox/record';
import { contactFields, type ContactInput } from './fields';
import {
  contactDeletedData,
  contactEventData,
  presentContact,
  presentWorkItem,
  type ContactDetailView,
  type ContactView,
} from './presenter';
import {
  findContact,
  insertContact,
  listContacts,
  lockContact,
  patchContact,
  softDeleteContact,
  workHistory,
  type ContactFilter,
} from './repository';
import { HISTORY_LIMIT_DEFAULT, type DetailQuery } from './schemas';

export type { ContactInput } from './fields';

export async function list(
  scope: Scope,
  filter: ContactFilter,
  page: PageRequest,
): Promise<{ data: ContactView[]; total: number }> {
  const { rows, total } = await listContacts(scope, filter, page);
  return { data: rows.map(presentContact), total };
}

export async function get(
  scope: Scope,
  id: string,
  options: DetailQuery = { includeHistory: false },
): Promise<ContactDetailView> {
  const view: ContactDetailView = presentContact(await findContact(scope, id));
  if (options.includeHistory) {
    const page: PageRequest = { page: options.historyPage ?? 1, limit: options.historyLimit ?? HISTORY_LIMIT_DEFAULT };
    const { rows, total } = await workHistory(scope, id, page);
    view.history = { data: rows.map(presentWorkItem), meta: listMeta(page, total) };
  }
  return view;
}

export async function create(ctx: WriteContext, input: ContactInput): Promise<ContactView> {
  const now = ctx.clock.now();
  const row = await insertContact(ctx, {
    id: randomUUID(),
    categories: [],
    ...contactFields.columnsOf(input),
    created_at: now,
    updated_at: now,
  });
  await recordEvent(ctx, 'contact.created', contactEventData(row));
  return presentContact(row);
}

export async function update(ctx: WriteContext, id: string, input: ContactInput): Promise<ContactView> {
  await lockContact(ctx, id);
  const row = await patchContact(ctx, id, { ...contactFields.columnsOf(input), updated_at: ctx.clock.now() });
  await recordEvent(ctx, 'contact.updated', contactEventData(row));
  return presentContact(row);
}

export async function remove(ctx: WriteContext, id: string): Promise<{ deleted: true; id: string }> {
  const existing = await lockContact(ctx, id);
  const deletedAt = ctx.clock.now();
  await softDeleteContact(ctx, id, deletedAt);
  await recordEvent(ctx, 'contact.deleted', contactDeletedData(existing, deletedAt));
  return { deleted: true, id };
}
