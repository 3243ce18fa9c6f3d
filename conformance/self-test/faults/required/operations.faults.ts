// The faults of the checks in operations.ts: each breaks one required operation, which its check must FAIL on
// (the checks that need the operation are then `blocked` by it).
import type { Fault } from '../../support/broken';
import { errorResponse } from '../../support/faults';
import { path } from '../../support/resource-fault-helpers';
import type { FaultTable } from '../../support/self-test';

function refuse(route: string, status: number, code: string): () => Fault {
  return () => ({
    description: `POST ${route} answers ${status} ${code} to every body`,
    request: (req) =>
      req.method === 'POST' && path(req) === route ? errorResponse(status, code, 'refused') : undefined,
  });
}

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'required.propertyCreateAnswers201': [
    { fault: refuse('/properties', 400, 'VALIDATION_ERROR') },
    { fault: refuse('/properties', 500, 'SERVER_ERROR') },
  ],
  'required.contractCreateAnswers201': [{ fault: refuse('/contracts', 400, 'VALIDATION_ERROR') }],
  'required.rentCreateAnswers201': [{ fault: refuse('/rent', 400, 'VALIDATION_ERROR') }],
};
