// The links an answer gives to stored bytes (a property's `image`, a document's `downloadUrl`), fetched as a user
// agent fetches any URL. The spec says what they are ("public URL"; "time-limited, valid 1 hour"), not how they
// answer: a link may redirect to where the bytes are, and a store may serve an image under a generic media type.

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';

/** Redirects with a Location a user agent follows (RFC 9110 section 15.4); a bound keeps a loop from running on. */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * GET of a link without credentials, following redirects ("the user agent MAY automatically redirect its request to
 * the URI referenced by the Location field value", RFC 9110 section 15.4; a relative one resolved against the URL
 * asked, section 10.2.2). Every hop is a recorded exchange; the answer is the last one, a redirect still when the
 * bound ran out.
 */
export async function fetchLink(ctx: CheckContext, url: string): Promise<HttpResponse> {
  let current = url;
  for (let hops = 0; ; hops++) {
    const res = await ctx.http.request({ url: current, auth: 'none' });
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || location === undefined || hops === MAX_REDIRECTS) return res;
    current = new URL(location, current).toString();
  }
}

/** Media types a store gives what it was not told the type of (RFC 9110 section 8.3), or no type at all. */
const GENERIC_TYPES: ReadonlySet<string> = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** Image signatures (the WHATWG MIME Sniffing "image type pattern matching" table): PNG, JPEG, GIF, WebP, BMP, ICO. */
const IMAGE_SIGNATURES: ReadonlyArray<(b: Uint8Array) => boolean> = [
  (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x),
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a',
  (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 14) === 'WEBPVP',
  (b) => ascii(b, 0, 2) === 'BM',
  (b) => b[0] === 0 && b[1] === 0 && (b[2] === 1 || b[2] === 2) && b[3] === 0,
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.subarray(from, to)).toString('latin1');
}

/**
 * An answer that is an image: typed `image/*`, or typed generically (or not at all) with bytes that are an image by
 * their signature ("the recipient MAY ... examine the data to determine its type", RFC 9110 section 8.3).
 */
export function isImageAnswer(res: HttpResponse): boolean {
  if (res.status !== 200 || res.bytes.byteLength === 0) return false;
  const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/')) return true;
  return GENERIC_TYPES.has(type) && IMAGE_SIGNATURES.some((matches) => matches(res.bytes));
}
