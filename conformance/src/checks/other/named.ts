// Endpoints named but not detailed: they exist and answer the { data } envelope (their shapes are not shown, so
// nothing else is asserted), and PATCH /maintenance/issues/{id} is a live route (not 404 for a known issue, not 410).

import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { SPEC_ROUTES } from '../../spec-routes';
import { getList, isRecord, successData, unknownId, type Json } from '../shared/util';

const LIVE = 'enterpriseLive';

/** The named lists of the route table, each with its "exists" rule. */
const LISTS: ReadonlyArray<readonly [string, string]> = SPEC_ROUTES.flatMap((r) =>
  r.detail === 'named' && r.response === 'list' && r.listRules?.[0] !== undefined ? [[r.path, r.listRules[0]]] : [],
);

/** The first id-like value of `field` (or a field whose name ends like it) among the items. */
function firstValue(items: readonly Json[], field: RegExp): string | undefined {
  for (const item of items)
    for (const [k, v] of Object.entries(item)) if (field.test(k) && typeof v === 'string') return v;
  return undefined;
}

export const namedEndpointsAnswerTheEnvelope = defineCheck({
  id: 'other.namedEndpointsAnswerTheEnvelope',
  title:
    'The endpoints named but not detailed exist: subscription, mortgages, tenants (list and detail), contacts, chat messages (with filters), maintenance issues and inspections',
  group: 'Endpoints > Endpoints named but not detailed',
  rules: ['OTHER-1', 'OTHER-2', 'OTHER-4', 'OTHER-5', 'OTHER-8', 'OTHER-11', 'OTHER-14', 'OTHER-16', 'OVERVIEW-2'],
  async run(ctx: CheckContext) {
    const subscription = await ctx.http.request({ path: '/subscription', key: LIVE });
    const sub = successData(ctx, subscription, [200], { rules: ['OTHER-1'] });
    ctx.expect(
      isRecord(sub),
      'GET /subscription data to be an object (the subscription summary)',
      () => describeValue(sub),
      subscription.exchange,
      { rules: ['OTHER-1'] },
    );
    const lists = new Map<string, readonly Json[]>();
    for (const [path, rule] of LISTS) {
      const page = await getList(ctx, path, LIVE, {}, { rules: [rule, 'OVERVIEW-2'] });
      lists.set(path, page.items);
    }
    const tenant = lists.get('/tenants')!.find((t) => typeof t.id === 'string');
    if (tenant) {
      const res = await ctx.http.request({ path: `/tenants/${String(tenant.id)}`, key: LIVE });
      const data = successData(ctx, res, [200], { rules: ['OTHER-5'] });
      ctx.expect(
        isRecord(data) && data.id === tenant.id,
        `GET /tenants/${String(tenant.id)} to answer that tenant`,
        () => describeValue(data),
        res.exchange,
        { rules: ['OTHER-5'] },
      );
    }
    ctx.expectErrorEnvelope(await ctx.http.request({ path: `/tenants/${unknownId()}`, key: LIVE }), 404, 'NOT_FOUND', {
      rules: ['OTHER-5'],
    });
    const messages = lists.get('/chat/messages')!;
    for (const [param, field] of [
      ['conversationId', /conversation/i],
      ['propertyId', /^propertyId$/],
    ] as const) {
      const value = firstValue(messages, field) ?? unknownId();
      const res = await ctx.http.request({ path: '/chat/messages', key: LIVE, query: { [param]: value } });
      ctx.expect(
        res.status === 200,
        `GET /chat/messages?${param}= to be accepted (200)`,
        () => describeResponse(res),
        res.exchange,
        { rules: ['OTHER-11'] },
      );
    }
    ctx.note(
      `subscription, ${LISTS.length} lists${tenant ? ', a tenant detail' : ''} and both chat filters answered 200 { data }`,
    );
  },
});

export const maintenanceIssuePatchRouteExists = defineCheck({
  id: 'other.maintenanceIssuePatchRouteExists',
  title:
    'PATCH /maintenance/issues/{id} exists: not 404 or 410 for a known issue (an empty body may be refused with 400), 404 for an unknown one',
  group: 'Endpoints > Endpoints named but not detailed',
  rules: ['OTHER-15'],
  async run(ctx: CheckContext) {
    const issue = (await getList(ctx, '/maintenance/issues', LIVE, {})).items.find((i) => typeof i.id === 'string');
    if (!issue) ctx.skip('the target has no maintenance issue to address');
    // An empty body changes nothing (a deployment either refuses it or has nothing to apply); the sandbox key, when there is one, writes nothing anyway.
    const key = ctx.hasKey('enterpriseSandbox') ? 'enterpriseSandbox' : LIVE;
    const res = await ctx.http.request({
      method: 'PATCH',
      path: `/maintenance/issues/${String(issue.id)}`,
      key,
      json: {},
    });
    ctx.expect(
      ![404, 405, 410].includes(res.status) && res.status < 500,
      'PATCH /maintenance/issues/{id} of a known issue to reach a live route (not 404, 405, 410 or 5xx)',
      () => describeResponse(res),
      res.exchange,
      { rules: ['OTHER-15'] },
    );
    const unknown = await ctx.http.request({
      method: 'PATCH',
      path: `/maintenance/issues/${unknownId()}`,
      key,
      json: { status: 'In_Progress' },
    });
    ctx.expect(
      unknown.status === 404 || unknown.status === 400,
      'PATCH of an unknown issue to answer 404 (or 400 for the body)',
      () => describeResponse(unknown),
      unknown.exchange,
      { rules: ['OTHER-15'] },
    );
    ctx.note(`PATCH of issue ${String(issue.id)} answered ${res.status}; an unknown issue ${unknown.status}`);
  },
});
