// The faulty receivers the check in accepts-late-retry.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';
import { acceptsLateRetry } from '../../../src/checks/receiver-tester-cases/accepts-late-retry';

export const receiverFaults: ReceiverFaultTable = {
  [acceptsLateRetry.id]: [
    { receiver: 'refuses-events-older-than-5-minutes' },
    { receiver: 'rejects-duplicates-with-409' },
  ],
};
