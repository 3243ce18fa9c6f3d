// The faulty receivers the checks in accepts-duplicate.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../../self-test/support/self-test';

export const receiverFaults: ReceiverFaultTable = {
  'receiver.acceptsDuplicate': [{ receiver: 'rejects-duplicates-with-409' }],
};
