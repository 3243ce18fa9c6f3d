// Document rows → the API shape; the download link is signed per response.
import type { ContractDocument, PropertyDocument } from '../../persistence/models';

export interface DocumentView {
  id: string;
  propertyId: string;
  contractId?: string;
  name: string;
  type: string;
  expiryDate: string | null;
  contentType: string;
  sizeBytes: number;
  uploadedAt: string;
  downloadUrl: string;
}

export function presentDocument(row: PropertyDocument | ContractDocument, downloadUrl: string): DocumentView {
  const view: DocumentView = {
    id: row.id,
    propertyId: row.property_id,
    name: row.name,
    type: row.type,
    expiryDate: row.expiry_date,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    uploadedAt: new Date(row.created_at).toISOString(),
    downloadUrl,
  };
  if ('contract_id' in row) view.contractId = row.contract_id;
  return view;
}
