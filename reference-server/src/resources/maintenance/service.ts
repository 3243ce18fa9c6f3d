// Maintenance issue rules: the property and the assigned contact must be the landlord's (else 400, like any
// invalid field); new issues are Open; status moves follow transitions.ts; soft delete; notes are added as the
// account owner. Every write records its maintenance.* or note.created event.
import { randomUUID } from 'node:crypto';
import type { MaintenanceIssue, Scope } from '../../persistence/models';
import { apiError } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { recordEvent } from '../../webhooks/outbox/record';
import { accountOwnerName } from '../team/service';
import {
  issueDeletedData,
  issueEventData,
  noteEventData,
  presentIssue,
  presentNote,
  type IssueView,
  type NoteView,
} from './presenter';
import { issueFields, type IssueCreateInput, type IssueInput } from './fields';
import {
  findIssue,
  findLiveContact,
  findLiveProperty,
  insertIssue,
  insertNote,
  listIssues,
  listNotes,
  lockIssue,
  patchIssue,
  propertyName as nameOf,
  propertyNames,
  softDeleteIssue,
  type IssueFilter,
} from './repository';
import { assertChangeAllowed, resolvedAtAfter } from './transitions';

export type { IssueInput } from './fields';

const invalid = (path: string, message: string) =>
  apiError('VALIDATION_ERROR', `Invalid request: payload.${path}: ${message}`);

export async function list(
  scope: Scope,
  filter: IssueFilter,
  page: PageRequest,
): Promise<{ data: IssueView[]; total: number }> {
  const { rows, total } = await listIssues(scope, filter, page);
  const names = await propertyNames(
    scope,
    rows.map((i) => i.property_id),
  );
  return { data: rows.map((i) => presentIssue(i, names.get(i.property_id) ?? '')), total };
}

export async function get(scope: Scope, id: string): Promise<IssueView> {
  const row = await findIssue(scope, id);
  return presentIssue(row, await nameOf(scope, row.property_id));
}

async function assertContact(ctx: WriteContext, id: string | null | undefined): Promise<void> {
  if (id && !(await findLiveContact(ctx, id))) throw invalid('assignedContactId', `Contact ${id} not found`);
}

export async function create(ctx: WriteContext, input: IssueCreateInput): Promise<IssueView> {
  const property = await findLiveProperty(ctx, input.propertyId);
  if (!property) throw invalid('propertyId', `Property ${input.propertyId} not found`);
  await assertContact(ctx, input.assignedContactId);
  const now = ctx.clock.now();
  const row = await insertIssue(ctx, {
    id: randomUUID(),
    description: '',
    priority: 'Medium',
    ...issueFields.columnsOf(input),
    property_id: property.id,
    status: 'Open',
    created_at: now,
    updated_at: now,
  });
  await recordEvent(ctx, 'maintenance.created', issueEventData(row, property.short_name));
  return presentIssue(row, property.short_name);
}

export async function update(ctx: WriteContext, id: string, input: IssueInput): Promise<IssueView> {
  const existing = await lockIssue(ctx, id);
  assertChangeAllowed(existing.status, input.status);
  await assertContact(ctx, input.assignedContactId);
  const now = ctx.clock.now();
  const patch: Partial<MaintenanceIssue> = { ...issueFields.columnsOf(input), updated_at: now };
  if (input.status !== undefined && input.status !== existing.status) {
    patch.status = input.status;
    patch.resolved_at = resolvedAtAfter(existing.status, input.status, existing.resolved_at, now);
  }
  const row = await patchIssue(ctx, id, patch);
  const propertyName = await nameOf(ctx, row.property_id);
  await recordEvent(ctx, 'maintenance.updated', issueEventData(row, propertyName));
  return presentIssue(row, propertyName);
}

export async function remove(ctx: WriteContext, id: string): Promise<{ deleted: true; id: string }> {
  const existing = await lockIssue(ctx, id);
  const deletedAt = ctx.clock.now();
  await softDeleteIssue(ctx, id, deletedAt);
  await recordEvent(
    ctx,
    'maintenance.deleted',
    issueDeletedData(existing, await nameOf(ctx, existing.property_id), deletedAt),
  );
  return { deleted: true, id };
}

export async function notes(
  scope: Scope,
  issueId: string,
  page: PageRequest,
): Promise<{ data: NoteView[]; total: number }> {
  await findIssue(scope, issueId);
  const { rows, total } = await listNotes(scope, issueId, page);
  return { data: rows.map(presentNote), total };
}

/** Notes may be added in any status, Closed included (a record of what happened after closing). */
export async function addNote(ctx: WriteContext, issueId: string, text: string): Promise<NoteView> {
  const issue = await lockIssue(ctx, issueId);
  const now = ctx.clock.now();
  const note = await insertNote(ctx, {
    id: randomUUID(),
    issue_id: issueId,
    text,
    author_name: await accountOwnerName(ctx),
    created_at: now,
  });
  await patchIssue(ctx, issueId, { updated_at: now });
  await recordEvent(ctx, 'note.created', noteEventData(note, issue.property_id));
  return presentNote(note);
}
