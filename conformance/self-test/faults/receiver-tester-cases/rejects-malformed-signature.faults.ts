// The faulty receivers the checks in rejects-malformed-signature.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';
import { rejectsMalformedSignature } from '../../../src/checks/receiver-tester-cases/rejects-malformed-signature';

export const receiverFaults: ReceiverFaultTable = Object.fromEntries(
  rejectsMalformedSignature.map((c) => [c.id, [{ receiver: 'accepts-everything' }]]),
);
