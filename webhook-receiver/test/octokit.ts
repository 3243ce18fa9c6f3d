// @octokit/webhooks-methods is ESM-only and jest here transpiles to CommonJS, which turns `import()` into
// `require()`. A Function-built import() escapes the transform; jest (with --experimental-vm-modules, as
// `npm test` sets) then loads the package as a real ES module.
type OctokitWebhooksMethods = typeof import('@octokit/webhooks-methods', { with: { 'resolution-mode': 'import' } });

const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<OctokitWebhooksMethods>;

export function loadOctokit(): Promise<OctokitWebhooksMethods> {
  return importEsm('@octokit/webhooks-methods');
}
