// Compliance summary: one read over the whole portfolio, in the landlord's local date (derived, read-only: no field
// table). HTTP shape only.
import Joi from 'joi';
import { depsOf, readScope, todayFor } from '../../platform/app-context';
import { jsonTextResponse } from '../../platform/http/json-text';
import { resourcePlugin, route } from '../../platform/http/routes';
import { complianceSummaryEnvelope } from './schemas';
import { complianceSummaryJson } from './summary';
import { Gate } from '../../platform/limits/gate';
import type { AppDeps } from '../../platform/app-context';

// One gate per server (its deps): the summary's statement works over every property of the landlord (gate.ts).
const gates = new WeakMap<AppDeps, Gate>();
export function summaryGate(deps: AppDeps): Gate {
  let gate = gates.get(deps);
  if (!gate) gates.set(deps, (gate = new Gate(deps.config.complianceSummaryConcurrency, deps.config.dbQueryTimeoutMs)));
  return gate;
}

export const compliancePlugin = resourcePlugin('resources/compliance', [
  route({
    method: 'GET',
    path: '/compliance/summary',
    options: {
      tags: ['api', 'Compliance'],
      description:
        "Portfolio compliance: severity counts, EPC figures, the attention list and every property's statutory items",
      // No parameters: any query key is a 400 VALIDATION_ERROR like everywhere else.
      validate: { query: Joi.object({}) },
      response: { schema: jsonTextResponse(complianceSummaryEnvelope) },
      handler: async (request, h) => {
        const deps = depsOf(request);
        const json = await complianceSummaryJson(
          readScope(request),
          todayFor(request),
          deps.clock.now(),
          summaryGate(deps),
        );
        return h.response(json).type('application/json; charset=utf-8');
      },
    },
  }),
]);
