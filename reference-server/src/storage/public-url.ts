// Absolute links to stored objects (image URLs, document download URLs): config.publicUrl when set, else the
// request's own origin (https when TLS was terminated here or by a trusted proxy).
import type { ReqRef, Request } from '@hapi/hapi';
import { isEncrypted } from '../platform/transport/https';
import { depsOf, plain } from '../platform/app-context';

/** Public routes serving stored objects live outside the API prefix, under this path. */
export const MEDIA_PREFIX = '/media';

export function publicBaseUrl<Refs extends ReqRef>(typed: Request<Refs>): string {
  const request = plain(typed);
  const config = depsOf(request).config;
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const protocol = isEncrypted(request, config.trustedProxies) ? 'https' : 'http';
  const host = request.info.host || `${request.server.info.host}:${request.server.info.port}`;
  return `${protocol}://${host}`;
}

export const mediaUrl = <Refs extends ReqRef>(request: Request<Refs>, path: string): string =>
  `${publicBaseUrl(request)}${MEDIA_PREFIX}${path}`;

/** Property images are public: `images/<file>` is served at `/media/images/<file>`. */
export const imageUrl = <Refs extends ReqRef>(request: Request<Refs>, key: string): string =>
  mediaUrl(request, `/${key}`);
