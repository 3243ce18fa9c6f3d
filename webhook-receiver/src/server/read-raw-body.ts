import type { IncomingMessage } from 'node:http';

export type RawBody =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly tooLarge: true; readonly bytes: Buffer };

/**
 * Collects the body as bytes, untouched: the signature covers these exact bytes, so nothing may parse,
 * re-encode or trim them before verification.
 */
export function readRawBody(req: IncomingMessage, maxBytes: number): Promise<RawBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        return; // keep draining so the answer can still be written
      }
      chunks.push(chunk);
    });
    let ended = false;
    req.on('end', () => {
      ended = true;
      const bytes = Buffer.concat(chunks);
      resolve(tooLarge ? { ok: false, tooLarge: true, bytes } : { ok: true, bytes });
    });
    req.on('error', reject);
    // The sender hung up mid-body: there is nothing to verify or answer.
    req.on('close', () => {
      if (!ended) reject(new Error('request aborted before the body was complete'));
    });
  });
}
