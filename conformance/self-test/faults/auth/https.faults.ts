// The faults of the checks in https.ts: each must make its check FAIL (a broken deployment per fault).
import { codeOf, mapJson } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'auth.plainHttpInProductionAnswers403HttpsRequired': [
    {
      upstream: 'production',
      fault: () =>
        mapJson(
          'plain HTTP served (200) in production',
          (_q, r) => codeOf(r) === 'HTTPS_REQUIRED',
          () => [{ data: [] }, 200],
        ),
    },
    {
      upstream: 'production',
      fault: () => ({
        description: 'plain HTTP redirected (301) instead of refused with 403',
        response: (res) =>
          codeOf(res) === 'HTTPS_REQUIRED'
            ? {
                status: 301,
                headers: { location: 'https://127.0.0.1/', 'x-service-mode': 'live' },
                body: Buffer.alloc(0),
              }
            : undefined,
      }),
    },
  ],
};
