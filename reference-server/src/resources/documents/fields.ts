// A document's fields, once (property and contract documents alike; a contract document adds its contractId):
// column, kind, nullability and request rule (see ../field-table.ts). Documents are uploaded (a multipart form:
// these fields plus the file) and deleted, never patched. The download link is signed per response (given).
import Joi from 'joi';
import type { PropertyDocument } from '../../persistence/models';
import { chars, isoDate } from '../../platform/http/schemas';
import { fieldTable, type InputOf, type ViewOf } from '../field-table';

/** Document types (the spec shows EPC_Certificate, GSC_Certificate and Contract; the rest are our choice). */
export const DOCUMENT_TYPES = [
  'EPC_Certificate',
  'GSC_Certificate',
  'EICR_Certificate',
  'Landlord_Licence',
  'Contract',
  'Inventory',
  'Insurance',
  'Deposit_Protection',
  'Right_To_Rent',
  'Other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

// Control characters (NUL above all, which PostgreSQL text refuses) have no place in a document name.
const documentName = chars(1, 500)
  .trim()
  .pattern(/^[^\u0000-\u001f\u007f]*$/)
  .messages({ 'string.pattern.base': '{{#label}} must not contain control characters' });

export const documentFields = fieldTable<PropertyDocument>()({
  id: { column: 'id', kind: 'uuid' },
  propertyId: { column: 'property_id', kind: 'uuid' },
  name: { column: 'name', kind: 'string', input: documentName, required: true },
  // Answered as stored (any string); uploads choose among the types.
  type: { column: 'type', kind: 'string', input: Joi.string().valid(...DOCUMENT_TYPES), required: true },
  // An empty form field means "no expiry date" (a form cannot send null).
  expiryDate: { column: 'expiry_date', kind: 'date', nullable: 'response', input: isoDate.empty('') },
  contentType: { column: 'content_type', kind: 'string' },
  sizeBytes: { column: 'size_bytes', kind: 'integer', response: Joi.number().integer().min(0) },
  uploadedAt: { column: 'created_at', kind: 'timestamp' },
  downloadUrl: { kind: 'string', response: Joi.string().uri({ scheme: ['http', 'https'] }) },
});

export type DocumentView = ViewOf<typeof documentFields.fields> & { contractId?: string };
/** The upload form's fields as validated (the file part is read by the route). */
export type UploadInput = InputOf<typeof documentFields.fields> & { name: string; type: DocumentType };
export type UploadFields = UploadInput & { file: unknown };
