// The faults of the checks in malformed-json.ts: each must make its check FAIL (a broken deployment per fault).
import { ignoredBody, onMalformedJson } from '../../support/cross-cutting-faults';
import { errorResponse } from '../../support/faults';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'errors.malformedJsonBodiesAnswer400': [
    {
      fault: () =>
        onMalformedJson('malformed JSON answers 500 SERVER_ERROR', () =>
          errorResponse(500, 'SERVER_ERROR', 'Unexpected token } in JSON at position 12'),
        ),
    },
    {
      fault: () =>
        onMalformedJson('malformed JSON answers 400 with a code outside the Errors table (INVALID_JSON)', () =>
          errorResponse(400, 'INVALID_JSON', 'Body is not valid JSON'),
        ),
    },
    {
      fault: () =>
        onMalformedJson('malformed JSON answers 422 UNPROCESSABLE_ENTITY', () =>
          errorResponse(422, 'UNPROCESSABLE_ENTITY', 'Body is not valid JSON'),
        ),
    },
    { fault: () => onMalformedJson('a malformed body is ignored and the write answered as a success', ignoredBody) },
  ],
};
