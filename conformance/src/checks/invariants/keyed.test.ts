// The mode a request implies (keyed.ts): what serviceModeSaysTheModeTheRequestImplies holds each answer to. The
// statuses that examine no issued key imply nothing; every other answer to a prefixed key implies its mode.
import type { RecordedExchange } from '../../model';
import { matchRoute } from '../../spec-routes';
import { impliedMode } from './keyed';

const SANDBOX = 'svc_sandbox_abcdefghijklmnopqrstuvwxyz012345';
const LIVE = 'svc_live_abcdefghijklmnopqrstuvwxyz0123456789';

function answer(method: string, path: string, key: string, status: number): RecordedExchange {
  return {
    request: {
      method,
      url: `http://deployment.test/api/public/v1${path}`,
      headers: { authorization: `Bearer ${key}` },
    },
    response: { status, headers: {}, body: '' },
    durationMs: 1,
  };
}

describe('impliedMode', () => {
  const removed = '/maintenance/b5554a50-0fe2-49d4-8cf1-3341cf990725';
  const property = '/properties/b5554a50-0fe2-49d4-8cf1-3341cf990725';

  it('a 410 from a removed route implies no mode, as a 401 does: neither need examine the key', () => {
    expect(impliedMode(answer('PATCH', removed, SANDBOX, 410), matchRoute('PATCH', removed))).toBeUndefined();
    expect(impliedMode(answer('GET', property, SANDBOX, 401), matchRoute('GET', property))).toBeUndefined();
  });

  it('an answer to a request outside the spec routes implies no mode: the key need not be examined', () => {
    for (const [method, path] of [
      ['POST', '/no-such-resource'],
      ['PUT', property],
    ] as const) {
      expect(matchRoute(method, path)).toBeUndefined();
      for (const status of [404, 405, 501]) {
        expect(impliedMode(answer(method, path, SANDBOX, status), undefined)).toBeUndefined();
        expect(impliedMode(answer(method, path, LIVE, status), undefined)).toBeUndefined();
      }
    }
  });

  it.each([200, 400, 403, 404, 409, 429])('a %i answer to a prefixed key implies its mode', (status) => {
    expect(impliedMode(answer('GET', property, SANDBOX, status), matchRoute('GET', property))).toBe('sandbox');
    expect(impliedMode(answer('GET', property, LIVE, status), matchRoute('GET', property))).toBe('live');
  });
});
