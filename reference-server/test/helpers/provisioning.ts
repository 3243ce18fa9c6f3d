// A call of the provisioning contract (under /provisioning/v1) on a test server, with the admin token unless told
// otherwise (an empty token or null: no Authorization header).
import type { ServerInjectResponse } from '@hapi/hapi';
import { PROVISIONING_PREFIX } from '../../src/dashboard/provisioning';
import { ADMIN_TOKEN, type TestServer } from './server';

export const provisioningCall = (
  t: TestServer,
  method: string,
  url: string,
  payload?: object,
  token: string | null = ADMIN_TOKEN,
): Promise<ServerInjectResponse> =>
  t.inject({
    method,
    url: `${PROVISIONING_PREFIX}${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
