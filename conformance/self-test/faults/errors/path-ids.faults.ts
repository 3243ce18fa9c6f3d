// The faults of the checks in path-ids.ts: each must make its check FAIL (a broken deployment per fault).
import { nonUuidPathParam, onNonUuidPathParam } from '../../support/cross-cutting-faults';
import { errorResponse, jsonResponse } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'errors.nonUuidPathIdsAnswer400Or404': [
    {
      fault: () =>
        onNonUuidPathParam('a non-UUID path id answers 500 SERVER_ERROR', () =>
          errorResponse(500, 'SERVER_ERROR', 'invalid input syntax for type uuid'),
        ),
    },
    {
      fault: () =>
        onNonUuidPathParam('a non-UUID path id answers 200 with data', () =>
          jsonResponse(200, { data: { id: 'not-a-uuid' } }),
        ),
    },
    {
      // One method of the family only: the check must reach every route, not those a random draw picks.
      fault: () => ({
        description:
          'a non-UUID path id on the document DELETE routes answers 400 BAD_REQUEST (the code for malformed JSON)',
        request: (req) =>
          req.method === 'DELETE' && /\/documents\/[^/]+$/.test(req.path) && nonUuidPathParam(req)
            ? errorResponse(400, 'BAD_REQUEST', 'bad id')
            : undefined,
      }),
    },
    {
      fault: () =>
        onNonUuidPathParam('a non-UUID path id answers 422 UNPROCESSABLE_ENTITY', () =>
          errorResponse(422, 'UNPROCESSABLE_ENTITY', 'id must be a UUID'),
        ),
    },
  ],
};
