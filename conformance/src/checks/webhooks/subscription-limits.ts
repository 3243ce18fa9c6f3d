// Events: "One registered endpoint can subscribe to at most 32 of them" (Limits: "Event types per webhook endpoint:
// 32") and "Subscriptions are created and managed in the developer dashboard, not through this API" (Overview 7).
// Through the target's dashboard (this project's dashboard API: POST /landlords/{id}/webhooks, GET …/webhooks,
// DELETE /webhooks/{id}) a subscription to one type over the limit is refused and not stored, one at it is created; the public API,
// with a key of the same landlord, neither lists, creates, reads nor deletes subscriptions. Needs the dashboard only
// (no delivery is made: nothing happens on the check's fresh landlord).

import type { HttpResponse } from '../../http/client';
import { defineCheck, type CheckContext } from '../../runner';
import { describeResponse, describeValue } from '../../runner/describe';
import { EVENT_TYPE_NAMES } from '../../rules/event-types';
import { EVENT_TYPES_PER_ENDPOINT } from '../../rules/limits';
import { isRecord } from '../shared/util';
import { GROUP, ownLandlord } from './setup';

function subscriptionsOf(res: HttpResponse): Array<Record<string, unknown>> {
  return isRecord(res.json) && Array.isArray(res.json.data) ? res.json.data.filter(isRecord) : [];
}

function createdId(res: HttpResponse): string | undefined {
  const data = isRecord(res.json) ? res.json.data : undefined;
  return isRecord(data) && typeof data.id === 'string' ? data.id : undefined;
}

export const dashboardSubscriptionsTakeAtMost32EventTypes = defineCheck({
  id: 'webhooks.dashboardSubscriptionsTakeAtMost32EventTypesNotTheApi',
  title: `The dashboard refuses (and does not store) a subscription to ${EVENT_TYPES_PER_ENDPOINT + 1} event types and creates one to ${EVENT_TYPES_PER_ENDPOINT}; the public API does not manage subscriptions`,
  group: GROUP,
  rules: ['LIMIT-17', 'EVT-DELIVERY-8', 'OVERVIEW-7', 'EVT-DELIVERY-9'],
  needs: ['dashboard'],
  async run(ctx: CheckContext) {
    const landlord = await ownLandlord(ctx, 'event-limit');
    const url = ctx.target.webhooks?.receiverUrl ?? `https://webhooks.conformance.invalid/${ctx.runId}`;
    const subscribe = async (count: number): Promise<HttpResponse> => {
      const res = await ctx.dashboard.request({
        method: 'POST',
        path: `/landlords/${landlord.id}/webhooks`,
        json: { url, events: EVENT_TYPE_NAMES.slice(0, count), description: `${ctx.marker} ${count} event types` },
      });
      const id = createdId(res);
      if (id) ctx.cleanup(() => ctx.dashboard.request({ method: 'DELETE', path: `/webhooks/${id}` }));
      return res;
    };

    const tooMany = await subscribe(EVENT_TYPES_PER_ENDPOINT + 1);
    ctx.expect(
      tooMany.status >= 400 && tooMany.status < 500,
      `the dashboard to refuse a subscription to ${EVENT_TYPES_PER_ENDPOINT + 1} event types (4xx): one endpoint subscribes to at most ${EVENT_TYPES_PER_ENDPOINT}`,
      () => describeResponse(tooMany),
      tooMany.exchange,
      { rules: ['LIMIT-17', 'EVT-DELIVERY-8'] },
    );
    const most = await subscribe(EVENT_TYPES_PER_ENDPOINT);
    const id = createdId(most);
    ctx.expect(
      most.status >= 200 && most.status < 300 && id !== undefined,
      `the dashboard to create a subscription to ${EVENT_TYPES_PER_ENDPOINT} event types (2xx { data: { id } }): the limit is ${EVENT_TYPES_PER_ENDPOINT}, not less`,
      () => describeResponse(most),
      most.exchange,
      { rules: ['LIMIT-17', 'EVT-DELIVERY-8', 'OVERVIEW-7', 'EVT-DELIVERY-9'] },
    );
    const listed = async (): Promise<Array<Record<string, unknown>>> => {
      const res = await ctx.dashboard.request({ path: `/landlords/${landlord.id}/webhooks` });
      ctx.expectStatus(res, 200, { rules: ['OVERVIEW-7', 'EVT-DELIVERY-9'] });
      return subscriptionsOf(res);
    };
    const before = await listed();
    ctx.expect(
      before.length === 1 && before[0]?.id === id,
      `the landlord's subscriptions (GET /landlords/{id}/webhooks) to be the ${EVENT_TYPES_PER_ENDPOINT}-type one only: the refused one was not stored`,
      () =>
        describeValue(before.map((s) => ({ id: s.id, events: Array.isArray(s.events) ? s.events.length : s.events }))),
      undefined,
      { rules: ['LIMIT-17', 'EVT-DELIVERY-8'] },
    );

    // Not through this API: with the landlord's own key, no subscription route answers 2xx.
    const probes = [
      { method: 'GET', path: '/webhooks' },
      {
        method: 'POST',
        path: '/webhooks',
        json: { url, events: [EVENT_TYPE_NAMES[0]], description: `${ctx.marker} via the API` },
      },
      { method: 'GET', path: '/webhooks/subscriptions' },
      { method: 'GET', path: `/webhooks/${id}` },
      { method: 'DELETE', path: `/webhooks/${id}` },
    ] as const;
    for (const probe of probes) {
      const res = await ctx.http.request({ ...probe, key: landlord.key });
      const created = probe.method === 'POST' ? createdId(res) : undefined;
      if (created) ctx.cleanup(() => ctx.dashboard.request({ method: 'DELETE', path: `/webhooks/${created}` }));
      ctx.expect(
        res.status >= 400 && res.status < 500,
        `${probe.method} {base_url}${probe.path.replace(String(id), '{id}')} to be refused (4xx): webhook subscriptions are managed in the dashboard, not through this API`,
        () => describeResponse(res),
        res.exchange,
        { rules: ['OVERVIEW-7', 'EVT-DELIVERY-9'] },
      );
    }
    const after = await listed();
    ctx.expect(
      after.length === 1 && after[0]?.id === id,
      "the landlord's subscriptions unchanged by the API requests (the subscription still there, no other)",
      () => describeValue(after.map((s) => s.id)),
      undefined,
      { rules: ['OVERVIEW-7', 'EVT-DELIVERY-9'] },
    );
    ctx.note(
      `${EVENT_TYPES_PER_ENDPOINT + 1} types refused (${tooMany.status}), ${EVENT_TYPES_PER_ENDPOINT} created; ${probes.length} subscription requests to the public API refused`,
    );
  },
});
