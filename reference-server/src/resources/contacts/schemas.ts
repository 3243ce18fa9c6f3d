import Joi from 'joi';
import { LIMIT_MAX, metaSchema, paginationQuery } from '../../platform/http/pagination';
import { dataEnvelope, email, listEnvelope, searchTerm, uuid } from '../../platform/http/schemas';

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

const contactFields = {
  id: uuid.required(),
  name: Joi.string().required(),
  company: Joi.string().allow(null).required(),
  email: Joi.string().allow(null).required(),
  mobile: Joi.string().allow(null).required(),
  phone: Joi.string().allow(null).required(),
  categories: Joi.array().items(Joi.string()).required(),
  notes: Joi.string().allow(null).required(),
  createdAt: timestamp.required(),
  updatedAt: timestamp.required(),
  sandbox: Joi.boolean(),
};

export const contactSchema = Joi.object(contactFields).label('Contact');
export const contactDetailSchema = Joi.object({
  ...contactFields,
  history: Joi.object({ data: Joi.array().items(workItemSchema).required(), meta: metaSchema.required() }),
}).label('ContactDetail');

export const listQuery = Joi.object({
  ...paginationQuery,
  search: searchTerm,
  category: Joi.string().min(1).max(60),
});

// historyPage / historyLimit only mean something with includeHistory=true; sent without it they are refused.
const onlyWithHistory = (schema: Joi.Schema): Joi.Schema =>
  Joi.when('includeHistory', { is: true, then: schema, otherwise: Joi.forbidden().messages({ 'any.unknown': '{{#label}} needs includeHistory=true' }) });

export const detailQuery = Joi.object({
  includeHistory: Joi.boolean().default(false),
  historyPage: onlyWithHistory(paginationQuery.page),
  historyLimit: onlyWithHistory(Joi.number().integer().min(1).max(LIMIT_MAX).default(HISTORY_LIMIT_DEFAULT)),
});

const nullableText = (max: number) => Joi.string().trim().min(1).max(max).allow(null);

const fields = {
  name: Joi.string().trim().min(1).max(200),
  company: nullableText(200),
  email: email.trim().allow(null),
  mobile: nullableText(50),
  phone: nullableText(50),
  categories: Joi.array().items(Joi.string().trim().min(1).max(60)).max(20).unique((a: string, b: string) => a.toLowerCase() === b.toLowerCase()),
  notes: Joi.string().trim().max(5000).allow(null, ''),
};

export const createBody = Joi.object({ ...fields, name: fields.name.required() }).required();
export const patchBody = Joi.object(fields).min(1).required();

export const contactEnvelope = dataEnvelope(contactSchema, 'ContactResponse');
export const contactDetailEnvelope = dataEnvelope(contactDetailSchema, 'ContactDetailResponse');
export const contactList = listEnvelope(contactSchema, 'ContactList');
