// X-Service-Mode (Authentication rule 3) and the sandbox switch (rule 2; Rent rule 1: "sandbox key or
// X-Service-Mode: sandbox"). Decided once per request, from the request alone, so errors carry it too.
import type { Request } from '@hapi/hapi';
import { apiCredentials, headersOf } from '../auth/credentials';
import { keyModeOf, presentedKey } from '../auth/keys';

export type ServiceMode = 'live' | 'sandbox';

export function serviceModeOf(request: Request): ServiceMode {
  const api = apiCredentials(request);
  if (api?.keyMode === 'sandbox') return 'sandbox';
  const header = request.headers['x-service-mode'];
  if (typeof header === 'string' && header.trim().toLowerCase() === 'sandbox') return 'sandbox';
  if (!api) {
    const presented = presentedKey(headersOf(request));
    if ('key' in presented && keyModeOf(presented.key) === 'sandbox') return 'sandbox';
  }
  return 'live';
}
