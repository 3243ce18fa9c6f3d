// The faulty receivers the checks in rejects-forged-replay-of-seen-id.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';

export const receiverFaults: ReceiverFaultTable = {
  'receiver.rejectsForgedReplayOfSeenId': [{ receiver: 'accepts-everything' }],
};
