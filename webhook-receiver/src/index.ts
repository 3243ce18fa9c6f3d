// Public surface of the webhook receiver package: verification, the mock receiver and the receiver tester.
export * from './verify';
export * from './server';
export * from './store';
export * from './tester';
export { parseEnvelope, deliveryHeaderProblems, deliveryHeaderValue, normaliseDeliveryId, isTestDelivery } from './envelope/envelope';
export type { Envelope } from './envelope/envelope';
