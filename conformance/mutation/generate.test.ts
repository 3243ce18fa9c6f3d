// The generated mutants and variants as data: every mutant names a catalogue rule and a table route, ids are
// unique, the sample is reproducible, and the variants are the tolerances, each alone and all at once.
import { RULES } from '../src/rules';
import { TOLERANCES } from '../self-test/tolerances/other-choices';
import { generateMutants } from './generate';
import { DETAILED_ROUTE_NAMES, MUTATION_ROUTES, routeName, routePattern } from './routes';
import { sample } from './sample';
import { ALL_AT_ONCE, allVariants, variantsToRun, WEBHOOK_ALL_AT_ONCE } from './variants';
import { WEBHOOK_CHOICES } from '../self-test/tolerances/webhook-choices';

const mutants = generateMutants();

describe('generated mutants', () => {
  it('have unique ids and each names a catalogue rule and a route of the table', () => {
    expect(new Set(mutants.map((m) => m.id)).size).toBe(mutants.length);
    const rules = new Set(RULES.map((r) => r.id));
    const routes = new Set(MUTATION_ROUTES.map(routeName));
    expect(mutants.filter((m) => !rules.has(m.rule)).map((m) => m.id)).toEqual([]);
    expect(mutants.filter((m) => !routes.has(m.route)).map((m) => m.id)).toEqual([]);
  });

  it('cover every detailed route of the spec, each with a status, a header and an envelope mutant', () => {
    const names = new Set(MUTATION_ROUTES.map(routeName));
    expect(DETAILED_ROUTE_NAMES.filter((n) => !names.has(n))).toEqual([]);
    for (const name of DETAILED_ROUTE_NAMES) {
      const kinds = new Set(mutants.filter((m) => m.route === name).map((m) => m.kind));
      expect({
        name,
        status: kinds.has('status'),
        header: kinds.has('header'),
        envelope: kinds.has('envelope'),
      }).toEqual({ name, status: true, header: true, envelope: true });
    }
  });

  it('hold every family: status, code, header, field, order, filter, total, limit edge, access, envelope', () => {
    const kinds = new Set(mutants.map((m) => m.kind));
    for (const kind of [
      'status',
      'code',
      'header',
      'field',
      'order',
      'filter',
      'total',
      'limit-edge',
      'access',
      'envelope',
    ])
      expect(kinds).toContain(kind);
  });

  it('match path templates segment by segment', () => {
    expect(routePattern({ path: '/properties/{id}' }).test('/properties/abc')).toBe(true);
    expect(routePattern({ path: '/properties/{id}' }).test('/properties/abc/image')).toBe(false);
    expect(routePattern({ path: '/properties/{id}/documents/{docId}' }).test('/properties/a/documents/b')).toBe(true);
  });

  it('are sampled reproducibly, spread over their kinds', () => {
    const a = sample(mutants, 20, 42).map((m) => m.id);
    expect(sample(mutants, 20, 42).map((m) => m.id)).toEqual(a);
    expect(sample(mutants, 20, 43).map((m) => m.id)).not.toEqual(a);
    expect(new Set(sample(mutants, 10, 42).map((m) => m.kind)).size).toBe(10);
  });
});

describe('variants', () => {
  it('are one per tolerance and per webhook sender choice (each a row of docs/conformance-tolerances.md, ../self-test/tolerances/table.test.ts), and all at once on each side', () => {
    expect(allVariants().map((v) => v.id)).toEqual([
      ALL_AT_ONCE,
      WEBHOOK_ALL_AT_ONCE,
      ...TOLERANCES.map((t) => t.id),
      ...WEBHOOK_CHOICES.map((c) => c.id),
    ]);
    expect(
      allVariants()
        .filter((v) => v.sender !== undefined)
        .map((v) => v.id),
    ).toEqual([WEBHOOK_ALL_AT_ONCE, ...WEBHOOK_CHOICES.map((c) => c.id)]);
  });

  it('bounded: the all-at-once ones plus N single choices, chosen by the seed', () => {
    const two = variantsToRun(2, 5);
    expect(two).toHaveLength(4);
    expect(two.slice(0, 2).map((v) => v.id)).toEqual([ALL_AT_ONCE, WEBHOOK_ALL_AT_ONCE]);
    expect(variantsToRun(2, 5).map((v) => v.id)).toEqual(two.map((v) => v.id));
    expect(variantsToRun(2, 6).map((v) => v.id)).not.toEqual(two.map((v) => v.id));
    expect(variantsToRun('none', 5)).toEqual([]);
    expect(variantsToRun('all', 5)).toHaveLength(TOLERANCES.length + WEBHOOK_CHOICES.length + 2);
  });
});
