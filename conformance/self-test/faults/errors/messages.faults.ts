// The faults of the checks in messages.ts: each must make its check FAIL (a broken deployment per fault).
import { codeOf, mapJson } from '../../support/faults';
import { Rec } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';
import { redTeamFault } from '../../red-team/deployments';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  'errors.unknownIdsAnswer404NamingResourceKind': [
    redTeamFault('not-found-message-generic-on-uploads-and-contract-patch'),
    {
      fault: () =>
        mapJson(
          '404 messages say only "Not found"',
          (_q, r) => codeOf(r) === 'NOT_FOUND',
          (b) => ({ ...b, error: 'Not found' }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'unknown ids answer 403 FORBIDDEN',
          (_q, r) => codeOf(r) === 'NOT_FOUND',
          (b) => [{ ...b, code: 'FORBIDDEN' }, 403],
        ),
    },
  ],
  'errors.validationErrorListsFirstTenIssuesWithFieldPaths': [
    {
      fault: () =>
        mapJson(
          'VALIDATION_ERROR lists the first issue only',
          (_q, r) => codeOf(r) === 'VALIDATION_ERROR',
          (b) => ({ ...b, error: String(b.error).split(';')[0] }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'VALIDATION_ERROR lists every issue (no cap at 10)',
          (_q, r) => codeOf(r) === 'VALIDATION_ERROR',
          (b, q) => {
            const sent = (JSON.parse(q.body.toString('utf8') || '{}') as Rec) ?? {};
            return {
              ...b,
              error: `Invalid request: ${Object.keys(sent)
                .map((k) => `payload.${k}: "${k}" is invalid`)
                .join('; ')}`,
            };
          },
        ),
    },
    {
      fault: () =>
        mapJson(
          'VALIDATION_ERROR without field paths',
          (_q, r) => codeOf(r) === 'VALIDATION_ERROR',
          (b) => ({ ...b, error: 'Invalid request' }),
        ),
    },
  ],
};
