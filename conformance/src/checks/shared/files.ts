// Small files the upload checks send: a valid 1x1 PNG and PDF-looking bytes of any size.

/** A 1×1 transparent PNG. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A minimal one-page PDF. */
export const TINY_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A document body of `size` bytes that starts like a PDF (so sniffing deployments store it as one). */
export function pdfBytes(size: number, seed = 0): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(TINY_PDF.subarray(0, Math.min(size, TINY_PDF.length)));
  for (let i = TINY_PDF.length; i < size; i++) bytes[i] = (i * 31 + seed) % 251;
  return bytes;
}
