// The faulty receivers the checks in accepts-every-event-type.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';
import { acceptsEveryEventType } from '../../../src/checks/receiver-tester-cases/accepts-every-event-type';

export const receiverFaults: ReceiverFaultTable = Object.fromEntries(
  acceptsEveryEventType.map((c) => [c.id, [{ receiver: 'slower-than-timeout' }]]),
);
