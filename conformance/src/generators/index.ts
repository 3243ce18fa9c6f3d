// fast-check arbitraries for the spec's domain values, one file per value, each validating its constraints eagerly.
export { uuidArb, notUuidArb } from './uuid';
export { isoDateArb, invalidDateArb, type IsoDateConstraints } from './iso-date';
export {
  boundedTextArb,
  outOfBoundsTextArb,
  SEARCH_LENGTH,
  DOCUMENT_NAME_LENGTH,
  type LengthConstraints,
} from './text-length';
export { limitArb, invalidLimitArb, pageArb, MAX_LIMIT, type LimitConstraints } from './pagination';
export { unknownKeyArb, malformedKeyArb } from './api-key';
export { idempotencyKeyArb, tooLongIdempotencyKeyArb, MAX_IDEMPOTENCY_KEY } from './idempotency-key';
export { calendarTypeListArb, calendarRangeArb, CALENDAR_TYPES, MAX_CALENDAR_RANGE_DAYS } from './calendar';
export { spacedPeriodArb } from './rent-period';
