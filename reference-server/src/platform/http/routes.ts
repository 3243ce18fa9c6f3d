// Typed routes: each route states its params, query, payload and headers types (hapi's ReqRef), which its Joi
// `validate` schemas make true, so handlers read `request.params.id` and `request.query.page` without casts.
import type { Plugin, ReqRef, RouteOptions, Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { rememberedQuery } from './remembered-query';

/** Options a group gives all its routes (the dashboard's auth and tags), merged over each route's own. */
export type SharedRouteOptions = Pick<RouteOptions, 'auth' | 'tags'>;

export interface TypedRoute {
  readonly method: string;
  readonly path: string;
  register(server: Server, shared?: SharedRouteOptions): void;
}

const isObjectSchema = (value: unknown): value is Joi.ObjectSchema => Joi.isSchema(value) && value.type === 'object';

/** The route with its Joi query schema remembered per query (remembered-query.ts): the same rules, checked once. */
function withRememberedQuery<Refs extends ReqRef>(definition: ServerRoute<Refs>): ServerRoute<Refs> {
  const options = definition.options;
  if (typeof options !== 'object' || !isObjectSchema(options.validate?.query)) return definition;
  return {
    ...definition,
    options: { ...options, validate: { ...options.validate, query: rememberedQuery(options.validate.query) } },
  };
}

export const route = <Refs extends ReqRef>(given: ServerRoute<Refs>): TypedRoute => {
  const definition = withRememberedQuery(given);
  return {
    method: String(definition.method),
    path: definition.path,
    register(server, shared) {
      if (!shared) return server.route<Refs>(definition);
      if (typeof definition.options === 'function')
        throw new Error(`${definition.path}: options given as a function cannot take shared options`);
      server.route<Refs>({ ...definition, options: { ...definition.options, ...shared } });
    },
  };
};

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
