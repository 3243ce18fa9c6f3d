// Inspection request and response schemas: derived from the field table, plus the list query.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, uuid } from '../../platform/http/schemas';
import { INSPECTION_TYPES, inspectionFields } from './fields';
import type { InspectionFilter } from './repository';
import { CREATE_STATUSES, INSPECTION_STATUSES } from './transitions';

export { INSPECTION_TYPES } from './fields';

export const inspectionSchema = inspectionFields.responseSchema('Inspection', { sandbox: Joi.boolean() });

export const listQuery = Joi.object({
  ...paginationQuery,
  propertyId: uuid,
  status: Joi.string().valid(...INSPECTION_STATUSES),
  inspectionType: Joi.string().valid(...INSPECTION_TYPES),
  from: isoDate,
  to: isoDate,
})
  .custom((value: { from?: string; to?: string }, helpers) =>
    value.from && value.to && value.from > value.to ? helpers.error('range.order') : value,
  )
  .messages({ 'range.order': '"from" must not be after "to"' });

export type ListQuery = PageRequest & InspectionFilter;

export const createBody = inspectionFields.createBody({ status: Joi.string().valid(...CREATE_STATUSES) });
export const patchBody = inspectionFields.patchBody({ status: Joi.string().valid(...INSPECTION_STATUSES) });

export const inspectionEnvelope = dataEnvelope(inspectionSchema, 'InspectionResponse');
export const inspectionList = listEnvelope(inspectionSchema, 'InspectionList');
