// The inspection's fields, once: column, kind, nullability and request rule (see ../field-table.ts). The status
// is moved by the service (transitions.ts), so its request rules are the bodies' extras (schemas.ts).
import Joi from 'joi';
import type { Inspection } from '../../persistence/models';
import { uuid } from '../../platform/http/schemas';
import { fieldTable, type CreateInputOf, type InputOf, type ViewOf } from '../field-table';
import { INSPECTION_STATUSES } from './transitions';

export const INSPECTION_TYPES = ['routine', 'check_in', 'check_out', 'interim', 'safety'] as const;

export const inspectionFields = fieldTable<Inspection>()({
  id: { column: 'id', kind: 'uuid' },
  propertyId: {
    column: 'property_id',
    kind: 'uuid',
    input: uuid,
    required: true,
    immutable: 'book a new inspection for another property',
  },
  // The property's short name: given to the presenter.
  propertyName: { kind: 'string', response: Joi.string().allow('') },
  inspectionDate: { column: 'inspection_date', kind: 'date', input: true, required: true },
  // Answered as stored (any string); requests choose among the types.
  inspectionType: {
    column: 'inspection_type',
    kind: 'string',
    input: Joi.string().valid(...INSPECTION_TYPES),
    required: true,
  },
  status: { column: 'status', kind: 'string', values: INSPECTION_STATUSES },
  inspectorName: {
    column: 'inspector_name',
    kind: 'string',
    nullable: true,
    input: Joi.string().trim().min(1).max(200),
  },
  summary: { column: 'summary', kind: 'string', nullable: true, input: Joi.string().trim().max(10000) },
  landlordActions: {
    column: 'landlord_actions',
    kind: 'string',
    response: Joi.string().allow(''),
    input: Joi.string().trim().max(10000).allow(''),
  },
  completedAt: { column: 'completed_at', kind: 'timestamp', nullable: true },
  createdAt: { column: 'created_at', kind: 'timestamp' },
  updatedAt: { column: 'updated_at', kind: 'timestamp' },
});

export type InspectionView = ViewOf<typeof inspectionFields.fields>;
export type InspectionInput = InputOf<typeof inspectionFields.fields> & { status?: Inspection['status'] };
/** A create body: the table's required fields present. */
export type InspectionCreateInput = CreateInputOf<typeof inspectionFields.fields> & { status?: Inspection['status'] };
