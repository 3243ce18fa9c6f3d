// Dashboard routes for webhook deliveries (admin token, under /dashboard/api): send a test delivery, read a
// subscription's delivery history (attempts with response code and latency), read one delivery, and retry a
// permanently failed one by hand. Subscriptions themselves are created, listed and deleted in routes.ts.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import Joi from 'joi';
import { apiError, notFound } from '../platform/errors/api-error';
import { listMeta, offsetOf, paginationQuery, type PageRequest } from '../platform/http/pagination';
import { route, type IdParams, type TypedRoute } from '../platform/http/routes';
import { dataEnvelope, idParams, listEnvelope, uuid } from '../platform/http/schemas';
import { localDate } from '../platform/time/dates';
import { depsOf } from '../platform/app-context';
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
import { EVENT_TYPES, type EventType } from '../webhooks/event-types';
import { signalWebhookWork } from '../webhooks/outbox/signal';

const STATUSES: readonly DeliveryStatus[] = ['pending', 'retry_scheduled', 'succeeded', 'permanently_failed'];
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

const timestamp = Joi.string().isoDate();
const attemptSchema = Joi.object({
  attempt: Joi.number().integer().min(1).required(),
  trigger: Joi.string().valid('automatic', 'manual').required(),
  attemptedAt: timestamp.required(),
  statusCode: Joi.number().integer().allow(null).required(),
  latencyMs: Joi.number().integer().min(0).required(),
  error: Joi.string().allow(null).required(),
  succeeded: Joi.boolean().required(),
}).label('DeliveryAttempt');
const deliverySchema = Joi.object({
  id: uuid.required(),
  subscriptionId: uuid.required(),
  landlordId: uuid.required(),
  eventId: Joi.string()
    .pattern(/^evt_[0-9a-f-]{36}$/)
    .required(),
  event: Joi.string()
    .valid(...EVENT_TYPES)
    .required(),
  test: Joi.boolean().required(),
  status: Joi.string()
    .valid(...STATUSES)
    .required(),
  attemptCount: Joi.number().integer().min(0).required(),
  maxAttempts: Joi.number().integer().min(1).required(),
  nextAttemptAt: timestamp.allow(null).required(),
  lastStatusCode: Joi.number().integer().allow(null).required(),
  lastError: Joi.string().allow(null).required(),
  createdAt: timestamp.required(),
  completedAt: timestamp.allow(null).required(),
  attempts: Joi.array().items(attemptSchema).required(),
}).label('Delivery');

interface SubscriptionRow {
  id: string;
  landlord_id: string;
  events: string[];
  deleted_at: Date | null;
}

async function findSubscription(
  knex: Knex,
  id: string,
  { includeDeleted }: { includeDeleted: boolean },
): Promise<SubscriptionRow> {
  const row = await knex('webhook_subscriptions')
    .where({ id })
    .first<SubscriptionRow | undefined>('id', 'landlord_id', 'events', 'deleted_at');
  if (!row || (!includeDeleted && row.deleted_at !== null)) throw notFound('Webhook subscription');
  return row;
}

async function deliveryView(knex: Knex, id: string) {
  const row = await findDelivery(knex, id);
  if (!row) throw notFound('Delivery');
  return presentDelivery(row, (await attemptsOf(knex, [id])).get(id) ?? []);
}

type DeliveryQuery = PageRequest & { status?: DeliveryStatus; event?: EventType };

export const webhookDashboardRoutes: TypedRoute[] = [
  route<{ Params: IdParams; Payload: { event?: EventType } | null }>({
    method: 'POST',
    path: '/webhooks/{id}/test',
    options: {
      validate: { params: idParams, payload: Joi.object({ event: Joi.string().valid(...EVENT_TYPES) }).allow(null) },
      response: { status: { 202: dataEnvelope(deliverySchema, 'DeliveryResponse') } },
    },
    handler: async (request, h) => {
      const { knex, clock } = depsOf(request);
      const subscription = await findSubscription(knex, request.params.id, { includeDeleted: false });
      const requested = request.payload?.event;
      const type = (requested ?? subscription.events[0]) as EventType;
      if (!subscription.events.includes(type))
        throw apiError('VALIDATION_ERROR', `"event" must be one of the subscription's event types`);
      const landlord = await knex('landlords').where({ id: subscription.landlord_id }).first<{
        timezone: string;
      }>('timezone');
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
      return h.response({ data: await deliveryView(knex, id) }).code(202);
    },
  }),
  route<{ Params: IdParams; Query: DeliveryQuery }>({
    method: 'GET',
    path: '/webhooks/{id}/deliveries',
    options: {
      validate: {
        params: idParams,
        query: Joi.object({
          ...paginationQuery,
          status: Joi.string().valid(...STATUSES),
          event: Joi.string().valid(...EVENT_TYPES),
        }),
      },
      response: { status: { 200: listEnvelope(deliverySchema, 'DeliveryList') } },
    },
    handler: async (request) => {
      const { knex } = depsOf(request);
      // History stays readable after the subscription is deleted.
      const subscription = await findSubscription(knex, request.params.id, { includeDeleted: true });
      const { query } = request;
      const { rows, total } = await listForSubscription(knex, subscription.id, query, {
        offset: offsetOf(query),
        limit: query.limit,
      });
      const attempts = await attemptsOf(
        knex,
        rows.map((r) => r.id),
      );
      return { data: rows.map((r) => presentDelivery(r, attempts.get(r.id) ?? [])), meta: listMeta(query, total) };
    },
  }),
  route<{ Params: IdParams }>({
    method: 'GET',
    path: '/deliveries/{id}',
    options: {
      validate: { params: idParams },
      response: { status: { 200: dataEnvelope(deliverySchema, 'DeliveryResponse') } },
    },
    handler: async (request) => ({ data: await deliveryView(depsOf(request).knex, request.params.id) }),
  }),
  route<{ Params: IdParams }>({
    method: 'POST',
    path: '/deliveries/{id}/retry',
    options: {
      validate: { params: idParams },
      response: { status: { 202: dataEnvelope(deliverySchema, 'DeliveryResponse') } },
    },
    handler: async (request, h) => {
      const { knex, clock } = depsOf(request);
      const { id } = request.params;
      const existing = await findDelivery(knex, id);
      if (!existing) throw notFound('Delivery');
      if (!(await requestManualRetry(knex, id, clock.now()))) {
        throw apiError('CONFLICT', `Only a permanently failed delivery can be retried; this one is ${existing.status}`);
      }
      signalWebhookWork();
      return h.response({ data: await deliveryView(knex, id) }).code(202);
    },
  }),
];
