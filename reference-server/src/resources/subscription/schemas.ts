import Joi from 'joi';
import { PLANS } from '../../persistence/models';
import { dataEnvelope, isoDate } from '../../platform/http/schemas';

export const subscriptionSchema = Joi.object({
  plan: Joi.string()
    .valid(...PLANS)
    .allow(null)
    .required(),
  status: Joi.string().valid('active', 'cancelled', 'none').required(),
  propertyLimit: Joi.number().integer().allow(null).required(),
  propertyCount: Joi.number().integer().min(0).required(),
  storage: Joi.object({
    usedBytes: Joi.number().integer().min(0).required(),
    quotaBytes: Joi.number().integer().min(0).required(),
  }).required(),
  nextBillingDate: isoDate.allow(null).required(),
}).label('Subscription');

export const subscriptionQuery = Joi.object({});

export const subscriptionEnvelope = dataEnvelope(subscriptionSchema, 'SubscriptionResponse');
