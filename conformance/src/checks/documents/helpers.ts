// Property and contract documents: the field table, uploads of the suite's own and list readers.

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { describeResponse, describeValue } from '../../runner/describe';
import { pdfBytes } from '../shared/files';
import type { FieldRule } from '../shared/shape';
import { getList, isRecord, successData, type Json } from '../shared/util';

export const LIVE = 'enterpriseLive';

export const DOCUMENT_FIELDS: readonly FieldRule[] = [
  { field: 'name', type: 'string', rule: 'RES-DOC-1' },
  { field: 'type', type: 'string', rule: 'RES-DOC-2' },
  { field: 'expiryDate', type: 'date', nullable: true, optional: true, rule: 'RES-DOC-3' },
  { field: 'downloadUrl', type: 'url', rule: 'RES-DOC-4' },
];

/** Name 1..500 characters (RES-DOC-1), beyond being a string. */
export function nameProblem(doc: Json): string | undefined {
  const name = doc.name;
  if (typeof name !== 'string') return `name is ${describeValue(name)}`;
  const length = Array.from(name).length;
  return length >= 1 && length <= 500 ? undefined : `name has ${length} characters`;
}

/** Whose documents: a property or a contract, of the landlord of `key` (default enterpriseLive; a literal key for a landlord of the check's own). */
export type DocOwner = (
  { readonly kind: 'property'; readonly id: string } | { readonly kind: 'contract'; readonly id: string }
) & { readonly key?: string };

export function docsPath(owner: DocOwner): string {
  return owner.kind === 'property' ? `/properties/${owner.id}/documents` : `/contracts/${owner.id}/documents`;
}

export interface UploadOptions {
  readonly name: string;
  readonly type?: string;
  readonly expiryDate?: string;
  readonly content?: Uint8Array;
}

export function uploadForm(
  o: UploadOptions,
): Record<string, string | { filename: string; contentType: string; content: Uint8Array }> {
  const form: Record<string, string | { filename: string; contentType: string; content: Uint8Array }> = {
    file: { filename: 'conformance.pdf', contentType: 'application/pdf', content: o.content ?? pdfBytes(1500) },
    name: o.name,
    type: o.type ?? 'EPC_Certificate',
  };
  if (o.expiryDate !== undefined) form.expiryDate = o.expiryDate;
  return form;
}

export async function uploadRaw(
  ctx: CheckContext,
  owner: DocOwner,
  form: Parameters<CheckContext['http']['request']>[0]['multipart'],
): Promise<HttpResponse> {
  const key = owner.key ?? LIVE;
  const res = await ctx.http.request({
    method: 'POST',
    path: docsPath(owner),
    key,
    multipart: form,
    timeoutMs: 120_000,
  });
  // A faulty deployment may create what it should refuse: delete it again.
  if (res.status === 201 || res.status === 200) {
    const data = isRecord(res.json) ? res.json.data : undefined;
    if (isRecord(data) && typeof data.id === 'string') {
      const docId = data.id;
      ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `${docsPath(owner)}/${docId}`, key }));
    }
  }
  return res;
}

/** Uploads a document of the check's own; 201 with one document expected (deleted again in cleanup). */
export async function uploadDocument(
  ctx: CheckContext,
  owner: DocOwner,
  o: UploadOptions,
  rules: readonly string[],
): Promise<Json> {
  const res = await uploadRaw(ctx, owner, uploadForm(o));
  const data = successData(ctx, res, [201], { rules });
  ctx.expect(isRecord(data), 'the upload to answer one document object', () => describeResponse(res), res.exchange, {
    rules,
  });
  return data;
}

/** The id of a document (the spec's table does not list it, but DELETE …/{docId} needs one); skips without. */
export function docIdOf(ctx: CheckContext, doc: Json): string {
  if (typeof doc.id !== 'string')
    ctx.skip(
      `the uploaded document carries no "id", so DELETE …/documents/{docId} cannot be addressed: ${describeValue(doc)}`,
    );
  return doc.id;
}

export async function listDocuments(
  ctx: CheckContext,
  owner: DocOwner,
  query: Readonly<Record<string, string | number>> = {},
  rules: readonly string[] = ['PROP-27'],
): Promise<{ res: HttpResponse; items: Json[] }> {
  const page = await getList(ctx, docsPath(owner), owner.key ?? LIVE, { limit: 100, ...query }, { rules });
  return { res: page.res, items: [...page.items] };
}

/** Identifies a document in a list: by id when it has one, else by name. */
export function sameDoc(a: Json, b: Json): boolean {
  if (typeof a.id === 'string' && typeof b.id === 'string') return a.id === b.id;
  return a.name === b.name;
}
