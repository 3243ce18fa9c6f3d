// The faults of the checks in fuzz.ts: each must make its check FAIL (a broken deployment per fault).
import { apiPath, codeOf, mapJson } from '../../support/faults';
import { STACK } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Errors -------------------------------------------------------------------------------------------
  'errors.fuzzedRequestsNeverGet5xxAndErrorsAreEnveloped': [
    {
      fault: () =>
        mapJson(
          '404 answers become 500 SERVER_ERROR',
          (_q, r) => r.status === 404,
          () => [{ error: 'Internal error', code: 'SERVER_ERROR' }, 500],
        ),
    },
    {
      fault: () =>
        mapJson(
          'error bodies carry an extra "details" member',
          (_q, r) => r.status >= 400,
          (b) => ({ ...b, details: [] }),
        ),
    },
    {
      fault: () =>
        mapJson(
          'VALIDATION_ERROR renamed to an uncatalogued INVALID_INPUT',
          (_q, r) => codeOf(r) === 'VALIDATION_ERROR',
          (b) => ({ ...b, code: 'INVALID_INPUT' }),
        ),
    },
    {
      // Neither 404 nor 405 (docs/conformance-tolerances.md, unlisted-methods-405): a method the spec does not list
      // on a path it details answers 400 VALIDATION_ERROR, a code of the table, so only the 404/405 rule catches it.
      fault: () =>
        mapJson(
          'methods the spec does not list on detailed paths answer 400 VALIDATION_ERROR instead of 404 or 405',
          (q, r) => {
            const path = apiPath(q) ?? '';
            const getOnly =
              /^\/(compliance\/summary|team|events)$|^\/properties\/[^/]+\/handbook$/.test(path) && q.method !== 'GET';
            const collection = /^\/(properties|contracts|rent)$/.test(path) && !['GET', 'POST'].includes(q.method);
            return (getOnly || collection) && r.status === 404;
          },
          () => [{ error: 'Invalid request: method', code: 'VALIDATION_ERROR' }, 400],
        ),
    },
    {
      // A UUID id leaves only 404 and 405 for an unlisted method: a server that answers 400 there is caught by the
      // fixed examples of every run (DELETE /rent/{unknown UUID}), not only when a seed happens to generate it.
      fault: () =>
        mapJson(
          'DELETE on /rent/{id} (the spec lists only PATCH) answers 400 VALIDATION_ERROR even with a valid UUID',
          (q, r) => q.method === 'DELETE' && /^\/rent\/[0-9a-f-]{36}$/.test(apiPath(q) ?? '') && r.status === 404,
          () => [{ error: 'Invalid request: method', code: 'VALIDATION_ERROR' }, 400],
        ),
    },
  ],
  'errors.serverErrorsCarryNoStackTraces': [
    {
      fault: () =>
        mapJson(
          '4xx answers become 500s leaking a stack trace',
          (_q, r) => r.status === 400 || r.status === 404,
          () => [{ error: STACK, code: 'SERVER_ERROR' }, 500],
        ),
    },
    {
      fault: () => ({
        description: '400 answers become 500 HTML pages with a stack trace',
        response: (res) =>
          res.status === 400
            ? {
                status: 500,
                headers: { 'content-type': 'text/html', 'x-service-mode': 'live' },
                body: Buffer.from('<pre>Error: boom\n    at Object.<anonymous> (/app/server.js:10:11)</pre>'),
              }
            : undefined,
      }),
    },
  ],
};
