// Dashboard routes for webhook deliveries (admin token, under /dashboard/api): send a test delivery, read a
// subscription's delivery history (attempts with response code and latency), read one delivery, and retry a
// permanently failed one by hand. Subscriptions themselves are created, listed and deleted in routes.ts; the
// work is in deliveries.ts, which the web dashboard calls too.
import Joi from 'joi';
import { listMeta, paginationQuery } from '../platform/http/pagination';
import { route, type IdParams, type TypedRoute } from '../platform/http/routes';
import { dataEnvelope, idParams, listEnvelope, uuid } from '../platform/http/schemas';
import { depsOf } from '../platform/app-context';
import { EVENT_TYPES, type EventType } from '../webhooks/event-types';
import {
  deliveryHistory,
  deliveryView,
  retryDelivery,
  sendTestDelivery,
  STATUSES,
  type DeliveryQuery,
} from './deliveries';
import { testDeliveryInput } from './inputs';

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

export const webhookDashboardRoutes: TypedRoute[] = [
  route<{ Params: IdParams; Payload: { event?: EventType } | null }>({
    method: 'POST',
    path: '/webhooks/{id}/test',
    options: {
      validate: { params: idParams, payload: testDeliveryInput },
      response: { status: { 202: dataEnvelope(deliverySchema, 'DeliveryResponse') } },
    },
    handler: async (request, h) => {
      const data = await sendTestDelivery(depsOf(request), request.params.id, request.payload?.event);
      return h.response({ data }).code(202);
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
      const { query } = request;
      const { deliveries, total } = await deliveryHistory(depsOf(request).knex, request.params.id, query);
      return { data: deliveries, meta: listMeta(query, total) };
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
      const data = await retryDelivery(depsOf(request), request.params.id);
      return h.response({ data }).code(202);
    },
  }),
];
