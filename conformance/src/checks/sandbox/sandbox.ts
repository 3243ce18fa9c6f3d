// Authentication 2 / Response envelope: a sandbox key reads real data, and its writes answer mocks carrying
// `sandbox: true` (X-Service-Mode: sandbox) while nothing is written. Observed through the live key of the same
// landlord, on properties the check creates itself (never on fixture data).

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import type { HttpResponse } from '../../http/client';
import { LIST_ENDPOINTS } from '../shared/spec';
import { writeName } from '../shared/unnamed';
import {
  createOwnProperty,
  getList,
  isRecord,
  isSuiteData,
  propertyBody,
  successData,
  type Json,
} from '../shared/util';

const GROUP = 'Authentication';
const SANDBOX = 'enterpriseSandbox';
const LIVE = 'enterpriseLive';

function expectSandboxMock(ctx: CheckContext, res: HttpResponse, statuses: readonly number[], what: string): Json {
  ctx.expectHeader(res, 'X-Service-Mode', (v) => v?.trim() === 'sandbox', `"sandbox" on the sandbox ${what}`, {
    rules: ['AUTH-3'],
  });
  const data = successData(ctx, res, statuses, { rules: ['AUTH-2'] });
  ctx.expect(
    isRecord(data) && data.sandbox === true,
    `the sandbox ${what} to answer a mock whose data carries sandbox: true`,
    () => describeValue(data),
    res.exchange,
    { rules: ['ENVELOPE-7', 'AUTH-2'] },
  );
  return data;
}

async function liveView(ctx: CheckContext, id: string): Promise<HttpResponse> {
  return ctx.http.request({ path: `/properties/${id}`, key: LIVE });
}

