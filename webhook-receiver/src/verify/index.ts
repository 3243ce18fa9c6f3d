export { sign, hmacSha256 } from './sign';
export { verifySignature, verifySignatureWithAny } from './verify-signature';
export type { VerifyFailureReason, VerifyResult } from './verify-signature';
export { timingSafeEqual } from './timing-safe-equal';
export {
  SIGNATURE_HEADER,
  EVENT_HEADER,
  DELIVERY_HEADER,
  SIGNATURE_PREFIX,
  SIGNATURE_PATTERN,
} from './signature-header';
