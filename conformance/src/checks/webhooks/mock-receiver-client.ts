// The target's webhook receiver, read and scripted through its admin API (the mock receiver of webhook-receiver/,
// `receiverAdminUrl`): what arrived, failure scripts, and the subscription secrets it must verify with. Waiting
// for deliveries polls on the framework's clock and signal, with a bound, never a fixed sleep.

import type { HttpResponse } from '../../http/client';
import type { CheckContext } from '../../runner/check';
import { describeResponse } from '../../runner/describe';
import { isRecord, type Json } from '../shared/util';

/** One request that reached the receiver (webhook-receiver's DeliveryAttempt, as its admin API returns it). */
export interface Attempt {
  readonly seq: number;
  readonly receivedAt: string;
  readonly method: string;
  /** Path and query as received: the query names the subscription (see subscriptionUrl). */
  readonly path: string;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly rawBody: string;
  readonly envelope: Json | null;
  readonly id: string | null;
  readonly event: string | null;
  readonly landlordId: string | null;
  readonly test: boolean;
  readonly verified: boolean;
  readonly attempt: number | null;
  readonly sincePreviousAttemptMs: number | null;
  readonly outcome: string;
  readonly status: number | null;
  readonly senderClosedEarly: boolean;
  /** When the sender hung up before the answer (absent from receivers older than this field). */
  readonly closedAt?: string | null;
}

/** How often the receiver is polled while waiting for a delivery. */
export const POLL_MS = 250;
/** How long a delivery the deployment must send may take to arrive (it is asynchronous, not instant). */
export const ARRIVAL_MS = 20_000;

/** The query parameter that tells the deliveries of one subscription apart (every subscription gets its own value). */
export const SUBSCRIPTION_PARAM = 'conformance_subscription';

/** The receiver URL for one subscription: the target's receiverUrl with a parameter naming the subscription. */
export function subscriptionUrl(receiverUrl: string, tag: string): string {
  const url = new URL(receiverUrl);
  url.searchParams.set(SUBSCRIPTION_PARAM, tag);
  return url.toString();
}

/** The subscription tag of an attempt (from its path), if any. */
export function tagOf(attempt: Attempt): string | undefined {
  try {
    return new URL(attempt.path, 'http://receiver.invalid').searchParams.get(SUBSCRIPTION_PARAM) ?? undefined;
  } catch {
    return undefined;
  }
}

function isAttempt(value: unknown): value is Attempt {
  return (
    isRecord(value) && typeof value.seq === 'number' && typeof value.rawBody === 'string' && isRecord(value.headers)
  );
}

export class MockReceiverClient {
  constructor(private readonly ctx: CheckContext) {}

  private get adminUrl(): string {
    const hooks = this.ctx.target.webhooks;
    if (!hooks) this.ctx.skip('needs a webhook receiver: the target has no "webhooks" section');
    return hooks.receiverAdminUrl;
  }

