// The receiver side of the suite: checks aimed at an integrator's webhook receiver (checks/receiver-tester-cases/), their
// runner (the `receiver-test` command is cli/receiver-test.ts).
export { defineReceiverCheck, type ReceiverCheck, type ReceiverCheckDefinition, type ReceiverContext } from './context';
export {
  runReceiverChecks,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  type ReceiverTestOptions,
  type ReceiverTestRun,
} from './run';
export { ReceiverUnreachableError } from './reachability';
export { malformedSignatureShapes } from './malformed-signature-shapes';
