// Document schemas: derived from the field table, plus the list queries, the params and the upload's file part.
import Joi from 'joi';
import { paginationQuery, type PageRequest } from '../../platform/http/pagination';
import { dataEnvelope, listEnvelope, uuid } from '../../platform/http/schemas';
import { filePart } from '../../storage/upload';
import { documentFields } from './fields';

export { DOCUMENT_TYPES, type DocumentType, type UploadFields } from './fields';

/** Per-file limit of a document upload (the spec's "bucket object limit" is not shown): 25 MB. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const EXPIRING_WITHIN_DAYS_MAX = 3650;

export const propertyDocumentSchema = documentFields.responseSchema('PropertyDocument', { sandbox: Joi.boolean() });
export const contractDocumentSchema = documentFields.responseSchema('ContractDocument', {
  sandbox: Joi.boolean(),
  contractId: uuid.required(),
});

export const propertyDocumentList = listEnvelope(propertyDocumentSchema, 'PropertyDocumentList');
export const contractDocumentList = listEnvelope(contractDocumentSchema, 'ContractDocumentList');
export const propertyDocumentEnvelope = dataEnvelope(propertyDocumentSchema, 'PropertyDocumentResponse');
export const contractDocumentEnvelope = dataEnvelope(contractDocumentSchema, 'ContractDocumentResponse');

export const propertyListQuery = Joi.object({
  ...paginationQuery,
  expiringWithinDays: Joi.number().integer().min(0).max(EXPIRING_WITHIN_DAYS_MAX),
});
export const contractListQuery = Joi.object({ ...paginationQuery });
export interface ListQuery extends PageRequest {
  readonly expiringWithinDays?: number;
}

export const docParams = Joi.object({ id: uuid.required(), docId: uuid.required() });
export interface DocParams {
  id: string;
  docId: string;
}

export const uploadBody = documentFields.createBody({ file: filePart.required() });
