import Joi from 'joi';
import { paginationQuery } from '../../platform/http/pagination';
import { chars, dataEnvelope, isoDate, listEnvelope, uuid } from '../../platform/http/schemas';
import { filePart } from '../../storage/upload';

/** Document types (the spec shows EPC_Certificate, GSC_Certificate and Contract; the rest are our choice). */
export const DOCUMENT_TYPES = [
  'EPC_Certificate', 'GSC_Certificate', 'EICR_Certificate', 'Landlord_Licence', 'Contract', 'Inventory', 'Insurance',
  'Deposit_Protection', 'Right_To_Rent', 'Other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Per-file limit of a document upload (the spec's "bucket object limit" is not shown): 25 MB. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const EXPIRING_WITHIN_DAYS_MAX = 3650;

const common = {
  id: uuid.required(),
  propertyId: uuid.required(),
  name: Joi.string().required(),
  type: Joi.string().required(),
  expiryDate: isoDate.allow(null).required(),
  contentType: Joi.string().required(),
  sizeBytes: Joi.number().integer().min(0).required(),
  uploadedAt: Joi.string().isoDate().required(),
  downloadUrl: Joi.string().uri({ scheme: ['http', 'https'] }).required(),
  sandbox: Joi.boolean(),
};

export const propertyDocumentSchema = Joi.object(common).label('PropertyDocument');
export const contractDocumentSchema = Joi.object({ ...common, contractId: uuid.required() }).label('ContractDocument');

export const propertyDocumentList = listEnvelope(propertyDocumentSchema, 'PropertyDocumentList');
export const contractDocumentList = listEnvelope(contractDocumentSchema, 'ContractDocumentList');
export const propertyDocumentEnvelope = dataEnvelope(propertyDocumentSchema, 'PropertyDocumentResponse');
export const contractDocumentEnvelope = dataEnvelope(contractDocumentSchema, 'ContractDocumentResponse');

export const propertyListQuery = Joi.object({
  ...paginationQuery,
  expiringWithinDays: Joi.number().integer().min(0).max(EXPIRING_WITHIN_DAYS_MAX),
});
export const contractListQuery = Joi.object({ ...paginationQuery });

export const docParams = Joi.object({ id: uuid.required(), docId: uuid.required() });

// Control characters (NUL above all, which PostgreSQL text refuses) have no place in a document name.
const documentName = chars(1, 500).trim().pattern(/^[^\u0000-\u001f\u007f]*$/)
  .messages({ 'string.pattern.base': '{{#label}} must not contain control characters' });

export const uploadBody = Joi.object({
  file: filePart.required(),
  name: documentName.required(),
  type: Joi.string().valid(...DOCUMENT_TYPES).required(),
  // An empty form field means "no expiry date".
  expiryDate: isoDate.empty(''),
}).required();

export interface UploadFields {
  file: unknown;
  name: string;
  type: DocumentType;
  expiryDate?: string;
}
