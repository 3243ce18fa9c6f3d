// @ppapi/spec: the machine-readable parts of the spec, shared by the other packages as data. No logic lives
// here (a bug in shared logic would pass both the server and the suite): only JSON, constants and types.
export { EVENT_TYPE_COUNT, FIELD_TYPES, MAX_EVENT_TYPES_PER_ENDPOINT, eventCatalogue } from './event-catalogue';
export type { EventSpec, FieldSpec, FieldType, ItemSpec } from './event-catalogue';
export { VERIFY_FAILURE_REASONS, signatureVectors } from './signature-vectors';
export type { NegativeVector, PositiveVector, SignatureVectors, VerifyFailureReason } from './signature-vectors';
export { FIXTURE_FIELDS, FIXTURE_KEYS } from './keys';
export type { FixtureRole } from './keys';
export { fixtureId } from './ids';
export type * from './report-model';
