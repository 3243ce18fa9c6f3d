// The maintenance issue's fields, once: column, kind, nullability and request rule (see ../field-table.ts). The
// status is moved by the service (transitions.ts), so its request rules are the bodies' extras (schemas.ts).
import Joi from 'joi';
import type { MaintenanceIssue } from '../../persistence/models';
import { uuid } from '../../platform/http/schemas';
import { fieldTable, type CreateInputOf, type InputOf, type ViewOf } from '../field-table';
import { ISSUE_STATUSES } from './transitions';

export const ISSUE_PRIORITIES = ['Low', 'Medium', 'High', 'Urgent'] as const;
export const ISSUE_CATEGORIES = [
  'Plumbing',
  'Heating',
  'Electrical',
  'Damp',
  'Security',
  'Glazing',
  'Roofing',
  'Appliances',
  'Pests',
  'Garden',
  'General',
] as const;

export const issueFields = fieldTable<MaintenanceIssue>()({
  id: { column: 'id', kind: 'uuid' },
  propertyId: {
    column: 'property_id',
    kind: 'uuid',
    input: uuid,
    required: true,
    immutable: 'open a new issue for another property',
  },
  // The property's short name: given to the presenter.
  propertyName: { kind: 'string', response: Joi.string().allow('') },
  title: { column: 'title', kind: 'string', input: Joi.string().trim().min(1).max(200), required: true },
  description: {
    column: 'description',
    kind: 'string',
    response: Joi.string().allow(''),
    input: Joi.string().trim().max(5000).allow(''),
  },
  priority: { column: 'priority', kind: 'string', values: ISSUE_PRIORITIES, input: true },
  status: { column: 'status', kind: 'string', values: ISSUE_STATUSES },
  // Answered as stored (any string); requests choose among the categories.
  category: { column: 'category', kind: 'string', nullable: true, input: Joi.string().valid(...ISSUE_CATEGORIES) },
  assignedContactId: { column: 'assigned_contact_id', kind: 'uuid', nullable: true, input: true },
  dueDate: { column: 'due_date', kind: 'date', nullable: true, input: true },
  resolvedAt: { column: 'resolved_at', kind: 'timestamp', nullable: true },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});

export type IssueView = ViewOf<typeof issueFields.fields>;
export type IssueInput = InputOf<typeof issueFields.fields> & { status?: MaintenanceIssue['status'] };
/** A create body: the table's required fields present. */
export type IssueCreateInput = CreateInputOf<typeof issueFields.fields> & { status?: MaintenanceIssue['status'] };

/** A note: created through its own route, never changed (its one writable field is the note body's rule). */
export const noteText = Joi.string().trim().min(1).max(5000);
