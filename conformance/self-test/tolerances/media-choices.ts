// Choices in how the links an answer gives serve their bytes. The spec says a property's `image` is a "public URL"
// and a document's `downloadUrl` a URL "time-limited, valid 1 hour", and nothing of how either answers: HTTP lets
// such a URL redirect to where the bytes are (RFC 9110 section 15.4), and a store that was not told an object's
// media type serves it as `application/octet-stream` (RFC 9110 section 8.3).

import type { ProxyRequest, ProxyResponse } from '../support/broken';
import { inData } from './field-choices';
import type { Tolerance } from './tolerance';

type Rec = Record<string, unknown>;

/** The members of the spec's resources that link to stored bytes. */
type LinkField = 'image' | 'downloadUrl';

/** Where the deployment answers the links it rewrote: paths of its own, off the API. */
const MOVED_PREFIX = '/moved/';
const STORE_PREFIX = '/store/';

/** The redirect each link answers: `302 Found` for images, `307 Temporary Redirect` for documents. */
const REDIRECT_OF: Readonly<Record<LinkField, number>> = { image: 302, downloadUrl: 307 };

/** A URL carried in a path of the deployment's own origin: `<prefix><base64url of the URL>`. */
export function carried(original: ProxyRequest, prefix: string, url: string): string {
  return `http://${original.headers.host ?? '127.0.0.1'}${prefix}${Buffer.from(url).toString('base64url')}`;
}

/** The URL a request to `<prefix><base64url>` carries, or undefined for any other request. */
export function carriedUrl(req: ProxyRequest, prefix: string): URL | undefined {
  if (!req.path.startsWith(prefix)) return undefined;
  try {
    return new URL(Buffer.from(req.path.slice(prefix.length), 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The link member `field` of every object in `data`, through `fn`. */
export function relinked(body: unknown, field: LinkField, fn: (url: string) => string): unknown {
  return inData(body, (obj): Rec => (typeof obj[field] === 'string' ? { ...obj, [field]: fn(obj[field]) } : obj));
}

/** The request for a stored object sent on to where the carried URL points (the reference server serves them). */
export function toStore(req: ProxyRequest, url: URL): ProxyRequest {
  return { ...req, path: url.pathname, query: url.searchParams };
}

const redirect = (status: number, location: string): ProxyResponse => ({
  status,
  headers: { location, 'cache-control': 'no-store' },
  body: Buffer.alloc(0),
});

export const MEDIA_CHOICES: readonly Tolerance[] = [
  {
    id: 'image-type-left-to-its-bytes',
    choice:
      "a property's `image` URL served by a store that was not told the media type: `Content-Type: application/octet-stream`",
    request: (req) => {
      const url = carriedUrl(req, STORE_PREFIX);
      return url ? toStore(req, url) : undefined;
    },
    response: (res, original) =>
      original.path.startsWith(STORE_PREFIX) && res.status === 200
        ? { ...res, headers: { ...res.headers, 'content-type': 'application/octet-stream' } }
        : undefined,
    json: (body, _res, original) => relinked(body, 'image', (url) => carried(original, STORE_PREFIX, url)),
  },
  {
    id: 'media-links-redirect',
    choice:
      "a property's `image` URL answers `302 Found` and a document's `downloadUrl` `307 Temporary Redirect`, each with a `Location` that serves the bytes",
    request: (req) => {
      for (const status of Object.values(REDIRECT_OF)) {
        const url = carriedUrl(req, `${MOVED_PREFIX}${status}/`);
        if (url) return redirect(status, url.toString());
      }
      return undefined;
    },
    json: (body, _res, original) =>
      (['image', 'downloadUrl'] as const).reduce(
        (out, field) => relinked(out, field, (url) => carried(original, `${MOVED_PREFIX}${REDIRECT_OF[field]}/`, url)),
        body,
      ),
  },
];
