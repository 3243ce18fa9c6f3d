// The access matrix's view of the spec's route table (src/spec-routes, the single source): each route with what
// aiming a rule at it needs (read or write, the body that reaches the rule, where a real id of the owning landlord
// is learned, how the resource is read back to see that a refused or sandboxed write changed nothing). The groups
// "named but not detailed" have paths the spec does not show: the table uses the paths the suite already uses.

import {
  BY_ID_ROUTES,
  READ_ROUTES,
  SPEC_ROUTES,
  WRITE_ROUTES,
  type BodyKind,
  type ReadBack,
  type RouteGroup,
  type SpecRoute,
} from '../../spec-routes';

export { carriesRateLimitHeaders, matchRoute, routeName } from '../../spec-routes';
export type { BodyKind, ReadBack, RouteGroup };

export type AccessRoute = SpecRoute;

export const ACCESS_ROUTES: readonly AccessRoute[] = SPEC_ROUTES;
export { BY_ID_ROUTES, READ_ROUTES };
export const WRITE_ACCESS_ROUTES: readonly AccessRoute[] = WRITE_ROUTES;

/** The collection whose 404 says a deployment does not serve a named group (its paths are not shown). */
export const NAMED_GROUP_COLLECTIONS: Readonly<Partial<Record<RouteGroup, string>>> = Object.fromEntries(
  SPEC_ROUTES.filter((r) => r.detail === 'named' && r.method === 'GET' && r.ids === undefined).map((r) => [
    r.group,
    r.path,
  ]),
);
