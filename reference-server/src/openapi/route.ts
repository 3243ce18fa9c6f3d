// GET {base_url}/openapi.json: the document, public (no key) so integrators can point tools at it. Built from the
// route table on first request, when every plugin has registered, then cached for the life of the server.
import type { Request, Server, ServerRoute } from '@hapi/hapi';
import { publicBaseUrl } from '../storage/public-url';
import { depsOf } from '../platform/app-context';
import { buildOpenApiDocument, type BuiltDocument } from './document';

const built = new WeakMap<object, BuiltDocument>();

/** The document of a server (cached per server); tests and scripts use it without HTTP. */
export function openApiDocumentOf(server: Server, prefix: string): BuiltDocument {
  const key = server.app; // shared by every plugin realm of one server
  let doc = built.get(key);
  if (!doc) {
    doc = buildOpenApiDocument(server.table(), { prefix, publicUrl: depsOf(server).config.publicUrl });
    for (const warning of doc.warnings)
      depsOf(server).logger.warn({ where: warning.where }, `openapi: ${warning.message}`);
    built.set(key, doc);
  }
  return doc;
}

export function openApiRoute(prefix: string): ServerRoute {
  return {
    method: 'GET',
    path: '/openapi.json',
    options: {
      auth: false,
      // Not tagged 'api': the document describes the API, not itself.
      tags: ['openapi'],
      description: 'The OpenAPI 3.1 description of this API',
      handler: (request: Request, h) => {
        const { document } = openApiDocumentOf(request.server, prefix);
        // The cached document names the prefix only; the answer names this deployment's absolute base too.
        const servers = [{ url: `${publicBaseUrl(request)}${prefix}`, description: 'This deployment' }];
        return h
          .response({ ...document, servers })
          .type('application/json')
          .header('cache-control', 'public, max-age=300');
      },
    },
  };
}
