// Webhook deliveries as the dashboard sees them: a test delivery of a chosen type, a subscription's delivery
// history (every attempt with response code and latency), one delivery with its payload, and a retry by hand of a
// permanently failed one. The JSON admin API (webhook-routes.ts) and the web dashboard (web/) both call these.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { apiError, notFound } from '../platform/errors/api-error';
import { offsetOf, type PageRequest } from '../platform/http/pagination';
import type { Clock } from '../platform/clock';
import { localDate } from '../platform/time/dates';
import { sampleEventData } from '../webhooks/catalogue/samples';
import {
  attemptsOf,
  findDelivery,
  insertDeliveries,
  listForSubscription,
  requestManualRetry,
  type AttemptRow,
  type DeliveryRow,
  type DeliveryStatus,
} from '../webhooks/delivery/repository';
import { buildEnvelope, eventIdOf, serialiseEnvelope } from '../webhooks/envelope';
import type { EventType } from '../webhooks/event-types';
import { signalWebhookWork } from '../webhooks/outbox/signal';

export const STATUSES: readonly DeliveryStatus[] = ['pending', 'retry_scheduled', 'succeeded', 'permanently_failed'];
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export const presentAttempt = (a: AttemptRow) => ({
  attempt: a.attempt_number,
  trigger: a.trigger,
  attemptedAt: iso(a.attempted_at),
  statusCode: a.status_code,
  latencyMs: a.latency_ms,
  error: a.error,
  succeeded: a.succeeded,
});

export const presentDelivery = (d: DeliveryRow, attempts: readonly AttemptRow[]) => ({
  id: d.id,
  subscriptionId: d.subscription_id,
  landlordId: d.landlord_id,
  eventId: eventIdOf(d.event_id),
  event: d.event_type,
  test: d.test,
  status: d.status,
  attemptCount: d.attempt_count,
  maxAttempts: d.max_attempts,
  nextAttemptAt: iso(d.next_attempt_at),
  lastStatusCode: d.last_status_code,
  lastError: d.last_error,
  createdAt: iso(d.created_at),
  completedAt: iso(d.completed_at),
  attempts: attempts.map(presentAttempt),
});

interface SubscriptionRow {
  id: string;
  landlord_id: string;
  events: string[];
  deleted_at: Date | null;
}

export async function findSubscription(
  knex: Knex,
  id: string,
  { includeDeleted }: { includeDeleted: boolean },
): Promise<SubscriptionRow> {
  const row: SubscriptionRow | undefined = await knex<SubscriptionRow>('webhook_subscriptions')
    .where({ id })
    .first('id', 'landlord_id', 'events', 'deleted_at');
  if (!row || (!includeDeleted && row.deleted_at !== null)) throw notFound('Webhook subscription');
  return row;
}

export async function deliveryView(knex: Knex, id: string) {
  const row = await findDelivery(knex, id);
  if (!row) throw notFound('Delivery');
  return presentDelivery(row, (await attemptsOf(knex, [id])).get(id) ?? []);
}

/** Queues a test delivery (`test: true`, one attempt, retryable by hand) of `requested`, or of the first type. */
export async function sendTestDelivery(
  deps: { readonly knex: Knex; readonly clock: Clock },
  subscriptionId: string,
  requested: EventType | undefined,
) {
  const { knex, clock } = deps;
  const subscription = await findSubscription(knex, subscriptionId, { includeDeleted: false });
  const type = (requested ?? subscription.events[0]) as EventType;
  if (!subscription.events.includes(type))
    throw apiError('VALIDATION_ERROR', `"event" must be one of the subscription's event types`);
  const landlord = await knex<{ id: string; timezone: string }>('landlords')
    .where({ id: subscription.landlord_id })
    .first('timezone');
  if (!landlord) throw notFound('Landlord');
  const now = clock.now();
  const eventUuid = randomUUID();
  const body = serialiseEnvelope(
    buildEnvelope({
      eventUuid,
      type,
      createdAt: now,
      landlordId: subscription.landlord_id,
      data: sampleEventData(type, localDate(clock, landlord.timezone), now),
      test: true,
    }),
  );
  // A test delivery is one attempt (no automatic retries); it can be retried by hand like any other.
  const [id] = await insertDeliveries(
    knex,
    [
      {
        landlord_id: subscription.landlord_id,
        subscription_id: subscription.id,
        event_id: eventUuid,
        event_type: type,
        test: true,
        body,
        max_attempts: 1,
      },
    ],
    now,
  );
  signalWebhookWork();
  return deliveryView(knex, id);
}

export type DeliveryQuery = PageRequest & { status?: DeliveryStatus; event?: EventType };

/** A subscription's deliveries, newest first; still readable after the subscription is deleted. */
export async function deliveryHistory(knex: Knex, subscriptionId: string, query: DeliveryQuery) {
  const subscription = await findSubscription(knex, subscriptionId, { includeDeleted: true });
  const { rows, total } = await listForSubscription(knex, subscription.id, query, {
    offset: offsetOf(query),
    limit: query.limit,
  });
  const attempts = await attemptsOf(
    knex,
    rows.map((r) => r.id),
  );
  return { deliveries: rows.map((r) => presentDelivery(r, attempts.get(r.id) ?? [])), total };
}

/** Retries a permanently failed delivery by hand; 409 CONFLICT for any other state. */
export async function retryDelivery(deps: { readonly knex: Knex; readonly clock: Clock }, id: string) {
  const { knex, clock } = deps;
  const existing = await findDelivery(knex, id);
  if (!existing) throw notFound('Delivery');
  if (!(await requestManualRetry(knex, id, clock.now()))) {
    throw apiError('CONFLICT', `Only a permanently failed delivery can be retried; this one is ${existing.status}`);
  }
  signalWebhookWork();
  return deliveryView(knex, id);
}

/** The exact body sent (and signed) for a delivery. */
export async function deliveryPayload(knex: Knex, id: string): Promise<string> {
  const row = await findDelivery(knex, id);
  if (!row) throw notFound('Delivery');
  return row.body;
}
