// Before running anything: does the target answer at all? Any HTTP status counts (401 is fine); no answer
// means the suite cannot run (exit 2) rather than 300 failed checks.

import { createHttpClient, TransportError } from '../http/client';
import type { Target } from '../targets/types';
import { CannotRunError } from './outcomes';

export async function probeTarget(target: Target, options: { readonly timeoutMs?: number; readonly fetch?: typeof fetch } = {}): Promise<void> {
  const client = createHttpClient({ baseUrl: target.baseUrl, timeoutMs: options.timeoutMs ?? 10_000, fetch: options.fetch });
  try {
    await client.request({ method: 'GET', path: '/properties' });
  } catch (error) {
    const reason = error instanceof TransportError ? (error.exchange.error ?? error.message) : String(error);
    throw new CannotRunError(`target unreachable: GET ${target.baseUrl}/properties: ${reason}`);
  }
}
