// The reference server for the check self-tests: started as a CHILD PROCESS (never imported: the suite judges it
// from outside, like any deployment), on a free port with a fresh ADMIN_TOKEN, once per test file. Its target is
// fixtures/reference-target.json aimed at it, with the dashboard section.

import { join, resolve } from 'node:path';
import { isolateServices } from './isolation';
import { embeddedTarget, startEmbeddedReference, type EmbeddedServer, type Target } from '../../src/targets';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const FIXTURE_TARGET = join(REPO_ROOT, 'fixtures', 'reference-target.json');

export interface ReferenceDeployment {
  readonly origin: string;
  readonly adminToken: string;
  /** The fixture target aimed at this server (fixture keys, dashboard, default pacing). */
  readonly target: Target;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** REQUIRE_HTTPS=1 and `production: true` in the target (plain HTTP answers 403 HTTPS_REQUIRED; so does the dashboard). */
  readonly production?: boolean;
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The per-landlord invoice limits (20 and 10 a minute) are raised through the server's LANDLORD_LIMITS knob: the
 * self-tests run the same checks many times a minute, and none of the platform checks measures those limits.
 */
const TEST_ENV: Readonly<Record<string, string>> = {
  LOG_LEVEL: 'silent',
  LANDLORD_LIMITS: 'public_api.rent_invoice_pdf=100000,public_api.rent_invoice_email=100000',
};

export async function startReferenceServer(options: StartOptions = {}): Promise<ReferenceDeployment> {
  const isolated = await isolateServices();
  let server: EmbeddedServer;
  try {
    server = await startEmbeddedReference({
      root: REPO_ROOT,
      startTimeoutMs: 180_000,
      env: { ...TEST_ENV, ...isolated.env, ...(options.production ? { REQUIRE_HTTPS: '1' } : {}), ...options.env },
    });
  } catch (error) {
    await isolated.release();
    throw error;
  }
  const stop = async (): Promise<void> => {
    await server.stop();
    await isolated.release();
  };
  try {
    const { target } = embeddedTarget(FIXTURE_TARGET, server);
    return {
      origin: server.origin,
      adminToken: server.adminToken,
      target: options.production ? { ...target, production: true } : target,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
