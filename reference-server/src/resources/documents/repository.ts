// Document reads and writes, always through the landlord scope. Property documents and contract documents are
// kept in their own tables; `kind` picks the table and the parent they hang from.
import type { QueryBuilder } from 'objection';
import {
  Contract,
  ContractDocument,
  Property,
  PropertyDocument,
  type Order,
  type Scope,
} from '../../persistence/models';
import { notFound } from '../../platform/errors/api-error';
import type { PageRequest } from '../../platform/http/pagination';
import type { DocumentKind } from './signing';

export type DocumentRow = PropertyDocument | ContractDocument;

/** The parent a document hangs from: a property, or a contract (and its property). */
export interface Parent {
  readonly kind: DocumentKind;
  readonly id: string;
  readonly propertyId: string;
}

const parentColumn = (kind: DocumentKind): 'property_id' | 'contract_id' =>
  kind === 'property' ? 'property_id' : 'contract_id';

/** The model of a kind's table: both share the LandlordScopedModel base, so paging and soft delete are the same. */
const modelOf = (kind: DocumentKind): typeof PropertyDocument | typeof ContractDocument =>
  kind === 'property' ? PropertyDocument : ContractDocument;

function documents(scope: Scope, kind: DocumentKind): QueryBuilder<DocumentRow, DocumentRow[]> {
  return (kind === 'property' ? PropertyDocument.scoped(scope) : ContractDocument.scoped(scope)) as QueryBuilder<
    DocumentRow,
    DocumentRow[]
  >;
}

/** The live parent of the landlord, or 404 naming its kind (missing, deleted and other landlords' alike). */
export async function findParent(scope: Scope, kind: DocumentKind, id: string): Promise<Parent> {
  if (kind === 'property') {
    const property = await Property.scoped(scope).findById(id);
    if (!property) throw notFound('Property');
    return { kind, id, propertyId: property.id };
  }
  const contract = await Contract.scoped(scope).findById(id);
  if (!contract) throw notFound('Contract');
  return { kind, id, propertyId: contract.property_id };
}

export interface DocumentFilter {
  /** Only documents with an expiry date on or before this date (already expired ones included). */
  readonly expiringOnOrBefore?: string;
}

export async function listDocuments(
  scope: Scope,
  parent: Parent,
  filter: DocumentFilter,
  page: PageRequest,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const base = documents(scope, parent.kind).where(parentColumn(parent.kind), parent.id);
  if (filter.expiringOnOrBefore) base.whereNotNull('expiry_date').where('expiry_date', '<=', filter.expiringOnOrBefore);
  const table = modelOf(parent.kind).tableName;
  const order: Order = filter.expiringOnOrBefore
    ? [
        [`${table}.expiry_date`, 'asc'],
        [`${table}.created_at`, 'asc'],
        [`${table}.id`, 'asc'],
      ]
    : [
        [`${table}.created_at`, 'desc'],
        [`${table}.id`, 'asc'],
      ];
  return modelOf(parent.kind).page<DocumentRow>(base, page, order);
}

export async function findDocument(
  scope: Scope,
  parent: Parent,
  documentId: string,
  forUpdate = false,
): Promise<DocumentRow> {
  const query = documents(scope, parent.kind).where(parentColumn(parent.kind), parent.id).findById(documentId);
  const row = await (forUpdate ? query.forUpdate() : query);
  if (!row) throw notFound('Document');
  return row;
}

/** A document by id alone (download links carry the landlord and the kind, not the parent). */
export const findDocumentById = async (
  scope: Scope,
  kind: DocumentKind,
  documentId: string,
): Promise<DocumentRow | undefined> => documents(scope, kind).findById(documentId);

export interface NewDocument {
  id: string;
  name: string;
  type: string;
  expiry_date: string | null;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  created_at: Date;
  updated_at: Date;
}

export async function insertDocument(scope: Scope, parent: Parent, row: NewDocument): Promise<DocumentRow> {
  if (parent.kind === 'property')
    return PropertyDocument.insertScoped(scope, { ...row, property_id: parent.propertyId });
  return ContractDocument.insertScoped(scope, { ...row, contract_id: parent.id, property_id: parent.propertyId });
}

export async function softDeleteDocument(
  scope: Scope,
  kind: DocumentKind,
  documentId: string,
  at: Date,
): Promise<void> {
  await modelOf(kind).softDelete(scope, documentId, at);
}
