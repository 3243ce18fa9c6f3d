// Errors: "400 BAD_REQUEST: generic 400, rare; malformed JSON outside schema validation." A JSON write whose body
// does not parse is refused with 400 and the error envelope, never a 2xx, a 5xx or another status. Which of the two
// 400 codes of the table it carries is not pinned down (the invoice email names VALIDATION_ERROR for invalid JSON;
// the catalogue's ERR-BAD_REQUEST note), so BAD_REQUEST and VALIDATION_ERROR are both accepted; any other code is not.
// The invoice email is left out: its own rule (RENT-EMAIL-5) names VALIDATION_ERROR and the invoice checks hold it.

import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse } from '../../runner/describe';
import { WRITE_ROUTES, type SpecRoute } from '../shared/spec';
import { ownWriteKey } from '../shared/provision';
import {
  codeOf,
  createOwnProperty,
  deleteIfCreated,
  fillPath,
  isErrorEnvelope,
  listIds,
  requestRetryingResets,
  unknownId,
} from '../shared/util';

const GROUP = 'Errors';
const ACCEPTED_CODES = ['BAD_REQUEST', 'VALIDATION_ERROR'];

/** The JSON-body write routes (no uploads, not the invoice email). */
const JSON_ROUTES: readonly SpecRoute[] = WRITE_ROUTES.filter(
  (r) => r.method !== 'DELETE' && !r.multipart && !r.landlordLimited,
);

/** Where a route's `{id}` comes from without a dashboard: a record of enterpriseLive's landlord (a malformed body changes nothing). */
const IDS_FROM: Readonly<Record<string, string>> = {
  '/properties/{id}': '/properties',
  '/contracts/{id}': '/contracts',
  '/rent/{id}': '/rent',
  '/maintenance/issues/{id}': '/maintenance/issues',
};

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Text that is not JSON: a write body cut short, with a trailing comma, single quotes, or a bare word. */
export function malformedJsonArb(): fc.Arbitrary<string> {
  const body = fc
    .dictionary(
      fc.constantFrom('shortName', 'city', 'status', 'period', 'amount', 'email', 'bedrooms'),
      fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null)),
      { minKeys: 1, maxKeys: 4 },
    )
    .map((o) => JSON.stringify(o));
  return fc
    .oneof(
      fc
        .tuple(body, fc.double({ min: 0.05, max: 0.95, noNaN: true }))
        .map(([text, at]) => text.slice(0, Math.max(1, Math.floor(text.length * at)))),
      body.map((text) => `${text.slice(0, -1)},}`),
      body.map((text) => text.replace(/"/g, "'")),
      fc.constantFrom('{', '{"shortName": }', 'not json', '{"city":"Leeds"}}', '{shortName: "x"}', '[1,2'),
    )
    .filter((text) => text.length > 0 && !parses(text));
}

/** The route's `{id}`: a record of the writing landlord when there is one, else an id it does not have. */
interface RouteTarget {
  readonly route: SpecRoute;
  readonly id?: string;
  /** The id is not the landlord's: the order of "not found" and "not JSON" is not shown, so 404 NOT_FOUND also passes. */
  readonly unknown: boolean;
}

async function targets(ctx: CheckContext, key: string): Promise<RouteTarget[]> {
  const own = key === 'enterpriseLive' ? undefined : await createOwnProperty(ctx, key, 'malformed-json');
  const out: RouteTarget[] = [];
  for (const route of JSON_ROUTES) {
    if (!route.path.includes('{id}')) {
      out.push({ route, unknown: false });
      continue;
    }
    const known =
      route.path === '/properties/{id}' && own
        ? String(own.id)
        : key === 'enterpriseLive'
          ? (await listIds(ctx, IDS_FROM[route.path] ?? '', key, 1))[0]
          : undefined;
    out.push(known ? { route, id: known, unknown: false } : { route, id: unknownId(), unknown: true });
  }
  return out;
}

export const malformedJsonAnswers400 = defineCheck({
  id: 'errors.malformedJsonBodiesAnswer400',
  title:
    'A JSON write whose body does not parse answers 400 with the error envelope and code BAD_REQUEST (or VALIDATION_ERROR), never 2xx or 5xx',
  group: GROUP,
  rules: ['ERR-BAD_REQUEST', 'ERR-1'],
  async run(ctx: CheckContext) {
    // A landlord of the check's own writes (unpaced, its data apart); without a dashboard, enterpriseLive on its records.
    const key = await ownWriteKey(ctx, 'malformed-json');
    const routes = await targets(ctx, key);
    const codes = new Map<string, number>();
    await ctx.property(
      'malformed JSON on a JSON write route is a 400 error envelope with BAD_REQUEST or VALIDATION_ERROR',
      fc.record({ target: fc.constantFrom(...routes), text: malformedJsonArb(), charset: fc.boolean() }),
      async ({ target: { route, id, unknown }, text, charset }) => {
        const res = await requestRetryingResets(ctx, {
          method: route.method,
          path: fillPath(route.path, { id }),
          key,
          body: text,
          headers: { 'content-type': charset ? 'application/json; charset=utf-8' : 'application/json' },
        });
        if (route.method === 'POST' && route.path === '/properties') deleteIfCreated(ctx, res, key);
        const code = codeOf(res);
        const enveloped = isErrorEnvelope(res.json);
        const refused =
          (res.status === 400 && typeof code === 'string' && ACCEPTED_CODES.includes(code)) ||
          (unknown && res.status === 404 && code === 'NOT_FOUND');
        ctx.expect(
          enveloped && refused,
          `${route.method} ${route.path} with a body that is not JSON (${JSON.stringify(text)}): 400 { error, code: "BAD_REQUEST" } (or "VALIDATION_ERROR")${unknown ? ', or 404 NOT_FOUND for an id the landlord does not have' : ''}`,
          () => describeResponse(res),
          res.exchange,
          { rules: enveloped ? ['ERR-BAD_REQUEST'] : ['ERR-BAD_REQUEST', 'ERR-1'] },
        );
        codes.set(`${res.status} ${String(code)}`, (codes.get(`${res.status} ${String(code)}`) ?? 0) + 1);
      },
      { numRuns: 14 },
    );
    ctx.note(
      `14 malformed JSON bodies on ${routes.length} write routes: ${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')}`,
    );
  },
});
