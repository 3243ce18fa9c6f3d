// The faults of the checks in subscription-limits.ts: each must make its check FAIL (a broken deployment per fault).
import { randomUUID } from 'node:crypto';
import { subscriptionEvents, withEvents } from '../../../self-test/support/cross-cutting-faults';
import { apiPath, errorResponse, jsonResponse } from '../../../self-test/support/faults';
import type { FaultTable } from '../../../self-test/support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'webhooks.dashboardSubscriptionsTakeAtMost32EventTypesNotTheApi': [
    {
      proxyDashboard: true,
      fault: () => ({
        description: 'the dashboard accepts a subscription to 33 event types',
        request: (req) => ((subscriptionEvents(req)?.length ?? 0) > 32 ? withEvents(req, 32) : undefined),
      }),
    },
    {
      proxyDashboard: true,
      fault: () => ({
        description: 'the dashboard refuses 32 event types (its limit is 31)',
        request: (req) =>
          (subscriptionEvents(req)?.length ?? 0) >= 32
            ? errorResponse(400, 'VALIDATION_ERROR', '"events" must contain at most 31 items')
            : undefined,
      }),
    },
    {
      proxyDashboard: true,
      fault: () => ({
        description: 'a refused 33-type subscription is stored anyway (with 32 types) and answered 400',
        request: async (req, ctx) => {
          if ((subscriptionEvents(req)?.length ?? 0) <= 32) return undefined;
          await ctx.upstream(withEvents(req, 32));
          return errorResponse(400, 'VALIDATION_ERROR', '"events" must contain at most 32 items');
        },
      }),
    },
    {
      proxyDashboard: true,
      fault: () => ({
        description: 'the public API lists and creates webhook subscriptions (GET/POST /webhooks)',
        request: (req) =>
          apiPath(req) === '/webhooks'
            ? jsonResponse(req.method === 'POST' ? 201 : 200, {
                data: req.method === 'POST' ? { id: randomUUID() } : [],
              })
            : undefined,
      }),
    },
  ],
};
