// Generated from the route table: every value outside the stated value set of every typed query parameter of every
// detailed read (page and limit included on paged lists) is sent, every run, whatever the seed, and each must be
// answered 400 VALIDATION_ERROR ("query or body failed validation (for example `limit` above 500 …)"). A parameter
// whose answer to an outside value the spec does not state (the calendar's `type` list, CAL-9) is sent only its
// stated limit (500 characters).

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import { edgeQueryCases, invalidQueryCases, routeName, type InvalidQueryCase } from '../../spec-routes';
import { codeOf, createOwnProperty, fillPath, listIds, messageOf, namesFieldPath } from '../shared/util';

const LIVE = 'enterpriseLive';
const CASES: readonly InvalidQueryCase[] = invalidQueryCases();
// A success proves the bound, not the error code: the edges cite the parameter's rules and the route's 400 rule.
const EDGES: readonly InvalidQueryCase[] = edgeQueryCases().map((c) => ({
  ...c,
  rules: c.rules.filter((r) => r !== 'ERR-VALIDATION_ERROR'),
}));

/** A real id of the landlord for every owner list the cases' routes address by `{id}`. */
async function ownerIds(ctx: CheckContext, cases: readonly InvalidQueryCase[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const from of new Set(cases.flatMap((c) => (c.route.ids ? [c.route.ids.id] : [])))) {
    const found = (await listIds(ctx, from, LIVE, 1))[0];
    ids.set(from, found ?? String((await createOwnProperty(ctx, LIVE, 'invalid-query')).id));
  }
  return ids;
}

function shown(c: InvalidQueryCase): string {
  const value = c.invalid.value.length > 24 ? `<${c.invalid.value.length} chars>` : JSON.stringify(c.invalid.value);
  return `${routeName(c.route)} ?${c.param.name}=${value} (${c.invalid.why})`;
}

export const everyTypedQueryParameterRefusesInvalidValues = defineCheck({
  id: 'generated.everyTypedQueryParameterRefusesInvalidValues',
  title:
    'Every value outside the stated value set of every typed query parameter of every detailed read (enums, integers and their bounds, string lengths, UUIDs, dates) is answered 400 VALIDATION_ERROR naming the parameter, every run',
  group: 'Endpoints',
  rules: [...new Set([...CASES.flatMap((c) => c.rules), 'ERR-4'])],
  async run(ctx: CheckContext) {
    // A route with `{id}` is aimed at a real item of the landlord, so only the query can be what is refused.
    const ids = await ownerIds(ctx, CASES);
    const wrong: Array<{ readonly c: InvalidQueryCase; readonly got: string; readonly exchange: unknown }> = [];
    const unnamed: Array<{ readonly c: InvalidQueryCase; readonly message: string }> = [];
    let first: Parameters<CheckContext['fail']>[2];
    let firstUnnamed: Parameters<CheckContext['fail']>[2];
    for (const c of CASES) {
      const path = fillPath(c.route.path, { id: c.route.ids ? ids.get(c.route.ids.id) : undefined });
      const res = await ctx.http.request({ path, key: LIVE, query: c.query });
      if (res.status === 400 && codeOf(res) === 'VALIDATION_ERROR') {
        // One issue, so the message lists it with its field path: the parameter's name (ERR-4).
        if (!namesFieldPath(messageOf(res), c.param.name)) {
          unnamed.push({ c, message: messageOf(res) });
          firstUnnamed ??= res.exchange;
        }
        continue;
      }
      wrong.push({ c, got: describeResponse(res), exchange: res.exchange });
      first ??= res.exchange;
    }
    if (unnamed.length > 0)
      ctx.fail(
        'each VALIDATION_ERROR message to list its one issue with its field path (the parameter sent outside its set)',
        `${unnamed.length} of ${CASES.length} did not name it: ${unnamed
          .slice(0, 4)
          .map((u) => `${shown(u.c)} → "${u.message.slice(0, 100)}"`)
          .join('; ')}${unnamed.length > 4 ? ' …' : ''}`,
        firstUnnamed,
        { rules: ['ERR-4'] },
      );
    if (wrong.length > 0)
      ctx.fail(
        "each value outside its parameter's value set answered 400 VALIDATION_ERROR",
        `${wrong.length} of ${CASES.length} were not: ${wrong
          .slice(0, 4)
          .map((w) => `${shown(w.c)} → ${w.got.slice(0, 100)}`)
          .join('; ')}${wrong.length > 4 ? ' …' : ''}`,
        first,
        { rules: [...new Set(wrong.flatMap((w) => w.c.rules))] },
      );
    const params = new Set(CASES.map((c) => `${routeName(c.route)} ${c.param.name}`)).size;
    ctx.note(
      `${CASES.length} invalid values of ${params} parameters on ${new Set(CASES.map((c) => c.route)).size} routes: each 400 VALIDATION_ERROR`,
    );
  },
});

export const everyTypedQueryParameterAcceptsItsEdges = defineCheck({
  id: 'generated.everyTypedQueryParameterAcceptsItsEdges',
  title:
    "Every stated bound of every typed query parameter of every detailed read (integer minimums and maximums, the shortest and longest strings) is inside the value set: answered with the route's success, every run",
  group: 'Endpoints',
  rules: [...new Set(EDGES.flatMap((c) => c.rules))],
  async run(ctx: CheckContext) {
    const ids = await ownerIds(ctx, EDGES);
    for (const c of EDGES) {
      const path = fillPath(c.route.path, { id: c.route.ids ? ids.get(c.route.ids.id) : undefined });
      const res = await ctx.http.request({ path, key: LIVE, query: c.query });
      ctx.expect(
        res.status === c.route.successStatus,
        `${shown(c)}: ${c.route.successStatus}, the value is inside the stated set`,
        () => describeResponse(res),
        res.exchange,
        { rules: c.rules },
      );
    }
    ctx.note(
      `${EDGES.length} values at the stated bounds of ${new Set(EDGES.map((c) => c.route)).size} routes: each answered`,
    );
  },
});
