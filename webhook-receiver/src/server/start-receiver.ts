import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { systemClock, type Clock } from '../store/clock';
import type { FailureScript, FailureScriptInput } from '../store/failure-scripts';
import { ReceiverStore } from '../store/receiver-store';
import { MIN_DEDUPE_TTL_MS } from '../store/seen-ids';
import { ADMIN_PREFIX } from './admin-api';
import { handleAdminRequest, type AdminGateOptions } from './admin-gate';
import { LiveSessions } from './live-session';
import { handleDelivery } from './handle-delivery';
import { sendError } from './json-response';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface ReceiverOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** The signing secret; or `secrets` to accept several during a rotation. */
  readonly secret?: string;
  readonly secrets?: readonly string[];
  /** How long a processed id is answered as a duplicate. Default 24 hours (the spec's minimum). */
  readonly dedupeTtlMs?: number;
  /** Drives receivedAt, retry spacing and the de-duplication window. Default: the system clock. */
  readonly clock?: Clock;
  /** Bodies above this answer 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * When set, every admin request needs `Authorization: Bearer <adminToken>` (401 otherwise). When not set, the
   * admin API answers only connections that arrived over loopback (403 otherwise). Deliveries are never gated.
   */
  readonly adminToken?: string;
}

export interface RunningReceiver {
  /** Where to send deliveries (any path outside /_receiver works). */
  readonly url: string;
  /** Base of the admin API, `${url}/_receiver`. */
  readonly adminUrl: string;
  readonly host: string;
  readonly port: number;
  readonly store: ReceiverStore;
  /** Whether the admin API needs a bearer token (true) or answers loopback connections only (false). */
  readonly adminTokenRequired: boolean;
  /** Same as `POST /_receiver/scripts`; throws ScriptValidationError on bad input. */
  script(input: FailureScriptInput): FailureScript;
  /** Same as `POST /_receiver/secrets`: accept one more signing secret; returns the id to remove it by. */
  addSecret(secret: string): string;
  /** Same as `DELETE /_receiver/secrets/:id`; start-up secrets cannot be removed. */
  removeSecret(id: string): boolean;
  /** Stops listening, drops held connections and cancels pending timers. */
  close(): Promise<void>;
}

/** Starts the mock webhook receiver: verify, check, de-duplicate, record, answer. */
export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const secrets = [...(options.secrets ?? []), ...(options.secret !== undefined ? [options.secret] : [])];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s === '')) {
    throw new TypeError('startReceiver needs a non-empty secret (or secrets)');
  }
  if (options.adminToken !== undefined && (typeof options.adminToken !== 'string' || options.adminToken === '')) {
    throw new TypeError('startReceiver: adminToken must be a non-empty string when given');
  }
  const clock = options.clock ?? systemClock;
  const store = new ReceiverStore(clock, options.dedupeTtlMs ?? MIN_DEDUPE_TTL_MS, secrets);
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const deliveryContext = {
    secrets: store.secrets.all(),
    store,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    now: () => clock.now(),
    later,
  };

  let deliveryUrl = '';
  const gate: AdminGateOptions = {
    adminToken: options.adminToken,
    store,
    sessions: new LiveSessions(() => clock.now()),
    deliveryUrl: () => deliveryUrl,
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) return handleAdminRequest(req, res, gate);
    if (req.method !== 'POST')
      return sendError(res, 405, 'METHOD_NOT_ALLOWED', 'deliveries are POSTed', { Allow: 'POST' });
    return handleDelivery(req, res, deliveryContext);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        sendError(res, 500, 'SERVER_ERROR', err instanceof Error ? err.message : 'unexpected error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl =
    address.family === 'IPv6' || address.address.includes(':') ? `[${address.address}]` : address.address;
  const url = `http://${hostForUrl}:${address.port}`;
  deliveryUrl = url;

  return {
    url,
    adminUrl: `${url}${ADMIN_PREFIX}`,
    host: address.address,
    port: address.port,
    store,
    adminTokenRequired: options.adminToken !== undefined,
    script: (input) => store.scripts.add(input),
    addSecret: (secret) => store.secrets.add(secret),
    removeSecret: (id) => store.secrets.remove(id),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
