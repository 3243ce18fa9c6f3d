import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { dataEnvelope, isoDate, listEnvelope, uuid } from '../../platform/http/schemas';
import { CREATE_STATUSES, INSPECTION_STATUSES } from './transitions';

export const INSPECTION_TYPES = ['routine', 'check_in', 'check_out', 'interim', 'safety'] as const;

const timestamp = Joi.string().isoDate();

export const inspectionSchema = Joi.object({
  id: uuid.required(),
  propertyId: uuid.required(),
  propertyName: Joi.string().allow('').required(),
  inspectionDate: isoDate.required(),
  inspectionType: Joi.string().required(),
  status: Joi.string().valid(...INSPECTION_STATUSES).required(),
  inspectorName: Joi.string().allow(null).required(),
  summary: Joi.string().allow(null).required(),
  landlordActions: Joi.string().allow('').required(),
  completedAt: timestamp.allow(null).required(),
  createdAt: timestamp.required(),
  updatedAt: timestamp.required(),
  sandbox: Joi.boolean(),
}).label('Inspection');

export const listQuery = Joi.object({
  ...paginationQuery,
  propertyId: uuid,
  status: Joi.string().valid(...INSPECTION_STATUSES),
  inspectionType: Joi.string().valid(...INSPECTION_TYPES),
  from: isoDate,
  to: isoDate,
}).custom((value: { from?: string; to?: string }, helpers) =>
  value.from && value.to && value.from > value.to ? helpers.error('range.order') : value,
).messages({ 'range.order': '"from" must not be after "to"' });

const fields = {
  inspectionDate: isoDate,
  inspectionType: Joi.string().valid(...INSPECTION_TYPES),
  inspectorName: Joi.string().trim().min(1).max(200).allow(null),
  summary: Joi.string().trim().max(10000).allow(null),
  landlordActions: Joi.string().trim().max(10000).allow(''),
};

export const createBody = Joi.object({
  ...fields,
  propertyId: uuid.required(),
  inspectionDate: fields.inspectionDate.required(),
  inspectionType: fields.inspectionType.required(),
  status: Joi.string().valid(...CREATE_STATUSES),
}).required();

export const patchBody = Joi.object({
  ...fields,
  status: Joi.string().valid(...INSPECTION_STATUSES),
  propertyId: Joi.forbidden().messages({ 'any.unknown': '{{#label}} cannot change; book a new inspection for another property' }),
}).min(1).required();

export const inspectionEnvelope = dataEnvelope(inspectionSchema, 'InspectionResponse');
export const inspectionList = listEnvelope(inspectionSchema, 'InspectionList');
