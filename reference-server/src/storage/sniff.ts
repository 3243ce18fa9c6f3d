// Content types decided from the bytes (magic numbers), never from what the client declared.

export interface ImageKind {
  readonly contentType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  readonly extension: 'png' | 'jpg' | 'gif' | 'webp';
}

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** PNG, JPEG, GIF or WebP by signature; null for anything else. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { contentType: 'image/gif', extension: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

/** Declared types kept for documents whose bytes have no recognised signature: inert formats only (no HTML, SVG, scripts). */
const INERT_DECLARED_TYPES = new Set([
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.ms-excel',
  'application/rtf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

/** The type a document is stored and served with: PDF or image by signature, else an inert declared type, else octet-stream. */
export function documentContentType(bytes: Buffer, declared: string | undefined): string {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  const image = sniffImage(bytes);
  if (image) return image.contentType;
  const mime = (declared ?? '').split(';')[0].trim().toLowerCase();
  return INERT_DECLARED_TYPES.has(mime) ? mime : 'application/octet-stream';
}
