// The faults of the checks in subscription-limits.ts: each must make its check FAIL (a broken deployment per fault).
import { randomUUID } from 'node:crypto';
import { subscriptionEvents, withEvents } from '../../support/cross-cutting-faults';
import { apiPath, errorResponse, jsonResponse } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';
import { EVENT_TYPES_PER_ENDPOINT as MOST } from '../../../src/rules/limits';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'webhooks.dashboardSubscriptionsTakeAtMost32EventTypesNotTheApi': [
    {
      proxyDashboard: true,
      fault: () => ({
        description: `the dashboard accepts a subscription to ${MOST + 1} event types`,
        request: (req) => ((subscriptionEvents(req)?.length ?? 0) > MOST ? withEvents(req, MOST) : undefined),
      }),
    },
    {
      proxyDashboard: true,
      fault: () => ({
        description: `the dashboard refuses ${MOST} event types (its limit is ${MOST - 1})`,
        request: (req) =>
          (subscriptionEvents(req)?.length ?? 0) >= MOST
            ? errorResponse(400, 'VALIDATION_ERROR', `"events" must contain at most ${MOST - 1} items`)
            : undefined,
      }),
    },
    {
      proxyDashboard: true,
      fault: () => ({
        description: `a refused ${MOST + 1}-type subscription is stored anyway (with ${MOST} types) and answered 400`,
        request: async (req, ctx) => {
          if ((subscriptionEvents(req)?.length ?? 0) <= MOST) return undefined;
          await ctx.upstream(withEvents(req, MOST));
          return errorResponse(400, 'VALIDATION_ERROR', `"events" must contain at most ${MOST} items`);
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
