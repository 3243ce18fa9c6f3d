export { runReceiverTest, DEFAULT_TIMEOUT_MS, DEFAULT_CONCURRENCY } from './run-receiver-test';
export type { ReceiverTestOptions, ReceiverTestRun } from './run-receiver-test';
export { receiverTestCli } from './cli';
export { ReceiverUnreachableError } from './reachability';
export { receiverCases } from './cases';
export { malformedSignatureShapes } from './malformed-signature-shapes';
