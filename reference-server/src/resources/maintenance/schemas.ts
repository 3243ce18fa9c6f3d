// Maintenance issue and note schemas: the issue's derived from its field table, plus the queries and the note.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, listEnvelope, uuid } from '../../platform/http/schemas';
import { ISSUE_PRIORITIES, issueFields, noteText } from './fields';
import type { IssueFilter } from './repository';
import { ISSUE_STATUSES } from './transitions';

export { ISSUE_CATEGORIES, ISSUE_PRIORITIES } from './fields';

const timestamp = Joi.string().isoDate();

export const issueSchema = issueFields.responseSchema('MaintenanceIssue', { sandbox: Joi.boolean() });

export const noteSchema = Joi.object({
  id: uuid.required(),
  issueId: uuid.required(),
  text: Joi.string().required(),
  authorName: Joi.string().required(),
  createdAt: timestamp.required(),
  sandbox: Joi.boolean(),
}).label('MaintenanceNote');

export const listQuery = Joi.object({
  ...paginationQuery,
  status: Joi.string().valid(...ISSUE_STATUSES),
  propertyId: uuid,
  priority: Joi.string().valid(...ISSUE_PRIORITIES),
  assignedContactId: uuid,
});

export const notesQuery = Joi.object({ ...paginationQuery });

export type ListQuery = PageRequest & IssueFilter;

// New issues always start Open; moves go through PATCH /maintenance/issues/{id}.
export const createBody = issueFields.createBody({
  status: Joi.forbidden().messages({ 'any.unknown': '{{#label}} cannot be set on create; new issues are Open' }),
});
export const patchBody = issueFields.patchBody({ status: Joi.string().valid(...ISSUE_STATUSES) });

export const noteBody = Joi.object({ text: noteText.required() }).required();
export interface NoteBody {
  readonly text: string;
}

export const issueEnvelope = dataEnvelope(issueSchema, 'MaintenanceIssueResponse');
export const issueList = listEnvelope(issueSchema, 'MaintenanceIssueList');
export const noteEnvelope = dataEnvelope(noteSchema, 'MaintenanceNoteResponse');
export const noteList = listEnvelope(noteSchema, 'MaintenanceNoteList');
