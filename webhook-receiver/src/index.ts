// Public surface of the webhook receiver package: verification and the mock receiver (the receiver tester is the
// conformance suite's receiver checks: @ppapi/conformance, npm run receiver-test).
export * from './verify';
export * from './server';
export * from './store';
export {
  parseEnvelope,
  deliveryHeaderProblems,
  deliveryHeaderValue,
  normaliseDeliveryId,
  isTestDelivery,
} from './envelope/envelope';
export type { Envelope } from './envelope/envelope';
