// The faulty receivers the checks in accepts-retry.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';

export const receiverFaults: ReceiverFaultTable = {
  'receiver.acceptsRetry': [{ receiver: 'rejects-duplicates-with-409' }],
};
