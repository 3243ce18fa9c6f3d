// Compliance summary: one read over the whole portfolio, in the landlord's local date (derived, read-only: no field
// table). HTTP shape only.
import { Readable } from 'node:stream';
import Joi from 'joi';
import { depsOf, readScope, todayFor } from '../../platform/app-context';
import { deflatedOnce, gzipSplice } from '../../platform/http/gzip-splice';
import { jsonTextResponse } from '../../platform/http/json-text';
import { resourcePlugin, route } from '../../platform/http/routes';
import { complianceSummaryEnvelope } from './schemas';
import { complianceSummaryJson } from './summary';
import { Gate } from '../../platform/limits/gate';
import { SummaryCopies } from './summary-copies';
import type { AppDeps } from '../../platform/app-context';

// One gate per server (its deps): the summary's statement works over every property of the landlord (gate.ts).
const gates = new WeakMap<AppDeps, Gate>();
export function summaryGate(deps: AppDeps): Gate {
  let gate = gates.get(deps);
  if (!gate) gates.set(deps, (gate = new Gate(deps.config.complianceSummaryConcurrency, deps.config.dbQueryTimeoutMs)));
  return gate;
}

// One set of copies of kept summaries per server (summary-copies.ts).
const copiesOf = new WeakMap<AppDeps, SummaryCopies>();
function summaryCopies(deps: AppDeps): SummaryCopies {
  let copies = copiesOf.get(deps);
  if (!copies) copiesOf.set(deps, (copies = new SummaryCopies()));
  return copies;
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
      // The body goes out as the bytes it is kept as, never copied into one string or buffer (29 MB at 50,000
      // properties): a stream of its parts. Hapi validates only plain responses, so this route's schema documents
      // it and the tests validate the bytes themselves (test/kept-compliance-summary.test.ts).
      response: { schema: jsonTextResponse(complianceSummaryEnvelope), sample: 0 },
      handler: async (request, h) => {
        const deps = depsOf(request);
        const [head, body] = await complianceSummaryJson(
          readScope(request),
          todayFor(request),
          deps.clock.now(),
          summaryGate(deps),
          summaryCopies(deps),
        );
        // A client that prefers gzip gets the body compressed once (gzip-splice.ts) behind its own head; Hapi would
        // compress all of it again for every answer. Any other encoding is left to Hapi.
        const gzip = request.info.acceptEncoding === 'gzip';
        const parts = gzip ? gzipSplice(head, await deflatedOnce(body)) : [head, body];
        const response = h
          .response(Readable.from(parts, { objectMode: false }))
          .bytes(parts.reduce((sum, part) => sum + part.length, 0))
          .type('application/json; charset=utf-8')
          .vary('accept-encoding');
        return gzip ? response.compressed('gzip') : response;
      },
    },
  }),
]);