export const sandboxCreateAnswersMockAndPersistsNothing = defineCheck({
  id: 'sandbox.createAnswersMockAndPersistsNothing',
  title: 'A sandbox POST answers a mock with sandbox: true and creates nothing the live key can see',
  group: GROUP,
  rules: ['AUTH-2', 'ENVELOPE-7', 'OVERVIEW-5'],
  needs: ['sandbox'],
  async run(ctx: CheckContext) {
    const body = propertyBody(ctx, 'sandbox-create');
    const res = await ctx.http.request({ method: 'POST', path: '/properties', key: SANDBOX, json: body });
    if (res.status === 400)
      ctx.skip(
        `the deployment did not accept a POST /properties body built from the spec's Property fields (write-body fields are not shown): ${res.text.slice(0, 200)}`,
      );
    const mock = expectSandboxMock(ctx, res, [200, 201], 'POST /properties');
    if (typeof mock.id === 'string') {
      const seen = await liveView(ctx, mock.id);
      if (seen.status === 200)
        ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/properties/${String(mock.id)}`, key: LIVE }));
      ctx.expectErrorEnvelope(seen, 404, 'NOT_FOUND', { rules: ['AUTH-2'] });
    }
    // Nothing with this marker anywhere in the live list either (the mock might have carried another id).
    const search = await getList(ctx, '/properties', LIVE, { search: String(body.addressLine1), limit: 10 });
    for (const item of search.items)
      ctx.cleanup(() => ctx.http.request({ method: 'DELETE', path: `/properties/${String(item.id)}`, key: LIVE }));
    ctx.expect(
      search.items.length === 0,
      "no property with the sandbox body's address in the live list",
      () => `${search.items.length}: ${describeValue(search.items[0])}`,
      search.res.exchange,
      { rules: ['AUTH-2'] },
    );
    ctx.note('sandbox POST /properties answered a mock (sandbox: true); the live key sees nothing of it');
  },
});

const VOLATILE = new Set(['compliance']);

function stable(item: unknown): string {
  if (!isRecord(item)) return JSON.stringify(item);
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(item)
        .filter(([k]) => !VOLATILE.has(k))
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
}

export const sandboxPatchAnswersMockAndChangesNothing = defineCheck({
  id: 'sandbox.patchAnswersMockAndChangesNothing',
  title: 'A sandbox PATCH answers a mock with sandbox: true and leaves the resource unchanged',
  group: GROUP,
  rules: ['AUTH-2', 'ENVELOPE-7'],
  needs: ['sandbox'],
  async run(ctx: CheckContext) {
    const own = await createOwnProperty(ctx, LIVE, 'sandbox-patch');
    const id = String(own.id);
    const before = await liveView(ctx, id);
    const beforeData = successData(ctx, before, [200]);
    const res = await ctx.http.request({
      method: 'PATCH',
      path: `/properties/${id}`,
      key: SANDBOX,
      json: {
        [writeName(ctx, 'property', 'shortName')]: `${ctx.marker} sandbox-patched`,
        [writeName(ctx, 'property', 'bedrooms')]: 7,
        status: 'Maintenance',
      },
    });
    expectSandboxMock(ctx, res, [200], 'PATCH /properties/{id}');
    const after = await liveView(ctx, id);
    const afterData = successData(ctx, after, [200]);
    ctx.expect(
      stable(afterData) === stable(beforeData),
      'the property unchanged for the live key after the sandbox PATCH',
      () => `before ${describeValue(beforeData)}; after ${describeValue(afterData)}`,
      after.exchange,
      { rules: ['AUTH-2'] },
    );
    ctx.note('sandbox PATCH answered a mock (sandbox: true); the live property is unchanged');
  },
});

export const sandboxDeleteAnswersMockAndDeletesNothing = defineCheck({
  id: 'sandbox.deleteAnswersMockAndDeletesNothing',
  title: 'A sandbox DELETE answers { deleted: true, id, sandbox: true } and the resource is still there',
  group: GROUP,
  rules: ['AUTH-2', 'ENVELOPE-7', 'PROP-16'],
  needs: ['sandbox'],
  async run(ctx: CheckContext) {
    const own = await createOwnProperty(ctx, LIVE, 'sandbox-delete');
    const id = String(own.id);
    const res = await ctx.http.request({ method: 'DELETE', path: `/properties/${id}`, key: SANDBOX });
    const mock = expectSandboxMock(ctx, res, [200], 'DELETE /properties/{id}');
    ctx.expect(
      mock.deleted === true && mock.id === id,
      `{ deleted: true, id: "${id}", sandbox: true }`,
      () => describeValue(mock),
      res.exchange,
      { rules: ['PROP-16'] },
    );
    const after = await liveView(ctx, id);
    ctx.expect(
      after.status === 200,
      'the property still there for the live key after the sandbox DELETE',
      () => `${after.status} ${after.text.slice(0, 200)}`,
      after.exchange,
      { rules: ['AUTH-2'] },
    );
    ctx.note('sandbox DELETE answered a mock (sandbox: true); the property is still there');
  },
});

function ids(items: readonly Json[]): string[] {
  return items.filter((i) => !isSuiteData(i)).map((i) => (typeof i.id === 'string' ? i.id : JSON.stringify(i)));
}

export const sandboxReadsReturnTheSameDataAsLive = defineCheck({
  id: 'sandbox.readsReturnTheSameDataAsLive',
  title: 'A sandbox key reads real data: every list answers what the live key of the same landlord gets',
  group: GROUP,
  rules: ['AUTH-2', 'OVERVIEW-5'],
  needs: ['sandbox'],
  async run(ctx: CheckContext) {
    let compared = 0;
    for (const endpoint of LIST_ENDPOINTS) {
      let same = false;
      let detail = '';
      let last: HttpResponse | undefined;
      // Other checks may create or delete their own data in between: one retry.
      for (let attempt = 0; attempt < 2 && !same; attempt++) {
        const live = await getList(ctx, endpoint.path, LIVE, { limit: 100 });
        const sandbox = await getList(ctx, endpoint.path, SANDBOX, { limit: 100 });
        last = sandbox.res;
        ctx.expectHeader(
          sandbox.res,
          'X-Service-Mode',
          (v) => v?.trim() === 'sandbox',
          `"sandbox" on a sandbox read of ${endpoint.path}`,
          { rules: ['AUTH-3'] },
        );
        const a = ids(live.items).join(',');
        const b = ids(sandbox.items).join(',');
        same =
          a === b &&
          (live.meta?.total === sandbox.meta?.total || live.items.some(isSuiteData) || sandbox.items.some(isSuiteData));
        detail = `live: ${live.items.length} items (total ${describeValue(live.meta?.total)}); sandbox: ${sandbox.items.length} items (total ${describeValue(sandbox.meta?.total)})`;
      }
      ctx.expect(
        same,
        `GET ${endpoint.path} with the sandbox key to return the live key's items`,
        detail,
        last?.exchange,
      );
      compared++;
    }
    const summary = await ctx.http.request({ path: '/compliance/summary', key: SANDBOX });
    ctx.expectSuccessEnvelope(summary, 200);
    ctx.note(`${compared} lists read with the sandbox key matched the live key's`);
  },
});
