// Absolute links to stored objects (image URLs, document download URLs): config.publicUrl when set, else the
// request's own origin (https when TLS was terminated here or by a trusted proxy).
import type { Request } from '@hapi/hapi';
import { isEncrypted } from '../platform/transport/https';
import { depsOf } from '../server/app-context';

/** Public routes serving stored objects live outside the API prefix, under this path. */
export const MEDIA_PREFIX = '/media';

export function publicBaseUrl(request: Request): string {
  const config = depsOf(request).config;
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const protocol = isEncrypted(request, config.trustedProxies) ? 'https' : 'http';
  const host = request.info.host || `${request.server.info.host}:${request.server.info.port}`;
  return `${protocol}://${host}`;
}

export const mediaUrl = (request: Request, path: string): string => `${publicBaseUrl(request)}${MEDIA_PREFIX}${path}`;

/** Property images are public: `images/<file>` is served at `/media/images/<file>`. */
export const imageUrl = (request: Request, key: string): string => mediaUrl(request, `/${key}`);
