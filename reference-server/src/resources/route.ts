// Typed routes: each route states its params, query and payload types (hapi's ReqRef), which its Joi `validate`
// schemas make true, so handlers read `request.params.id` and `request.query.page` without casts.
import type { Plugin, ReqRef, Server, ServerRoute } from '@hapi/hapi';

export interface TypedRoute {
  register(server: Server): void;
}

export const route = <Refs extends ReqRef>(definition: ServerRoute<Refs>): TypedRoute => ({
  register: (server) => server.route<Refs>(definition),
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
