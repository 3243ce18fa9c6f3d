// What each dashboard operation accepts: one Joi schema per operation, used by the JSON admin API (route
// `validate`) and by the web dashboard's forms alike, so both refuse the same input with the same message.
import Joi from 'joi';
import { PLANS } from '../persistence/models';
import { email, isoDate } from '../platform/http/schemas';
import { EVENT_TYPES, MAX_EVENT_TYPES_PER_SUBSCRIPTION, type EventType } from '../webhooks/event-types';
import type { KeyInput, LandlordInput, SubscriptionInput } from './service';

const landlordBody = {
  name: Joi.string().trim().min(1).max(200),
  email,
  plan: Joi.string()
    .valid(...PLANS)
    .allow(null),
  subscriptionStatus: Joi.string().valid('active', 'cancelled', 'none'),
  timezone: Joi.string().max(64),
  propertyLimit: Joi.number().integer().min(0).allow(null),
  nextBillingDate: isoDate.allow(null),
};

const rateLimits = Joi.object({
  readsPerMinute: Joi.number().integer().min(1),
  writesPerMinute: Joi.number().integer().min(1),
  readsPerDay: Joi.number().integer().min(1),
  writesPerDay: Joi.number().integer().min(1),
}).allow(null);

export const createLandlordInput = Joi.object<LandlordInput>({
  ...landlordBody,
  name: landlordBody.name.required(),
  email: landlordBody.email.required(),
  plan: landlordBody.plan.required(),
});

export const updateLandlordInput = Joi.object<Partial<LandlordInput>>(landlordBody).min(1);

export const issueKeyInput = Joi.object<KeyInput>({
  name: Joi.string().trim().min(1).max(200).required(),
  mode: Joi.string().valid('live', 'sandbox').required(),
  scope: Joi.string().valid('read_only', 'read_write').required(),
  rateLimits,
});

export const createSubscriptionInput = Joi.object<SubscriptionInput>({
  url: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(2000)
    .required(),
  events: Joi.array()
    .items(Joi.string().valid(...EVENT_TYPES))
    .min(1)
    .max(MAX_EVENT_TYPES_PER_SUBSCRIPTION)
    .unique()
    .required(),
  description: Joi.string().max(300).allow(null, ''),
});

export const testDeliveryInput = Joi.object<{ event?: EventType }>({ event: Joi.string().valid(...EVENT_TYPES) }).allow(
  null,
);
