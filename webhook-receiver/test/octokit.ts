// @octokit/webhooks-methods is ESM-only. jest.config.js maps it to its dist file and transpiles it to CommonJS
// like our own code (a real ESM import under jest's vm modules failed intermittently), so it is required here.
type OctokitWebhooksMethods = typeof import('@octokit/webhooks-methods', { with: { 'resolution-mode': 'import' } });

export async function loadOctokit(): Promise<OctokitWebhooksMethods> {
  return require('@octokit/webhooks-methods') as OctokitWebhooksMethods;
}
