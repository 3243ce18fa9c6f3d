// The faulty receivers the checks in accepts-every-event-type.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../../self-test/support/self-test';
import { acceptsEveryEventType } from './accepts-every-event-type';

export const receiverFaults: ReceiverFaultTable = Object.fromEntries(
  acceptsEveryEventType.map((c) => [c.id, [{ receiver: 'slower-than-timeout' }]]),
);
