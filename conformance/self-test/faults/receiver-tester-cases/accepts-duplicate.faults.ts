// The faulty receivers the checks in accepts-duplicate.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';

export const receiverFaults: ReceiverFaultTable = {
  'receiver.acceptsDuplicate': [{ receiver: 'rejects-duplicates-with-409' }],
};
