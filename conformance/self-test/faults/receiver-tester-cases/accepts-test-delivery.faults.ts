// The faulty receivers the checks in accepts-test-delivery.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';

export const receiverFaults: ReceiverFaultTable = {
  'receiver.acceptsTestDelivery': [{ receiver: 'slower-than-timeout' }],
};
