// The faults of the checks in prefix.ts: each must make its check FAIL (a broken deployment per fault).
import { servedAlsoUnder } from '../../support/cross-cutting-faults';
import { errorResponse } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Cross-cutting checks (checks/cross-cutting.ts) ------------------------------------------------------------
  'versioning.apiAnswersUnderV1PrefixOnly': [
    { fault: () => servedAlsoUnder('the API also answers under /api/public/v2', '/api/public/v2') },
    { fault: () => servedAlsoUnder('the API also answers at the host root, without /api/public/v1', '') },
    {
      fault: () => ({
        description: 'the API moved to /api/public/v2: /api/public/v1 answers 404',
        request: (req) =>
          req.path.startsWith('/api/public/v1/')
            ? errorResponse(404, 'NOT_FOUND', 'Route not found')
            : req.path.startsWith('/api/public/v2/')
              ? { ...req, path: req.path.replace('/api/public/v2/', '/api/public/v1/') }
              : undefined,
      }),
    },
  ],
};
