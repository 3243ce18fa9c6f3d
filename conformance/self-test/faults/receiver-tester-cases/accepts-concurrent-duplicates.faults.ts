// The faulty receivers the check in accepts-concurrent-duplicates.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';
import { acceptsConcurrentDuplicates } from '../../../src/checks/receiver-tester-cases/accepts-concurrent-duplicates';

export const receiverFaults: ReceiverFaultTable = {
  [acceptsConcurrentDuplicates.id]: [{ receiver: 'races-on-concurrent-duplicates' }],
};
