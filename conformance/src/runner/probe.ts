// Before running anything: does the target answer at all? Any HTTP status counts (401 is fine); no answer
// means the suite cannot run (exit 2) rather than 300 failed checks.

import { randomUUID } from 'node:crypto';
import { createHttpClient, TransportError } from '../http/client';
import { createProvisioningClient } from '../provisioning/client';
import type { Target } from '../targets/types';
import { CannotRunError } from './outcomes';

export async function probeTarget(
  target: Target,
  options: { readonly timeoutMs?: number; readonly fetch?: typeof fetch } = {},
): Promise<void> {
  const client = createHttpClient({
    baseUrl: target.baseUrl,
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch,
  });
  try {
    await client.request({ method: 'GET', path: '/properties' });
  } catch (error) {
    const reason = error instanceof TransportError ? (error.exchange.error ?? error.message) : String(error);
    throw new CannotRunError(`target unreachable: GET ${target.baseUrl}/properties: ${reason}`);
  }
}

/**
 * A target with provisioning: does the contract answer, and take the token? Reads an unknown landlord
 * (getLandlord): 404 is the expected answer. 401/403 (a wrong token) or no answer stops the run (exit 2) rather
 * than skipping or failing a third of the suite for a typo in the target file.
 */
export async function probeProvisioning(
  target: Target,
  options: { readonly timeoutMs?: number; readonly fetch?: typeof fetch } = {},
): Promise<void> {
  const config = target.provisioning;
  if (!config) return;
  const where = 'url' in config ? config.url : `command ${config.command.join(' ')}`;
  const client = createProvisioningClient(config, { timeoutMs: options.timeoutMs ?? 10_000, fetch: options.fetch });
  const path = `/landlords/${randomUUID()}`;
  let status: number;
  try {
    status = (await client.request({ method: 'GET', path })).status;
  } catch (error) {
    const reason =
      error instanceof TransportError
        ? (error.exchange.error ?? error.message)
        : error instanceof Error
          ? error.message
          : String(error);
    throw new CannotRunError(`provisioning unreachable: GET ${path} at ${where}: ${reason}`);
  }
  if (status === 401 || status === 403) {
    throw new CannotRunError(
      `provisioning refused the token: GET ${path} at ${where} answered ${status}; check provisioning.token (for the reference server: its ADMIN_TOKEN)`,
    );
  }
  if (status !== 404 && status !== 200) {
    throw new CannotRunError(
      `provisioning at ${where} does not look like the provisioning contract: GET ${path} (an unknown landlord) answered ${status}, expected 404`,
    );
  }
}
