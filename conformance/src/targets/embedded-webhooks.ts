// The webhook side of an embedded run: the mock receiver of webhook-receiver/ runs in the suite's own process
// (on 127.0.0.1, a free port), and the reference server child is started with short retry delays, a short call
// timeout and a frequent scheduler, so the webhook checks (retries, timeouts, the plan gate on scheduled events) run
// in the quick profile. The settings the server really uses are declared in the target's `webhooks` section, which
// the checks read.

import { randomBytes } from 'node:crypto';
import { startReceiver } from '@ppapi/webhook-receiver';
import type { WebhooksConfig } from './types';

/** Retry delays of the embedded reference server (WEBHOOK_RETRY_DELAYS), unless the environment sets its own. */
export const EMBEDDED_RETRY_DELAYS_SECONDS: readonly number[] = [2, 4];
/**
 * Per-call delivery timeout of the embedded reference server (WEBHOOK_TIMEOUT_MS), unless the environment sets its
 * own: short enough for the timeout check to run in the quick profile, longer than the 4 s for which the
 * delivery-state check holds an attempt before dropping it (that one must end in a network error, not a timeout).
 */
export const EMBEDDED_TIMEOUT_SECONDS = 6;
/** Scheduler period of the embedded reference server (WEBHOOK_SCHEDULER_INTERVAL_MS), unless the environment sets its own. */
export const EMBEDDED_SCHEDULER_INTERVAL_SECONDS = 2;

export interface EmbeddedReceiver {
  /** The target's `webhooks` section for this receiver and the server's settings. */
  readonly webhooks: WebhooksConfig;
  /** Environment for the reference server child (WEBHOOK_RETRY_DELAYS, WEBHOOK_TIMEOUT_MS, WEBHOOK_SCHEDULER_INTERVAL_MS). */
  readonly env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export interface EmbeddedReceiverOptions {
  readonly host?: string;
  /** Where WEBHOOK_RETRY_DELAYS / WEBHOOK_TIMEOUT_MS / WEBHOOK_SCHEDULER_INTERVAL_MS may already be set (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

function parseDelays(value: string | undefined): number[] | undefined {
  if (value === undefined || !/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/.test(value.trim())) return undefined;
  const delays = value.trim().split(',').map(Number);
  return delays.every((d) => d > 0) ? delays : undefined;
}

/** Starts the mock receiver and says how to start the reference server so that it fits the declared settings. */
export async function startEmbeddedReceiver(options: EmbeddedReceiverOptions = {}): Promise<EmbeddedReceiver> {
  const env = options.env ?? process.env;
  let closing: Promise<void> | undefined;
  const secret = `whsec_embedded_${randomBytes(16).toString('hex')}`;
  const receiver = await startReceiver({ secret, host: options.host ?? '127.0.0.1', port: 0 });
  // An operator's own WEBHOOK_RETRY_DELAYS (or timeout, or scheduler period) wins; the target then declares that.
  const delays = parseDelays(env.WEBHOOK_RETRY_DELAYS) ?? [...EMBEDDED_RETRY_DELAYS_SECONDS];
  const ownTimeout = Number(env.WEBHOOK_TIMEOUT_MS);
  const timeoutMs =
    Number.isInteger(ownTimeout) && ownTimeout >= 1 && ownTimeout <= 60_000
      ? ownTimeout
      : EMBEDDED_TIMEOUT_SECONDS * 1000;
  const ownInterval = Number(env.WEBHOOK_SCHEDULER_INTERVAL_MS);
  const intervalMs =
    Number.isInteger(ownInterval) && ownInterval >= 1000 ? ownInterval : EMBEDDED_SCHEDULER_INTERVAL_SECONDS * 1000;
  return {
    webhooks: {
      receiverUrl: `${receiver.url}/webhooks`,
      receiverAdminUrl: receiver.adminUrl,
      secret,
      retryDelaysSeconds: delays,
      timeoutSeconds: timeoutMs / 1000,
      schedulerIntervalSeconds: intervalMs / 1000,
    },
    env: {
      WEBHOOK_RETRY_DELAYS: delays.join(','),
      WEBHOOK_TIMEOUT_MS: String(timeoutMs),
      WEBHOOK_SCHEDULER_INTERVAL_MS: String(intervalMs),
    },
    // Idempotent: the CLI stops on SIGINT and again at the end of the run.
    stop: () => (closing ??= receiver.close()),
  };
}
