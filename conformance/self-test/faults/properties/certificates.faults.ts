// The faults of the checks in certificates.ts: each must make its check FAIL (a broken deployment per fault).
import { codeOf, count, mapJson } from '../../support/faults';
import { path, get } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'properties.renewalContradictingCertificateIsRefused': [
    {
      fault: () =>
        mapJson(
          'CERTIFICATE_DERIVED_FIELD answered as CONFLICT',
          (_q, r) => codeOf(r) === 'CERTIFICATE_DERIVED_FIELD',
          (b) => ({ ...b, code: 'CONFLICT' }),
        ),
    },
    {
      fault: () => ({
        description: 'an identical retry of a refused renewal PATCH is accepted (200)',
        async response(res, req, ctx) {
          if (codeOf(res) !== 'CERTIFICATE_DERIVED_FIELD') return undefined;
          if (count(ctx, `${path(req)} ${req.body.toString('utf8')}`) < 2) return undefined;
          return ctx.upstream(get(req, path(req)));
        },
      }),
    },
  ],
};
