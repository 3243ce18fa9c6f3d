// Multipart bodies: built as FormData for fetch, and summarised as RecordedParts for reports and curl.

import type { RecordedPart } from '../model';

export interface MultipartFile {
  readonly filename: string;
  readonly contentType?: string;
  readonly content: Uint8Array | string;
}

export type MultipartValue = string | MultipartFile;

/** Object form for the common case; entry form when a field repeats or order matters. */
export type MultipartInput =
  Readonly<Record<string, MultipartValue>> | ReadonlyArray<readonly [string, MultipartValue]>;

const INLINE_LIMIT = 8 * 1024;

function entries(input: MultipartInput): ReadonlyArray<readonly [string, MultipartValue]> {
  return Array.isArray(input) ? (input as ReadonlyArray<readonly [string, MultipartValue]>) : Object.entries(input);
}

function bytesOf(content: Uint8Array | string): Uint8Array {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content;
}

export function buildMultipart(input: MultipartInput): { form: FormData; parts: RecordedPart[]; description: string } {
  const form = new FormData();
  const parts: RecordedPart[] = [];
  for (const [name, value] of entries(input)) {
    if (typeof value === 'string') {
      form.append(name, value);
      parts.push({ name, value });
      continue;
    }
    const bytes = bytesOf(value.content);
    const contentType = value.contentType ?? 'application/octet-stream';
    form.append(name, new Blob([bytes], { type: contentType }), value.filename);
    parts.push({
      name,
      filename: value.filename,
      contentType,
      size: bytes.byteLength,
      ...(bytes.byteLength <= INLINE_LIMIT ? { base64: Buffer.from(bytes).toString('base64') } : {}),
    });
  }
  const description =
    'multipart/form-data: ' +
    parts
      .map((p) =>
        p.filename === undefined
          ? `${p.name}=${JSON.stringify(p.value)}`
          : `${p.name}=<${p.filename}, ${p.contentType}, ${p.size} bytes>`,
      )
      .join(', ');
  return { form, parts, description };
}