  private request(method: string, path: string, json?: unknown): Promise<HttpResponse> {
    const token = this.ctx.target.webhooks?.receiverAdminToken;
    return this.ctx.http.request({
      method,
      url: `${this.adminUrl}${path}`,
      auth: 'none',
      ...(token !== undefined ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(json !== undefined ? { json } : {}),
    });
  }

  /** Every attempt of a landlord (oldest first). */
  async deliveries(landlordId: string): Promise<Attempt[]> {
    const res = await this.request('GET', `/deliveries?landlordId=${encodeURIComponent(landlordId)}`);
    if (res.status !== 200 || !isRecord(res.json) || !Array.isArray(res.json.data)) {
      this.ctx.fail(
        'the receiver admin API to list deliveries (GET /deliveries → 200 { data: [...] })',
        describeResponse(res),
        res.exchange,
      );
    }
    return (res.json.data as unknown[]).filter(isAttempt);
  }

  /**
   * The receiver must verify deliveries signed with a subscription's secret, which the deployment's dashboard
   * generates and shows once: hand it over (removed again in cleanup). A receiver that cannot learn secrets
   * (an older mock receiver) answers every such delivery 401, so the check is skipped.
   */
  async acceptSecret(secret: string): Promise<void> {
    const res = await this.request('POST', '/secrets', { secret });
    if (res.status === 404 || res.status === 405) {
      this.ctx.skip(
        `the webhook receiver cannot learn the secrets of new subscriptions (POST ${this.adminUrl}/secrets answered ${res.status}); run the mock receiver of webhook-receiver/`,
      );
    }
    const id = isRecord(res.json) && isRecord(res.json.data) ? res.json.data.id : undefined;
    if (res.status !== 201 || typeof id !== 'string')
      this.ctx.fail(
        'the receiver to accept a subscription secret (POST /secrets → 201 { data: { id } })',
        describeResponse(res),
        res.exchange,
      );
    this.ctx.cleanup(() => this.request('DELETE', `/secrets/${encodeURIComponent(id)}`));
  }

  /**
   * Adds a failure script (removed again in cleanup); returns its id. Scoped to the check's own landlord: checks
   * run side by side on one receiver, and an unscoped script would fail (or spend its failures on) another check's
   * deliveries of the same event type.
   */
  async script(input: {
    readonly match: { readonly landlordId: string; readonly event?: string; readonly id?: string };
    readonly failFirst: number;
    readonly mode: 'status' | 'timeout' | 'slow';
    readonly status?: number;
    readonly delayMs?: number;
  }): Promise<string> {
    const res = await this.request('POST', '/scripts', input);
    const id = isRecord(res.json) && isRecord(res.json.data) ? res.json.data.scriptId : undefined;
    if (res.status !== 201 || typeof id !== 'string')
      this.ctx.fail(
        'the receiver to take a failure script (POST /scripts → 201 { data: { scriptId } })',
        describeResponse(res),
        res.exchange,
      );
    this.ctx.cleanup(() => this.request('DELETE', `/scripts/${encodeURIComponent(id)}`));
    return id;
  }

  /** Removes a script before cleanup (a check that scripts one answer after another for the same event type). */
  async removeScript(scriptId: string): Promise<void> {
    const res = await this.request('DELETE', `/scripts/${encodeURIComponent(scriptId)}`);
    if (res.status !== 204 && res.status !== 200)
      this.ctx.fail(
        `the receiver to remove failure script ${scriptId} (DELETE /scripts/{id} → 204)`,
        describeResponse(res),
        res.exchange,
      );
  }

  /**
   * Polls the landlord's attempts until `pick` returns a value or `timeoutMs` passes on the framework clock;
   * returns the value (undefined on time-out) and the last attempts read.
   */
  async waitFor<T>(
    landlordId: string,
    pick: (attempts: readonly Attempt[]) => T | undefined,
    timeoutMs: number = ARRIVAL_MS,
  ): Promise<{ value: T | undefined; attempts: Attempt[] }> {
    const deadline = this.ctx.clock.now() + timeoutMs;
    for (;;) {
      const attempts = await this.deliveries(landlordId);
      const value = pick(attempts);
      if (value !== undefined) return { value, attempts };
      const left = deadline - this.ctx.clock.now();
      if (left <= 0 || this.ctx.signal.aborted) return { value: undefined, attempts };
      await this.ctx.sleep(Math.min(POLL_MS, left));
    }
  }
}

/** Short description of attempts for failure messages. */
export function describeAttempts(attempts: readonly Attempt[], limit = 8): string {
  if (attempts.length === 0) return 'no delivery';
  const shown = attempts
    .slice(-limit)
    .map(
      (a) =>
        `#${a.seq} ${a.event ?? '?'} ${a.id ?? '?'} attempt ${a.attempt ?? '?'} → ${a.status ?? a.outcome}${a.senderClosedEarly ? ' (sender hung up)' : ''}`,
    );
  return `${attempts.length} attempt(s): ${shown.join('; ')}${attempts.length > limit ? ' …' : ''}`;
}
