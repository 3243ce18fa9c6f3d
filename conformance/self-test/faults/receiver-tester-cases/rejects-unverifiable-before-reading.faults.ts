// The faulty receivers the checks in rejects-unverifiable-before-reading.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';
import { rejectsUnverifiableBeforeReading } from '../../../src/checks/receiver-tester-cases/rejects-unverifiable-before-reading';

export const receiverFaults: ReceiverFaultTable = Object.fromEntries(
  rejectsUnverifiableBeforeReading.map((c) => [
    c.id,
    [{ receiver: 'accepts-everything' }, { receiver: 'reads-the-body-before-verifying' }],
  ]),
);
