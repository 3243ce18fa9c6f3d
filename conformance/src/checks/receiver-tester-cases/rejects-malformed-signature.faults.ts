// The faulty receivers the checks in rejects-malformed-signature.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../../self-test/support/self-test';
import { rejectsMalformedSignature } from './rejects-malformed-signature';

export const receiverFaults: ReceiverFaultTable = Object.fromEntries(
  rejectsMalformedSignature.map((c) => [c.id, [{ receiver: 'accepts-everything' }]]),
);
