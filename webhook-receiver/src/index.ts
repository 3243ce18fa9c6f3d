// Public surface of the webhook receiver package: verification, the mock receiver and the receiver tester.
export * from './verify';
export * from './server';
export * from './store';
export * from './tester';
export { parseEnvelope, deliveryHeaderProblems, deliveryHeaderValue, normaliseDeliveryId, isTestDelivery } from './envelope/envelope';
export type { Envelope } from './envelope/envelope';
export { eventCatalogue, eventTypes, findEvent, EVENT_TYPE_COUNT } from './catalogue/event-catalogue';
export type { EventSpec, FieldSpec, ItemSpec, FieldType } from './catalogue/event-catalogue';
export { signatureVectors } from './catalogue/signature-vectors';
export type { PositiveVector, NegativeVector, SignatureVectors } from './catalogue/signature-vectors';
