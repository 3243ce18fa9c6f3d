// The faulty receivers the checks in rejects-changed-body.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';

export const receiverFaults: ReceiverFaultTable = {
  'receiver.rejectsChangedBody': [{ receiver: 'accepts-everything' }],
};
