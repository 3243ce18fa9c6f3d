// Contact request and response schemas: derived from the field table, plus the queries and the work history.
import Joi from 'joi';
import { LIMIT_MAX, metaSchema, paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';
import { contactFields } from './fields';
import type { ContactFilter } from './repository';

const timestamp = Joi.string().isoDate();
export const HISTORY_LIMIT_DEFAULT = 20;

export const workItemSchema = Joi.object({
  issueId: uuid.required(),
  propertyId: uuid.required(),
  propertyName: Joi.string().allow('').required(),
  title: Joi.string().required(),
  status: Joi.string().required(),
  priority: Joi.string().required(),
  createdAt: timestamp.required(),
  resolvedAt: timestamp.allow(null).required(),
}).label('ContactWorkItem');

export const contactSchema = contactFields.responseSchema('Contact', { sandbox: Joi.boolean() });
export const contactDetailSchema = contactFields.responseSchema('ContactDetail', {
  sandbox: Joi.boolean(),
  history: Joi.object({ data: Joi.array().items(workItemSchema).required(), meta: metaSchema.required() }),
});

export const listQuery = Joi.object({
  ...paginationQuery,
  search: searchTerm,
  category: Joi.string().min(1).max(60),
});

// historyPage / historyLimit only mean something with includeHistory=true; sent without it they are refused.
const onlyWithHistory = (schema: Joi.Schema): Joi.Schema =>
  Joi.when('includeHistory', {
    is: true,
    then: schema,
    otherwise: Joi.forbidden().messages({ 'any.unknown': '{{#label}} needs includeHistory=true' }),
  });

export type ListQuery = PageRequest & ContactFilter;

export interface DetailQuery {
  readonly includeHistory: boolean;
  readonly historyPage?: number;
  readonly historyLimit?: number;
}

export const detailQuery = Joi.object({
  includeHistory: Joi.boolean().default(false),
  historyPage: onlyWithHistory(paginationQuery.page),
  historyLimit: onlyWithHistory(Joi.number().integer().min(1).max(LIMIT_MAX).default(HISTORY_LIMIT_DEFAULT)),
});

export const createBody = contactFields.createBody();
export const patchBody = contactFields.patchBody();

export const contactEnvelope = dataEnvelope(contactSchema, 'ContactResponse');
export const contactDetailEnvelope = dataEnvelope(contactDetailSchema, 'ContactDetailResponse');
export const contactList = listEnvelope(contactSchema, 'ContactList');
