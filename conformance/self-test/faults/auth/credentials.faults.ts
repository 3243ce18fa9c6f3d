// The faults of the checks in credentials.ts: each must make its check FAIL (a broken deployment per fault).
import { allRoleKeys } from '../../../src/targets/roles';
import { codeOf, errorResponse, keyOf, mapJson, swapKey, withKey } from '../../support/faults';
import { live, key } from '../../support/platform-fault-helpers';
import type { FaultTable } from '../../support/self-test';

/** Run against the shared reference server (raised rate limits). */
export const faults: FaultTable = {
  // ---- Authentication ----------------------------------------------------------------------------------
  'auth.bearerAndXApiKeyBothAuthenticate': [
    {
      fault: () => ({
        description: 'x-api-key is not accepted (401)',
        request: (req) =>
          req.headers['x-api-key'] !== undefined && req.headers.authorization === undefined
            ? errorResponse(401, 'UNAUTHORIZED', 'Missing API key')
            : undefined,
      }),
    },
  ],
  'auth.missingOrMalformedCredentialsAnswer401Unauthorized': [
    {
      fault: (t) => {
        const known = new Set(allRoleKeys(t).map(([, k]) => k));
        return {
          description: 'an open API: requests without a valid key are served as the live key',
          request: (req) => {
            const k = keyOf(req);
            if (k !== undefined && known.has(k)) return undefined;
            const { authorization: _a, 'x-api-key': _x, ...headers } = req.headers;
            return { ...req, headers: { ...headers, authorization: `Bearer ${live(t)}` } };
          },
        };
      },
    },
    {
      fault: () =>
        mapJson(
          '401 UNAUTHORIZED answered as 403 FORBIDDEN',
          (_q, r) => codeOf(r) === 'UNAUTHORIZED',
          (b) => [{ ...b, code: 'FORBIDDEN' }, 403],
        ),
    },
  ],
  'auth.revokedKeyAnswers401RevokedKey': [
    { fault: (t) => swapKey('the revoked key still works', key(t, 'revoked'), live(t)) },
    {
      fault: () =>
        mapJson(
          'REVOKED_KEY answered as UNAUTHORIZED',
          (_q, r) => codeOf(r) === 'REVOKED_KEY',
          (b) => ({ ...b, code: 'UNAUTHORIZED' }),
        ),
    },
  ],
  'auth.keyRevokedInDashboardAnswers401RevokedKey': [
    {
      fault: (t) => ({
        description: 'revocation is ignored (a revoked key keeps being served)',
        response: async (res, req, ctx) =>
          codeOf(res) === 'REVOKED_KEY' ? ctx.upstream(withKey(req, live(t))) : undefined,
      }),
    },
    {
      fault: () =>
        mapJson(
          'REVOKED_KEY answered as UNAUTHORIZED',
          (_q, r) => codeOf(r) === 'REVOKED_KEY',
          (b) => ({ ...b, code: 'UNAUTHORIZED' }),
        ),
    },
  ],
};
