// The faulty receivers the checks in accepts-hex-in-any-case.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';
import { acceptsHexInAnyCase } from '../../../src/checks/receiver-tester-cases/accepts-hex-in-any-case';

export const receiverFaults: ReceiverFaultTable = Object.fromEntries(
  acceptsHexInAnyCase.map((c) => [c.id, [{ receiver: 'compares-hex-case-sensitively' }]]),
);
