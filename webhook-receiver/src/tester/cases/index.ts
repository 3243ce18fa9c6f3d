import type { ReceiverCase } from '../case-context';
import { acceptsDuplicate } from './accepts-duplicate';
import { acceptsEveryEventType } from './accepts-every-event-type';
import { acceptsHexInAnyCase } from './accepts-hex-in-any-case';
import { acceptsRetry } from './accepts-retry';
import { acceptsSignatureOverRawBytes } from './accepts-signature-over-raw-bytes';
import { acceptsTestDelivery } from './accepts-test-delivery';
import { rejectsChangedBody } from './rejects-changed-body';
import { rejectsForgedReplayOfSeenId } from './rejects-forged-replay-of-seen-id';
import { rejectsForgedSignature } from './rejects-forged-signature';
import { rejectsMalformedSignature } from './rejects-malformed-signature';
import { rejectsReserialisedBody } from './rejects-reserialised-body';

/** Every case, in report order. */
export const receiverCases: readonly ReceiverCase[] = [
  acceptsEveryEventType,
  acceptsSignatureOverRawBytes,
  acceptsHexInAnyCase,
  acceptsTestDelivery,
  acceptsDuplicate,
  acceptsRetry,
  rejectsForgedSignature,
  rejectsMalformedSignature,
  rejectsChangedBody,
  rejectsReserialisedBody,
  rejectsForgedReplayOfSeenId,
];
