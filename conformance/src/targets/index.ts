// Target files: loading, validation, role resolution and the embedded reference server.
export * from './types';
export { parseTarget, withBaseUrl, type ParsedTarget } from './validate';
export { loadTargetFile } from './load';
export { keyForRole, isRoleName, allRoleKeys, targetSecrets, unmetNeed } from './roles';
export { startEmbeddedReference, embeddedTarget, freePort, type EmbeddedOptions, type EmbeddedServer } from './embedded';
