// The provisioning contract, version 1 (docs/provisioning/openapi.json): the dashboard operations a conformance
// suite needs to provision a deployment (landlords on a plan, keys, webhook subscriptions, delivery history,
// test deliveries, retries, captured mail, certificates on file), served again under their own versioned prefix.
// The very route configs of /dashboard/api, picked by method and path, with the same ADMIN_TOKEN: one
// implementation, two doors.
import type { Plugin } from '@hapi/hapi';
import { dashboardRoutes } from './routes';

export const PROVISIONING_PREFIX = '/provisioning/v1';

/** The contract's operations as the dashboard spells their paths (parameter names aside, the document's). */
export const PROVISIONING_OPERATIONS: ReadonlyArray<{ readonly method: string; readonly path: string }> = [
  { method: 'POST', path: '/landlords' },
  { method: 'GET', path: '/landlords/{id}' },
  { method: 'PATCH', path: '/landlords/{id}' },
  { method: 'DELETE', path: '/landlords/{id}' },
  { method: 'POST', path: '/landlords/{id}/keys' },
  { method: 'POST', path: '/keys/{id}/revoke' },
  { method: 'GET', path: '/landlords/{id}/webhooks' },
  { method: 'POST', path: '/landlords/{id}/webhooks' },
  { method: 'DELETE', path: '/webhooks/{id}' },
  { method: 'POST', path: '/webhooks/{id}/test' },
  { method: 'GET', path: '/webhooks/{id}/deliveries' },
  { method: 'POST', path: '/deliveries/{id}/retry' },
  { method: 'POST', path: '/landlords/{id}/certificates' },
  { method: 'GET', path: '/mail' },
  { method: 'GET', path: '/mail/{id}/attachment/{filename}' },
];

const isContractOperation = (method: string, path: string): boolean =>
  PROVISIONING_OPERATIONS.some((op) => op.method === method && op.path === path);

/** Register after the dashboard plugin: it defines the admin-token strategy these routes use. */
export const provisioningPlugin: Plugin<void> = {
  name: 'provisioning',
  dependencies: ['dashboard'],
  register(server) {
    const routes = dashboardRoutes().filter((route) => isContractOperation(route.method, route.path));
    if (routes.length !== PROVISIONING_OPERATIONS.length)
      throw new Error('the provisioning contract names an operation the dashboard does not serve');
    for (const r of routes) r.register(server);
  },
};
