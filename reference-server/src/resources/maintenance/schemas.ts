import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, uuid } from '../../platform/http/schemas';
import { ISSUE_STATUSES } from './transitions';

export const ISSUE_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export const ISSUE_CATEGORIES = [
  'Plumbing', 'Heating', 'Electrical', 'Damp', 'Security', 'Glazing', 'Roofing', 'Appliances', 'Pests', 'Garden', 'General',
] as const;

const timestamp = Joi.string().isoDate();

export const issueSchema = Joi.object({
  id: uuid.required(),
  propertyId: uuid.required(),
  propertyName: Joi.string().allow('').required(),
  title: Joi.string().required(),
  description: Joi.string().allow('').required(),
  priority: Joi.string().valid(...ISSUE_PRIORITIES).required(),
  status: Joi.string().valid(...ISSUE_STATUSES).required(),
  category: Joi.string().allow(null).required(),
  assignedContactId: uuid.allow(null).required(),
  dueDate: isoDate.allow(null).required(),
  resolvedAt: timestamp.allow(null).required(),
  createdAt: timestamp.required(),
  updatedAt: timestamp.required(),
  sandbox: Joi.boolean(),
}).label('MaintenanceIssue');

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

const fields = {
  title: Joi.string().trim().min(1).max(200),
  description: Joi.string().trim().max(5000).allow(''),
  priority: Joi.string().valid(...ISSUE_PRIORITIES),
  category: Joi.string().valid(...ISSUE_CATEGORIES).allow(null),
  assignedContactId: uuid.allow(null),
  dueDate: isoDate.allow(null),
};

export const createBody = Joi.object({
  ...fields,
  propertyId: uuid.required(),
  title: fields.title.required(),
  // New issues always start Open; moves go through PATCH /maintenance/issues/{id}.
  status: Joi.forbidden().messages({ 'any.unknown': '{{#label}} cannot be set on create; new issues are Open' }),
}).required();

export const patchBody = Joi.object({
  ...fields,
  status: Joi.string().valid(...ISSUE_STATUSES),
  propertyId: Joi.forbidden().messages({ 'any.unknown': '{{#label}} cannot change; open a new issue for another property' }),
}).min(1).required();

export const noteBody = Joi.object({ text: Joi.string().trim().min(1).max(5000).required() }).required();

export const issueEnvelope = dataEnvelope(issueSchema, 'MaintenanceIssueResponse');
export const issueList = listEnvelope(issueSchema, 'MaintenanceIssueList');
export const noteEnvelope = dataEnvelope(noteSchema, 'MaintenanceNoteResponse');
export const noteList = listEnvelope(noteSchema, 'MaintenanceNoteList');
