// The spec's routes (table.ts) and what the checks and the mutation engine derive from them: views by access and
// shape, the route of a request, which answers carry the rate-limit headers, and the values each typed parameter
// must refuse, every run, whatever the seed.

import { SPEC_ROUTES } from './table';
import type { Method, ParamType, QueryParam, SpecRoute } from './types';

export { DEPRECATED_ROUTES, SPEC_ROUTES } from './table';
export type * from './types';

export function routeName(route: Pick<SpecRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export const READ_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter((r) => r.access === 'read');
export const WRITE_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter((r) => r.access === 'write');
/** Routes addressing one resource by id: the 404 rule applies (Authentication 8). */
export const BY_ID_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter((r) => r.ids !== undefined);
/** Lists the spec pages with `page` and `limit` and answers with `meta` (ENDPOINTS-5..7). */
export const PAGED_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter((r) => r.paged);
/** Writes that take another resource's id in their body. */
export const BODY_ID_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter((r) => (r.bodyIds ?? []).length > 0);
/** Deletes and the lists and totals they must leave. */
export const DELETE_ROUTES: readonly SpecRoute[] = SPEC_ROUTES.filter((r) => (r.effects?.removes ?? []).length > 0);

const TEMPLATES = SPEC_ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(id|docId)\}/g, '[^/]+')}/?$`),
}));

/** The route of the table a request is for (`path` relative to the base URL, query aside), if any. */
export function matchRoute(method: string, path: string): SpecRoute | undefined {
  const bare = path.split('?')[0] ?? path;
  return TEMPLATES.find((t) => t.route.method === method.toUpperCase() && t.pattern.test(bare))?.route;
}

export function findRoute(method: Method, path: string): SpecRoute {
  const route = SPEC_ROUTES.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path} in the spec's route table`);
  return route;
}

/** Responses the spec gives X-RateLimit-* for: GET endpoints, and the rent and invoice endpoints (ENDPOINTS-3). */
export function carriesRateLimitHeaders(route: Pick<SpecRoute, 'rateLimitHeaders'>): boolean {
  return route.rateLimitHeaders;
}

/** `page` and `limit`: "integers; `limit` maximum 500" (ENDPOINTS-5, ENDPOINTS-6, LIMIT-3); minimums not shown. */
export const PAGING_PARAMS: readonly QueryParam[] = [
  { name: 'page', type: { kind: 'integer' }, rules: ['ENDPOINTS-5'] },
  { name: 'limit', type: { kind: 'integer', max: 500 }, rules: ['ENDPOINTS-5', 'ENDPOINTS-6', 'LIMIT-3'] },
];

/** Every query parameter of a route: its own, and `page` and `limit` on a paged list. */
export function queryParamsOf(route: SpecRoute): readonly QueryParam[] {
  return route.paged ? [...PAGING_PARAMS, ...route.query] : route.query;
}

/**
 * Every query parameter name the spec gives: those of the table's routes, and `includeHistory` ("Contact detail with
 * optional `includeHistory=true` ...; its path: not shown", so on no route of the table).
 */
export const SPEC_QUERY_NAMES: readonly string[] = [
  ...new Set([...SPEC_ROUTES.flatMap((r) => queryParamsOf(r).map((q) => q.name)), 'includeHistory']),
];

/** A value outside a parameter's stated value set, with what makes it so. */
export interface InvalidValue {
  readonly value: string;
  readonly why: string;
}

/**
 * The values a parameter's type refuses: one per way the spec's words can be broken (not an integer, past each
 * stated bound, not in the set, not a UUID, not a date). Bounds the spec does not state (the minimums of `page`
 * and `limit`: ENDPOINTS-9) give no value. Deterministic: the same list every run.
 */
export function invalidValues(type: ParamType): readonly InvalidValue[] {
  switch (type.kind) {
    case 'integer':
      return [
        { value: 'abc', why: 'not an integer' },
        { value: '1.5', why: 'a fraction, not an integer' },
        ...(type.min !== undefined ? [{ value: String(type.min - 1), why: `below the minimum ${type.min}` }] : []),
        ...(type.max !== undefined ? [{ value: String(type.max + 1), why: `above the maximum ${type.max}` }] : []),
      ];
    case 'string':
      return [
        ...(type.minLength !== undefined && type.minLength > 0
          ? [{ value: 'x'.repeat(type.minLength - 1), why: `shorter than ${type.minLength} characters` }]
          : []),
        ...(type.maxLength !== undefined
          ? [{ value: 'x'.repeat(type.maxLength + 1), why: `longer than ${type.maxLength} characters` }]
          : []),
      ];
    case 'enum':
      return [
        { value: 'NotAValue', why: `not one of ${type.values.join(', ')}` },
        // A member in the wrong case is outside the set: the spec lists exact values.
        { value: `${(type.values[0] ?? 'x').toUpperCase()}_`, why: 'a member changed' },
        ...(type.maxLength !== undefined
          ? [
              {
                value: repeatTo(type.values.join(','), type.maxLength + 1),
                why: `longer than ${type.maxLength} characters`,
              },
            ]
          : []),
      ];
    case 'uuid':
      return [
        { value: 'not-a-uuid', why: 'not a UUID' },
        { value: '12345', why: 'a number, not a UUID' },
      ];
    case 'date':
      return [
        { value: '2026-13-45', why: 'not a calendar date' },
        // Well-formed, but a day its month does not have: a date, not a pattern, is what the spec asks for.
        { value: '2026-02-30', why: 'a day February does not have' },
        { value: 'tomorrow', why: 'not YYYY-MM-DD' },
      ];
  }
}

