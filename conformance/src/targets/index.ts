// Target files: loading, validation, role resolution and the embedded reference server.
export * from './types';
export { UNNAMED_FIELDS, type FieldNames, type UnnamedField, type UnnamedResource } from './unnamed-fields';
export { parseTarget, withBaseUrl, type ParsedTarget } from './validate';
export { resolveEnvironment, type Environment } from './environment';
export { TARGET_SCHEMA } from './target-file';
export { loadTargetFile } from './load';
export { keyForRole, isRoleName, allRoleKeys, targetSecrets, unmetNeed } from './roles';
export {
  startEmbeddedReference,
  embeddedTarget,
  freePort,
  REFERENCE_PROVISIONING_PATH,
  type EmbeddedOptions,
  type EmbeddedServer,
} from './embedded';
export {
  startEmbeddedReceiver,
  EMBEDDED_RETRY_DELAYS_SECONDS,
  EMBEDDED_TIMEOUT_SECONDS,
  EMBEDDED_SCHEDULER_INTERVAL_SECONDS,
  type EmbeddedReceiver,
} from './embedded-webhooks';
export { loadFixtureTarget, fixtureTargetJson, FIXTURE_BASE_URL } from './fixture';
export { findReferenceBin, NO_REFERENCE_SERVER, REFERENCE_BIN, type ReferenceBin } from './reference-bin';
