// The resource each route answers (answers.ts) held to the spec's endpoint tables: the Success response cell of
// every detailed write and read names the resource whose field table the answer invariants hold it to.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeName, SPEC_ROUTES } from '../../spec-routes';
import { answeredResource } from './answers';

const SPEC = readFileSync(join(__dirname, '../../../../docs/spec/property-portfolio-api.md'), 'utf8');

/** `METHOD /path` → the Success response cell of its row in the endpoint tables. */
function successCells(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of SPEC.split('\n')) {
    const m = /^\|\s*(GET|POST|PATCH|DELETE)\s*\|\s*`([^`]+)`\s*\|[^|]*\|([^|]*)\|/.exec(line);
    if (m) out.set(`${m[1]} ${m[2]}`, m[3].trim());
  }
  return out;
}

/** How a Success response cell names each resource: as an item or a list of them, written or read. */
const NAMED: Readonly<Record<string, RegExp>> = {
  Property: /\{ data: \[?Property\]?[ ,]/,
  Contract: /\{ data: \[?Contract\]?[ ,]/,
  RentPayment: /\{ data: \[?RentPayment\]?[ ,]/,
  document: /^(201 one (property|contract) document|200 list of (property|contract) documents\b)/,
};

describe('the resource a route answers', () => {
  const cells = successCells();
  const named = SPEC_ROUTES.filter((r) => answeredResource(r) !== undefined);

  it('parses the spec (guards the parser)', () => {
    expect(cells.get('POST /properties')).toBe('201 `{ data: Property }`');
    expect(named.filter((r) => r.access === 'write').length).toBeGreaterThanOrEqual(8);
    expect(named.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(7);
  });

  it.each(named.map((r) => [routeName(r), r] as const))('%s answers the resource its Success cell names', (name, r) => {
    const resource = answeredResource(r);
    expect(cells.get(name)).toMatch(NAMED[resource?.name ?? ''] ?? /^$/);
  });

  it('names a resource for every detailed route whose Success cell names one, and for no other', () => {
    const naming = SPEC_ROUTES.filter(
      (r) => r.detail === 'full' && Object.values(NAMED).some((re) => re.test(cells.get(routeName(r)) ?? '')),
    );
    expect(named.map(routeName).sort()).toEqual(naming.map(routeName).sort());
  });
});