/** `unit` repeated (comma-joined) and cut to exactly `length` characters. */
function repeatTo(unit: string, length: number): string {
  let out = unit;
  while (out.length < length) out = `${out},${unit}`;
  return out.slice(0, length);
}

/** A value inside a parameter's value set (what the invalid ones are sent beside, and the `with` partners). */
export function validValue(type: ParamType): string {
  switch (type.kind) {
    case 'integer':
      return String(type.min ?? 1);
    case 'string':
      return 'a'.repeat(Math.max(1, type.minLength ?? 1));
    case 'enum':
      return type.values[0] ?? '';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'date':
      return new Date().toISOString().slice(0, 10);
  }
}

/**
 * The values at the edges of a parameter's stated value set, each inside it: the stated bounds of an integer and
 * of a string's length. The answer to them is the route's success (a deployment off by one refuses one).
 */
export function edgeValues(type: ParamType): readonly InvalidValue[] {
  switch (type.kind) {
    case 'integer':
      return [
        ...(type.min !== undefined ? [{ value: String(type.min), why: `the minimum ${type.min}` }] : []),
        ...(type.max !== undefined ? [{ value: String(type.max), why: `the maximum ${type.max}` }] : []),
      ];
    case 'string':
      return [
        ...(type.minLength !== undefined && type.minLength > 0
          ? [{ value: 'x'.repeat(type.minLength), why: `${type.minLength} character(s), the shortest allowed` }]
          : []),
        ...(type.maxLength !== undefined
          ? [{ value: 'x'.repeat(type.maxLength), why: `${type.maxLength} characters, the longest allowed` }]
          : []),
      ];
    default:
      return [];
  }
}

/** Route × parameter × invalid value: what the generated invalid-query check sends, in a fixed order. */
export interface InvalidQueryCase {
  readonly route: SpecRoute;
  readonly param: QueryParam;
  readonly invalid: InvalidValue;
  /** The other parameters sent with it (partners the spec requires together). */
  readonly query: Readonly<Record<string, string>>;
  /** The rules a 400 VALIDATION_ERROR proves. */
  readonly rules: readonly string[];
}

/**
 * Every invalid value of every typed parameter of every detailed route (named routes' parameters are not shown),
 * except the values of a parameter whose answer to them the spec does not state (`outsideAnswerNotShown`).
 */
export function invalidQueryCases(routes: readonly SpecRoute[] = SPEC_ROUTES): InvalidQueryCase[] {
  return queryCases(routes, (param) =>
    param.outsideAnswerNotShown === undefined
      ? invalidValues(param.type)
      : invalidValues(param.type).filter((v) => /longer than/.test(v.why)),
  );
}

/**
 * Every edge value (inside the set) of every typed parameter of every detailed read: each answered with the route's
 * success. The `rules` are the same as the invalid values' (they state the bounds).
 */
export function edgeQueryCases(routes: readonly SpecRoute[] = SPEC_ROUTES): InvalidQueryCase[] {
  return queryCases(routes, (param) => edgeValues(param.type));
}

function queryCases(
  routes: readonly SpecRoute[],
  valuesOf: (param: QueryParam) => readonly InvalidValue[],
): InvalidQueryCase[] {
  const out: InvalidQueryCase[] = [];
  for (const route of routes) {
    if (route.detail !== 'full' || route.method !== 'GET') continue;
    for (const param of queryParamsOf(route)) {
      const values = valuesOf(param);
      const partners: Record<string, string> = {};
      for (const name of param.with ?? []) {
        const partner = route.query.find((p) => p.name === name);
        if (partner) partners[name] = validValue(partner.type);
      }
      for (const invalid of values) {
        out.push({
          route,
          param,
          invalid,
          query: { ...partners, [param.name]: invalid.value },
          rules: [...new Set([...param.rules, ...(route.invalidQueryRules ?? []), 'ERR-VALIDATION_ERROR'])],
        });
      }
    }
  }
  return out;
}
