// The route table held equal to the spec's endpoint sections: every route of the tables under "## Endpoints", every
// route the "Endpoints named but not detailed" paragraph names, and every query parameter (with its value set) a
// detailed route's Request cell gives. A route or parameter the spec gains and the table lacks fails here.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../rules';
import {
  DEPRECATED_ROUTES,
  edgeQueryCases,
  invalidQueryCases,
  invalidValues,
  matchRoute,
  queryParamsOf,
  routeName,
  SPEC_ROUTES,
  type ParamType,
} from '.';
import { INVALID_BODIES, invalidBodyCases } from './invalid-bodies';

const SPEC = readFileSync(join(__dirname, '../../../docs/spec/property-portfolio-api.md'), 'utf8');

/** The text of the `## Endpoints` section (up to the next `## `). */
function endpointsSection(): string {
  const start = SPEC.indexOf('\n## Endpoints\n');
  const end = SPEC.indexOf('\n## ', start + 5);
  expect(start).toBeGreaterThan(0);
  return SPEC.slice(start, end);
}

interface TableRow {
  readonly method: string;
  readonly path: string;
  readonly request: string;
}

/** Rows of the endpoint tables: `| METHOD | \`path\` | request | …`. */
function tableRows(): TableRow[] {
  const rows: TableRow[] = [];
  for (const line of endpointsSection().split('\n')) {
    const m = /^\|\s*(GET|POST|PATCH|DELETE)\s*\|\s*`([^`]+)`\s*\|([^|]*)\|/.exec(line);
    if (m) rows.push({ method: m[1], path: m[2], request: m[3].trim() });
  }
  return rows;
}

/** `METHOD /path` pairs written in the "named but not detailed" paragraph and the deprecation sentence. */
function namedRoutes(): { named: string[]; removed: string[] } {
  const section = endpointsSection();
  const start = section.indexOf('### Endpoints named but not detailed');
  const rest = section.slice(start);
  const removedAt = rest.indexOf('is removed and returns');
  const pairs = (text: string): string[] =>
    [...text.matchAll(/`(GET|POST|PATCH|DELETE) (\/[^`]+)`/g)].map((m) => `${m[1]} ${m[2]}`);
  const paragraph = rest.slice(0, rest.lastIndexOf('\n', removedAt));
  const deprecation = rest.slice(rest.lastIndexOf('\n', removedAt), rest.indexOf('\n', removedAt));
  const removedPair = /^`(GET|POST|PATCH|DELETE) (\/[^`]+)` is removed/.exec(deprecation.trim());
  return {
    named: pairs(paragraph),
    removed: removedPair ? [`${removedPair[1]} ${removedPair[2]}`] : [],
  };
}

/** Splits at commas outside parentheses. */
function topLevelItems(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

interface ParsedParam {
  readonly name: string;
  readonly detail: string;
}

/** `query \`a\`, \`b\` (…)`: each parameter with the words in its parentheses. */
function queryParams(request: string): ParsedParam[] {
  if (!request.startsWith('query ')) return [];
  return topLevelItems(request.slice('query '.length)).map((item) => {
    const m = /^`([^`]+)`\s*(?:\((.*)\))?$/.exec(item);
    if (!m) throw new Error(`unparsed query item: ${item}`);
    return { name: m[1], detail: m[2] ?? '' };
  });
}

/** What the spec's words in the parentheses say about the value set, in the table's terms. */
function typeFromWords(detail: string): Partial<ParamType> & { kind?: ParamType['kind'] } {
  const values = [...detail.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const range = /(\d+) to (\d+)/.exec(detail);
  const max = /max (\d+)/.exec(detail);
  if (values.length > 0) return { kind: 'enum', values, ...(max ? { maxLength: Number(max[1]) } : {}) };
  if (/^uuid\b/.test(detail)) return { kind: 'uuid' };
  if (/^date\b/.test(detail)) return { kind: 'date' };
  if (/^integer\b/.test(detail) && range) return { kind: 'integer', min: Number(range[1]), max: Number(range[2]) };
  if (range) return { kind: 'string', minLength: Number(range[1]), maxLength: Number(range[2]) };
  return {};
}

describe("the spec's route table", () => {
  const detailed = tableRows();
  const { named, removed } = namedRoutes();

  it('parses the spec (guards the parser itself)', () => {
    expect(detailed.length).toBeGreaterThanOrEqual(20);
    expect(named).toContain('GET /subscription');
    expect(removed).toEqual(['PATCH /maintenance/{id}']);
  });

  it('holds exactly the routes of the endpoint tables, as detailed routes', () => {
    const table = SPEC_ROUTES.filter((r) => r.detail === 'full').map(routeName);
    expect([...table].sort()).toEqual(detailed.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('holds exactly the routes the "named but not detailed" paragraph writes out, as named routes', () => {
    const table = SPEC_ROUTES.filter((r) => r.detail === 'named' && r.standsFor === undefined).map(routeName);
    expect([...table].sort()).toEqual([...named].sort());
  });

  it('gives a route whose path the spec does not show only for words the paragraph says, and says which', () => {
    const paragraph = endpointsSection().slice(endpointsSection().indexOf('### Endpoints named but not detailed'));
    for (const route of SPEC_ROUTES.filter((r) => r.standsFor !== undefined)) {
      expect(route.detail).toBe('named');
      expect(paragraph).toContain(route.standsFor);
    }
  });

  it('holds the removed route', () => {
    expect(DEPRECATED_ROUTES.map(routeName)).toEqual(removed);
    for (const route of DEPRECATED_ROUTES) expect(SPEC).toContain(`naming \`${route.successorRoute}\``);
  });

  it.each(detailed.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: the query parameters and value sets of its Request cell',
    (_name, row) => {
      const route = SPEC_ROUTES.find((r) => r.method === row.method && r.path === row.path)!;
      const parsed = queryParams(row.request);
      const own = parsed.filter((p) => p.name !== 'page' && p.name !== 'limit');
      expect(route.query.map((p) => p.name).sort()).toEqual(own.map((p) => p.name).sort());
      // A route whose cell names page and limit is paged; the common parameters make every list paged.
      if (parsed.some((p) => p.name === 'page')) expect(route.paged).toBe(true);
      for (const p of own) {
        const declared = route.query.find((q) => q.name === p.name)!;
        expect({ name: p.name, ...declared.type }).toMatchObject({ name: p.name, ...typeFromWords(p.detail) });
      }
    },
  );

  it('pages exactly the lists whose success response has `meta`', () => {
    for (const row of detailed) {
      const route = SPEC_ROUTES.find((r) => r.method === row.method && r.path === row.path)!;
      const line = endpointsSection()
        .split('\n')
        .find((l) => l.includes(`| ${row.method} | \`${row.path}\` |`))!;
      expect([routeName(route), route.paged]).toEqual([routeName(route), /\{ data: \[\w+\], meta \}/.test(line)]);
    }
  });

  it('gives contract lists meta.hasNextPage, and no other list', () => {
    expect(SPEC_ROUTES.filter((r) => r.hasNextPage).map(routeName)).toEqual(['GET /contracts']);
  });

  it('marks rate-limit headers on GET, rent and invoice routes only ("responses of GET endpoints and of rent and invoice endpoints")', () => {
    expect(endpointsSection()).toContain(
      'responses of GET endpoints and of rent and invoice endpoints also carry `X-RateLimit-Limit`',
    );
    for (const route of SPEC_ROUTES) {
      const expected = route.method === 'GET' || route.group === 'rent' || route.group === 'invoices';
      expect([routeName(route), route.rateLimitHeaders]).toEqual([routeName(route), expected]);
    }
  });

  it('gives GET routes read access and every other method write access ("Plan and scope")', () => {
    for (const route of SPEC_ROUTES)
      expect([routeName(route), route.access]).toEqual([routeName(route), route.method === 'GET' ? 'read' : 'write']);
  });

  it('cites only rules the catalogue has', () => {
    const known = new Set(RULES.map((r) => r.id));
    const cited = SPEC_ROUTES.flatMap((r) => [
      ...(r.listRules ?? []),
      ...(r.invalidQueryRules ?? []),
      ...(r.notFoundRules ?? []),
      ...r.query.flatMap((q) => q.rules),
      ...(r.bodyIds ?? []).flatMap((b) => b.rules),
      ...(r.effects?.adds ?? []).flatMap((e) => e.rules),
      ...(r.effects?.removes ?? []).flatMap((e) => e.rules),
      ...DEPRECATED_ROUTES.flatMap((d) => d.rules),
    ]);
    expect(cited.filter((id) => !known.has(id))).toEqual([]);
  });

  it('finds the route of a request path', () => {
    expect(matchRoute('get', '/properties/3f1c/documents')?.path).toBe('/properties/{id}/documents');
    expect(matchRoute('DELETE', '/contracts/a/documents/b')?.path).toBe('/contracts/{id}/documents/{docId}');
    expect(matchRoute('GET', '/v0/properties')).toBeUndefined();
  });

  it('derives invalid values for every typed parameter of every detailed read, the same every time', () => {
    const cases = invalidQueryCases();
    expect(invalidQueryCases()).toEqual(cases);
    for (const route of SPEC_ROUTES.filter((r) => r.detail === 'full' && r.method === 'GET'))
      for (const param of queryParamsOf(route)) {
        const sent = cases.filter((c) => c.route === route && c.param === param);
        expect([routeName(route), param.name, sent.length > 0]).toEqual([routeName(route), param.name, true]);
      }
    expect(invalidValues({ kind: 'integer', min: 0, max: 3650 }).map((v) => v.value)).toEqual([
      'abc',
      '1.5',
      '-1',
      '3651',
    ]);
    expect(invalidValues({ kind: 'string', minLength: 1, maxLength: 200 }).map((v) => v.value.length)).toEqual([
      0, 201,
    ]);
  });

  it('gives the stated bounds of every bounded parameter as values inside the set (search at 1 and 200, limit 500)', () => {
    const cases = edgeQueryCases();
    const sent = (path: string, name: string): number[] =>
      cases.filter((c) => c.route.path === path && c.param.name === name).map((c) => c.invalid.value.length);
    expect(sent('/properties', 'search')).toEqual([1, 200]);
    expect(sent('/contracts', 'search')).toEqual([1, 200]);
    expect(cases.filter((c) => c.param.name === 'limit').map((c) => c.invalid.value)).toEqual(
      SPEC_ROUTES.filter((r) => r.detail === 'full' && r.paged).map(() => '500'),
    );
    expect(cases.filter((c) => c.param.name === 'expiringWithinDays').map((c) => c.invalid.value)).toEqual([
      '0',
      '3650',
    ]);
    expect(cases.flatMap((c) => c.rules)).not.toContain(undefined);
  });

  it('gives every detailed write with a body invalid bodies, each citing ERR-VALIDATION_ERROR and catalogue rules', () => {
    const cases = invalidBodyCases(SPEC_ROUTES);
    const writes = SPEC_ROUTES.filter((r) => r.access === 'write' && r.detail === 'full' && r.body !== 'none');
    expect(writes.length).toBeGreaterThanOrEqual(10);
    for (const route of writes)
      expect([routeName(route), cases.some((c) => c.route === route)]).toEqual([routeName(route), true]);
    expect(cases.every((c) => c.rules.includes('ERR-VALIDATION_ERROR'))).toBe(true);
    const known = new Set(RULES.map((r) => r.id));
    expect(cases.flatMap((c) => c.rules).filter((id) => !known.has(id))).toEqual([]);
    // A named route's payload is not shown: it has no invalid values of the suite's invention.
    expect(invalidBodyCases(SPEC_ROUTES.filter((r) => r.detail === 'named'))).toEqual([]);
    expect(INVALID_BODIES.tenant).toBeUndefined();
  });

  it('refuses a detailed write whose body kind has no invalid bodies (the table must grow with the routes)', () => {
    const route = SPEC_ROUTES.find((r) => r.method === 'POST' && r.path === '/properties');
    expect(route).toBeDefined();
    if (!route) return;
    expect(() => invalidBodyCases([{ ...route, path: '/elsewhere' }])).toThrow(
      /no invalid bodies for POST \/elsewhere/,
    );
  });
});
