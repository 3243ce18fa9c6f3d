// The faulty receivers the checks in accepts-signature-over-raw-bytes.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';
import { acceptsSignatureOverRawBytes } from '../../../src/checks/receiver-tester-cases/accepts-signature-over-raw-bytes';

export const receiverFaults: ReceiverFaultTable = Object.fromEntries(
  acceptsSignatureOverRawBytes.map((c) => [c.id, [{ receiver: 'reserialises-json-before-verifying' }]]),
);
