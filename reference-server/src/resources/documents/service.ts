// Document rules: list (with the expiring filter, "today" in UTC as the spec says), upload (size, quota,
// content type from the bytes, object written only on a live call) and soft delete (the object is retained).
import { randomUUID } from 'node:crypto';
import type { Scope } from '../../persistence/models';
import type { WriteContext } from '../../platform/sandbox/unit-of-work';
import { addDays } from '../../platform/time/dates';
import type { ObjectStorage } from '../../storage';
import { assertWithinQuota } from '../../storage/quota';
import { documentContentType } from '../../storage/sniff';
import type { Upload } from '../../storage/upload';
import { recordAnyEvent, type AnyEvent } from '../../webhooks/outbox/record';
import type { UploadInput } from './fields';
import { presentDocument, type DocumentView } from './presenter';
import {
  findDocument,
  findParent,
  insertDocument,
  listDocuments,
  softDeleteDocument,
  type DocumentRow,
  type Parent,
} from './repository';
import type { ListQuery } from './schemas';
import type { DocumentKind } from './signing';

/** Builds the signed download URL of a document (bound to the request's origin and the clock). */
export type DownloadLink = (kind: DocumentKind, row: DocumentRow) => string;

export async function list(
  scope: Scope,
  kind: DocumentKind,
  parentId: string,
  input: ListQuery,
  todayUtc: string,
  link: DownloadLink,
): Promise<{ data: DocumentView[]; total: number }> {
  const parent = await findParent(scope, kind, parentId);
  const filter =
    input.expiringWithinDays === undefined ? {} : { expiringOnOrBefore: addDays(todayUtc, input.expiringWithinDays) };
  const { rows, total } = await listDocuments(scope, parent, filter, input);
  return { data: rows.map((row) => presentDocument(row, link(kind, row))), total };
}

const storageKeyOf = (ctx: WriteContext, kind: DocumentKind, id: string): string =>
  `${kind}-documents/${ctx.landlordId}/${id}`;

/** The `*_document.created` event of the parent's kind, with its catalogue data. */
function createdEvent(parent: Parent, row: DocumentRow): AnyEvent {
  const common = { document_id: row.id, property_id: row.property_id, name: row.name, type: row.type };
  const uploaded = { uploaded_at: new Date(row.created_at).toISOString(), size_bytes: Number(row.size_bytes) };
  return parent.kind === 'property'
    ? { type: 'property_document.created', data: { ...common, expiry_date: row.expiry_date, ...uploaded } }
    : {
        type: 'contract_document.created',
        data: {
          document_id: row.id,
          contract_id: parent.id,
          property_id: row.property_id,
          name: row.name,
          type: row.type,
          ...uploaded,
        },
      };
}

function deletedEvent(parent: Parent, row: DocumentRow, at: Date): AnyEvent {
  const fields = { property_id: row.property_id, name: row.name, type: row.type, deleted_at: at.toISOString() };
  return parent.kind === 'property'
    ? { type: 'property_document.deleted', data: { document_id: row.id, ...fields } }
    : { type: 'contract_document.deleted', data: { document_id: row.id, contract_id: parent.id, ...fields } };
}

export async function upload(
  ctx: WriteContext,
  storage: ObjectStorage,
  kind: DocumentKind,
  parentId: string,
  input: UploadInput,
  file: Upload,
  link: DownloadLink,
): Promise<DocumentView> {
  const parent = await findParent(ctx, kind, parentId);
  await assertWithinQuota(ctx, file.bytes.length);
  const id = randomUUID();
  const now = ctx.clock.now();
  const contentType = documentContentType(file.bytes, file.declaredType);
  const storageKey = storageKeyOf(ctx, kind, id);
  // Sandbox: the row is written in a transaction that is rolled back; the object is never written.
  if (!ctx.sandbox) await storage.put(storageKey, file.bytes, contentType);
  const row = await insertDocument(ctx, parent, {
    id,
    name: input.name,
    type: input.type,
    expiry_date: input.expiryDate ?? null,
    storage_key: storageKey,
    content_type: contentType,
    size_bytes: file.bytes.length,
    created_at: now,
    updated_at: now,
  });
  await recordAnyEvent(ctx, createdEvent(parent, row));
  return presentDocument(row, link(kind, row));
}

export async function remove(
  ctx: WriteContext,
  kind: DocumentKind,
  parentId: string,
  documentId: string,
): Promise<{ deleted: true; id: string }> {
  const parent = await findParent(ctx, kind, parentId);
  const row = await findDocument(ctx, parent, documentId, true);
  const now = ctx.clock.now();
  await softDeleteDocument(ctx, kind, row.id, now);
  await recordAnyEvent(ctx, deletedEvent(parent, row, now));
  return { deleted: true, id: row.id };
}
