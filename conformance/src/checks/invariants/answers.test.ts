// The resource each write route answers (answers.ts) held to the spec's endpoint tables: the Success response cell
// of every detailed POST and PATCH names the resource whose field table the write invariant holds its answer to.

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

/** How a Success response cell names each resource. */
const NAMED: Readonly<Record<string, RegExp>> = {
  Property: /\{ data: Property \}/,
  Contract: /\{ data: Contract \}/,
  RentPayment: /\{ data: RentPayment \}/,
  document: /^201 one (property|contract) document$/,
};

describe('the resource a write answers', () => {
  const cells = successCells();
  const writes = SPEC_ROUTES.filter((r) => r.detail === 'full' && r.access === 'write' && r.response === 'item');

  it('parses the spec (guards the parser)', () => {
    expect(cells.get('POST /properties')).toBe('201 `{ data: Property }`');
    expect(writes.length).toBeGreaterThanOrEqual(8);
  });

  it.each(writes.map((r) => [routeName(r), r] as const))(
    '%s answers the resource its Success cell names',
    (name, r) => {
      const resource = answeredResource(r);
      expect(resource).toBeDefined();
      expect(cells.get(name)).toMatch(NAMED[resource?.name ?? ''] ?? /^$/);
    },
  );

  it('names no resource for routes whose answer is not one (deletes, the invoice email, reads)', () => {
    const others = SPEC_ROUTES.filter((r) => !writes.includes(r));
    expect(others.filter((r) => answeredResource(r) !== undefined).map(routeName)).toEqual([]);
  });
});
