// What each dashboard operation accepts: one Joi schema per operation, used by the JSON admin API (route
// `validate`) and by the web dashboard's forms alike, so both refuse the same input with the same message.
import Joi from 'joi';
import { EPC_RATINGS, PLANS } from '../persistence/models';
import { email, isoDate, uuid } from '../platform/http/schemas';
import { EVENT_TYPES, MAX_EVENT_TYPES_PER_SUBSCRIPTION, type EventType } from '../webhooks/event-types';
import { CERTIFICATE_KINDS, RATED_KIND, type CertificateInput } from './certificates';
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

/** A date no certificate is older than: 400 before it, never a date the database or the clock arithmetic cannot hold. */
const EARLIEST_CERTIFICATE_DATE = '1900-01-01';
const certificateDate = isoDate
  .custom((value: string, helpers) => (value >= EARLIEST_CERTIFICATE_DATE ? value : helpers.error('date.earliest')))
  .messages({ 'date.earliest': `{{#label}} must not be before ${EARLIEST_CERTIFICATE_DATE}` });
/** Only the kind that is rated may carry a rating or a score. */
const ratedOnly = (schema: Joi.Schema): Joi.Schema =>
  Joi.when('kind', {
    is: RATED_KIND,
    then: schema,
    otherwise: Joi.forbidden().messages({ 'any.unknown': `{{#label}} is only for kind ${RATED_KIND}` }),
  });

export const recordCertificateInput = Joi.object<CertificateInput>({
  propertyId: uuid.required(),
  kind: Joi.string()
    .valid(...Object.keys(CERTIFICATE_KINDS))
    .required(),
  expiryDate: certificateDate.required(),
  issuedDate: certificateDate,
  epcRating: ratedOnly(Joi.string().valid(...EPC_RATINGS)),
  epcScore: ratedOnly(Joi.number().integer().min(1).max(100)),
})
  .custom((value: CertificateInput, helpers) =>
    value.issuedDate !== undefined && value.issuedDate > value.expiryDate
      ? helpers.error('certificate.issuedAfterExpiry')
      : value,
  )
  .messages({ 'certificate.issuedAfterExpiry': '"issuedDate" must not be after "expiryDate"' });
