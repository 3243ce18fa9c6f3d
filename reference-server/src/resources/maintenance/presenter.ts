// Issue rows → the API shape (the field table's presenter), note rows → theirs (read-only, written once by the
// note route), and the maintenance.* / note.created webhook data (the catalogue's fields).
import type { EventData } from '../../webhooks/catalogue/fields';
import type { MaintenanceIssue, MaintenanceIssueNote } from '../../persistence/models';
import { issueFields, type IssueView } from './fields';

export type { IssueView } from './fields';

export interface NoteView {
  id: string;
  issueId: string;
  text: string;
  authorName: string;
  createdAt: string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export const presentIssue = (i: MaintenanceIssue, propertyName: string): IssueView =>
  issueFields.present(i, { propertyName });

export const presentNote = (n: MaintenanceIssueNote): NoteView => ({
  id: n.id,
  issueId: n.issue_id,
  text: n.text,
  authorName: n.author_name,
  createdAt: iso(n.created_at),
});

/** maintenance.created and maintenance.updated. */
export const issueEventData = (i: MaintenanceIssue, propertyName: string): EventData<'maintenance.created'> => ({
  issue_id: i.id,
  property_id: i.property_id,
  property_name: propertyName,
  title: i.title,
  description: i.description,
  priority: i.priority,
  status: i.status,
});

export const issueDeletedData = (
  i: MaintenanceIssue,
  propertyName: string,
  deletedAt: Date,
): EventData<'maintenance.deleted'> => ({
  issue_id: i.id,
  property_id: i.property_id,
  property_name: propertyName,
  title: i.title,
  priority: i.priority,
  status: 'Deleted',
  deleted_at: deletedAt.toISOString(),
});

export const noteEventData = (n: MaintenanceIssueNote, propertyId: string): EventData<'note.created'> => ({
  note_id: n.id,
  issue_id: n.issue_id,
  property_id: propertyId,
  text: n.text,
  created_at: new Date(n.created_at).toISOString(),
});
