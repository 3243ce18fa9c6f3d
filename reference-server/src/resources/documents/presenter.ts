// Document rows → the API shape (the field table's presenter, given the download link, signed per response;
// a contract document adds its contractId).
import type { ContractDocument, PropertyDocument } from '../../persistence/models';
import { documentFields, type DocumentView } from './fields';

export type { DocumentView } from './fields';

export function presentDocument(row: PropertyDocument | ContractDocument, downloadUrl: string): DocumentView {
  const view: DocumentView = documentFields.present(row, { downloadUrl });
  if ('contract_id' in row) view.contractId = row.contract_id;
  return view;
}
