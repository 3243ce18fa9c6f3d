// Multipart upload routes: route payload settings, the Joi rule for a file part and reading one into memory.
// Parts are taken as raw streams (multipart output 'stream'): in 'data' mode Hapi would decode text/* parts to
// strings and parse JSON parts, which corrupts uploaded bytes.
import { Readable } from 'node:stream';
import type { RouteOptionsPayload } from '@hapi/hapi';
import Joi from 'joi';
import { apiError } from '../platform/errors/api-error';

export const MB = 1024 * 1024;
/** Room for the multipart framing and the text fields around a file of the maximum size. */
const FRAMING_ALLOWANCE = MB;

/** Multipart only (the server default is JSON only); Hapi's own 413 is mapped to FILE_TOO_LARGE by `plugins.errors.upload`. */
export function uploadPayload(maxFileBytes: number): RouteOptionsPayload {
  return {
    output: 'data',
    parse: true,
    multipart: { output: 'stream' },
    allow: ['multipart/form-data'],
    maxBytes: maxFileBytes + FRAMING_ALLOWANCE,
    maxParts: 20,
    // Large files on slow links: the default 10 s to receive a body would refuse honest uploads.
    timeout: 120_000,
  };
}

interface FileStream extends Readable {
  hapi: { filename: string; headers: Record<string, string> };
}

const isFileStream = (value: unknown): value is FileStream =>
  value instanceof Readable && typeof (value as Partial<FileStream>).hapi?.filename === 'string';

/** A file part (sent with a filename). Text fields, repeated parts and anything else are refused. */
export const filePart = Joi.any()
  .custom((value: unknown, helpers) => (isFileStream(value) ? value : helpers.error('file.part')))
  .messages({ 'file.part': '{{#label}} must be one file part (with a filename)' });

export interface Upload {
  readonly bytes: Buffer;
  readonly filename: string;
  /** What the client declared; informational only, content types are decided from the bytes. */
  readonly declaredType: string | undefined;
}

export async function readUpload(part: unknown): Promise<Upload> {
  if (!isFileStream(part))
    throw apiError('VALIDATION_ERROR', 'Invalid request: payload.file: must be one file part (with a filename)');
  const chunks: Buffer[] = [];
  for await (const chunk of part) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return {
    bytes: Buffer.concat(chunks),
    filename: part.hapi.filename,
    declaredType: part.hapi.headers['content-type'],
  };
}

/** The exact per-file limit (Hapi's maxBytes counts the whole body, framing included). */
export function assertFileSize(upload: Upload, maxBytes: number, what: string): void {
  if (upload.bytes.length > maxBytes) {
    throw apiError(
      'FILE_TOO_LARGE',
      `${what} is ${upload.bytes.length} bytes; the limit is ${maxBytes} bytes (${maxBytes / MB} MB)`,
    );
  }
  if (upload.bytes.length === 0) throw apiError('VALIDATION_ERROR', 'Invalid request: payload.file: must not be empty');
}
