// The engine itself, against a real reference server: a generated mutant of a known rule is killed by the checks
// citing it, and a violation no black-box client can see is reported as survived with the reason the survivors
// list gives it (or, unlisted, with what the run saw).
import { ALL_CHECKS } from '../src/registry';
import { isRec, readJson, withJson } from '../self-test/support/faults';
import { useReferenceServer } from '../self-test/support/use-reference-server';
import { runnableChecks } from './cli';
import { runMutant, secondLook, type EngineOptions, type MutantOutcome } from './engine';
import { generateMutants, type Mutant } from './generate';
import { routeFault } from './operators';
import { MUTATION_ROUTES, routeName } from './routes';

describe('the mutation engine', () => {
  const server = useReferenceServer();
  const options = (known: EngineOptions['known'] = []): EngineOptions => ({
    target: server.target,
    upstream: server.reference.origin,
    checks: runnableChecks(ALL_CHECKS),
    seed: 20261127,
    known,
    parallel: 1,
    concurrency: 4,
  });
  const events = MUTATION_ROUTES.find((r) => routeName(r) === 'GET /events');

  it('generates the calendar order mutant and the checks citing CAL-2 kill it', async () => {
    const mutant = generateMutants().find((m) => m.id === 'CAL-2/order/GET /events/reversed');
    expect(mutant).toBeDefined();
    const outcome = await runMutant(mutant as Mutant, options());
    expect(outcome).toMatchObject({ outcome: 'killed', rule: 'CAL-2', route: 'GET /events' });
    expect(outcome.applied).toBeGreaterThan(0);
    expect(outcome.killedBy?.length).toBeGreaterThan(0);
    expect(outcome.withTraffic).toBeUndefined();
  }, 300_000);

  it('judges an unexplained survivor again on a fresh server, and leaves a listed one as it is', async () => {
    const mutant = generateMutants().find((m) => m.id === 'CAL-2/order/GET /events/reversed');
    if (!mutant) throw new Error('the calendar order mutant is not generated');
    // As the shared server of a long run leaves it: survived, because earlier mutants changed the data it needed.
    const drifted: MutantOutcome = {
      id: mutant.id,
      rule: mutant.rule,
      route: mutant.route,
      kind: mutant.kind,
      description: mutant.description,
      outcome: 'survived',
      reason: 'no check citing CAL-2 sent a request the violation applies to (1 check(s) ran)',
      unexplained: true,
      applied: 0,
      checks: [],
    };
    const listed: MutantOutcome = { ...drifted, id: 'CAL-2/order/GET /events/listed', unexplained: undefined };
    let started = 0;
    const fresh = async () => {
      started += 1;
      return { target: server.target, origin: server.reference.origin, stop: async () => undefined };
    };
    const [again, kept] = await secondLook([drifted, listed], [mutant], options(), fresh);
    expect(started).toBe(1);
    expect(again).toMatchObject({ id: mutant.id, outcome: 'killed', freshServer: true });
    expect(kept).toBe(listed);
  }, 300_000);

  it("runs the route's traffic beside the citing checks when they alone do not kill the mutant", async () => {
    // ENDPOINTS-1 on PATCH /rent/{id}: the checks citing it (a list check, a run-wide observer) send no such PATCH;
    // the rent check that patches payments does, and the observer judges its answers.
    const mutant = generateMutants().find((m) => m.id === 'ENDPOINTS-1/header/PATCH /rent/{id}/content-type-text');
    expect(mutant).toBeDefined();
    const traffic = new Map([['PATCH /rent/{id}', ['rent.patchReconcilesButKeepsAmountAndIds']]]);
    const outcome = await runMutant(mutant as Mutant, { ...options(), traffic });
    expect(outcome).toMatchObject({ outcome: 'killed', withTraffic: true });
    expect(outcome.checks).toContain('rent.patchReconcilesButKeepsAmountAndIds');
    expect(outcome.killedBy).toEqual(['invariants.successBodyIsDataWithMetaOnEveryAnswer']);
  }, 300_000);

  it('reports a violation nobody can observe as survived, with the listed reason', async () => {
    if (!events) throw new Error('GET /events is not in the route table');
    // Members of each event in reverse order: JSON objects are unordered (RFC 8259 section 4), so no check may see it.
    const unobservable: Mutant = {
      id: 'CAL-2/order/GET /events/member-order',
      rule: 'CAL-2',
      route: 'GET /events',
      kind: 'order',
      description: 'members of each event in reverse order',
      fault: () =>
        routeFault(events, 'members of each event in reverse order', {
          respond: (res) => {
            const body = readJson(res);
            if (!isRec(body) || !Array.isArray(body.data)) return undefined;
            const data: unknown[] = body.data.map((item: unknown) =>
              isRec(item) ? Object.fromEntries(Object.entries(item).reverse()) : item,
            );
            return withJson(res, { ...body, data });
          },
        }),
    };
    const reason = 'JSON member order is not observable (RFC 8259 section 4)';
    const listed = await runMutant(
      unobservable,
      options([{ mutant: 'CAL-2/order/*/member-order', class: 'unobservable', reason }]),
    );
    expect(listed).toMatchObject({ outcome: 'survived', reason });
    expect(listed.unexplained).toBeUndefined();
    expect(listed.applied).toBeGreaterThan(0);
  }, 300_000);

  it('says when no check citing the rule reached the violation', async () => {
    if (!events) throw new Error('GET /events is not in the route table');
    const unreached: Mutant = {
      id: 'CAL-2/order/GET /events/never',
      rule: 'CAL-2',
      route: 'GET /events',
      kind: 'order',
      description: 'a violation on a query parameter no check sends',
      fault: () =>
        routeFault(events, 'answers to ?neverSent=1 reordered', {
          respond: (res, req) => (req.query.has('neverSent') ? withJson(res, { data: [] }) : undefined),
        }),
    };
    const outcome = await runMutant(unreached, options());
    expect(outcome).toMatchObject({ outcome: 'survived', unexplained: true, applied: 0 });
    expect(outcome.reason).toMatch(/no check citing CAL-2 sent a request the violation applies to/);
  }, 300_000);
});
