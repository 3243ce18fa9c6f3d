// The public download route behind `downloadUrl`: no API key, the signed token is the credential. An invalid or
// tampered token and an expired one answer 403 FORBIDDEN; a genuine link to a document deleted since answers 404.
import type { Plugin, ReqRef, Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { apiError, notFound } from '../../platform/errors/api-error';
import { requireApiCredentials } from '../../platform/auth/credentials';
import { depsOf, plain } from '../../platform/app-context';
import { storageOf } from '../../storage';
import { mediaUrl } from '../../storage/public-url';
import { findDocumentById } from './repository';
import type { DownloadLink } from './service';
import { DOWNLOAD_TTL_SECONDS, signDownload, signingSecretOf, verifyDownload } from './signing';

/** Signed links for one API request: the caller's landlord, expiring one hour from now. */
export function downloadLinks<Refs extends ReqRef>(request: Request<Refs>): DownloadLink {
  const deps = depsOf(request);
  const secret = signingSecretOf(deps.config);
  const landlordId = requireApiCredentials(plain(request)).landlordId;
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + DOWNLOAD_TTL_SECONDS;
  return (kind, row) =>
    mediaUrl(request, `/documents/${signDownload(secret, { kind, documentId: row.id, landlordId, expires })}`);
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name, percent-encoded byte by byte (never throws, unlike encodeURIComponent). */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = [...Buffer.from(name, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9!#$&+\-.^_`|~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

async function download(request: Request, h: ResponseToolkit) {
  const deps = depsOf(request);
  const verified = verifyDownload(
    signingSecretOf(deps.config),
    String(request.params.token),
    deps.clock.now().getTime(),
  );
  if (!verified.ok) {
    throw apiError(
      'FORBIDDEN',
      verified.reason === 'expired'
        ? 'This download link has expired; list the documents again for a fresh one'
        : 'Invalid download link',
    );
  }
  const { claims } = verified;
  const row = await findDocumentById({ landlordId: claims.landlordId, db: deps.knex }, claims.kind, claims.documentId);
  if (!row) throw notFound('Document');
  const object = await storageOf(request).get(row.storage_key);
  if (!object) throw notFound('Document content');
  return h
    .response(object.bytes)
    .type(row.content_type)
    .header('content-disposition', contentDisposition(row.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
}

const routes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/documents/{token}',
    options: {
      auth: false,
      tags: ['media'],
      description: 'Download a document through a signed link (valid 1 hour)',
      handler: download,
    },
  },
];

export const documentDownloadPlugin: Plugin<void> = {
  name: 'media/documents',
  register(server) {
    server.route(routes);
  },
};
