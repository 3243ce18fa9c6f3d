// Typed routes: each route states its params, query, payload and headers types (hapi's ReqRef), which its Joi
// `validate` schemas make true, so handlers read `request.params.id` and `request.query.page` without casts.
import type { Plugin, ReqRef, RouteOptions, Server, ServerRoute } from '@hapi/hapi';

/** Options a group gives all its routes (the dashboard's auth and tags), merged over each route's own. */
export type SharedRouteOptions = Pick<RouteOptions, 'auth' | 'tags'>;

export interface TypedRoute {
  readonly method: string;
  readonly path: string;
  register(server: Server, shared?: SharedRouteOptions): void;
}

export const route = <Refs extends ReqRef>(definition: ServerRoute<Refs>): TypedRoute => ({
  method: String(definition.method),
  path: definition.path,
  register(server, shared) {
    if (!shared) return server.route<Refs>(definition);
    if (typeof definition.options === 'function') throw new Error(`${definition.path}: options given as a function cannot take shared options`);
    server.route<Refs>({ ...definition, options: { ...definition.options, ...shared } });
  },
});

/** A resource group's plugin: its routes, registered under the public API prefix by the server. */
export const resourcePlugin = (name: string, routes: readonly TypedRoute[]): Plugin<void> => ({
  name,
  register(server) {
    for (const r of routes) r.register(server);
  },
});

/** `{id}` routes. */
export interface IdParams {
  id: string;
}
