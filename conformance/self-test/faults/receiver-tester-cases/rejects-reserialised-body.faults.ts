// The faulty receivers the checks in rejects-reserialised-body.ts must fail against (conformance/self-test/support/faulty-receivers.ts).
import type { ReceiverFaultTable } from '../../support/self-test';

export const receiverFaults: ReceiverFaultTable = {
  'receiver.rejectsReserialisedBody.whitespace': [
    { receiver: 'accepts-everything' },
    { receiver: 'reserialises-json-before-verifying' },
  ],
  'receiver.rejectsReserialisedBody.keyOrder': [{ receiver: 'accepts-everything' }],
  'receiver.rejectsReserialisedBody.unicodeEscapes': [
    { receiver: 'accepts-everything' },
    { receiver: 'reserialises-json-before-verifying' },
  ],
};
