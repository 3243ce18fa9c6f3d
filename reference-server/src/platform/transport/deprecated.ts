// Removed routes answer 410 ENDPOINT_DEPRECATED and name their successor in the message and the Link header.
import type { Request, ServerRoute } from '@hapi/hapi';
import { apiError } from '../errors/api-error';

export interface RemovedRoute {
  readonly method: 'PATCH' | 'PUT' | 'POST' | 'DELETE' | 'GET';
  readonly path: string;
  /** Successor path template, relative to the API base, with the same parameters. */
  readonly successor: string;
  readonly successorMethod: string;
}

export const REMOVED_ROUTES: readonly RemovedRoute[] = [
  { method: 'PATCH', path: '/maintenance/{id}', successor: '/maintenance/issues/{id}', successorMethod: 'PATCH' },
];

/** A UUID in another form (upper case, braces, no hyphens, urn:uuid:) in canonical form; anything else as given. */
function canonicalId(value: string): string {
  const hex = /^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i.exec(
    value,
  );
  return hex ? hex.slice(1).join('-').toLowerCase() : value;
}

function gone(removed: RemovedRoute, basePath: string, request: Request): never {
  // The successor link names the id in canonical form: the server never echoes an id in another form.
  const successor = removed.successor.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value: unknown = request.params[name]; // hapi's path parameters are strings
    return encodeURIComponent(canonicalId(typeof value === 'string' ? value : ''));
  });
  const message = `${removed.method} ${removed.path} has been removed; use ${removed.successorMethod} ${removed.successor} instead`;
  throw apiError('ENDPOINT_DEPRECATED', message, { link: `<${basePath}${successor}>; rel="successor-version"` });
}

export function removedRoutes(basePath: string): ServerRoute[] {
  return REMOVED_ROUTES.map((removed): ServerRoute => ({
    method: removed.method,
    path: removed.path,
    options: {
      // A removed route answers the same to everyone; there is nothing behind it to protect.
      auth: false,
      tags: ['api', 'Deprecated'],
      description: `Removed: use ${removed.successorMethod} ${removed.successor}`,
      // Answered before the body is parsed, so no body, content type or size changes the answer.
      ext: { onPreAuth: { method: (request: Request): never => gone(removed, basePath, request) } },
      handler: (request: Request): never => gone(removed, basePath, request),
    },
  }));
}
