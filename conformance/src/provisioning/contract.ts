// The provisioning contract, version 1 (docs/provisioning/openapi.json is the normative document; a self-test
// holds this table to it): every admin-side operation the checks may call, by method and path template. The
// checks' provisioning client refuses any request that is not one of these, so the checks cannot drift onto an
// implementation's own admin API.

export const CONTRACT_ID = 'ppapi-provisioning/1';

export interface ProvisioningOperation {
  /** The document's operationId: the `operation` of a command-mode request. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path template relative to the contract's base URL; `{name}` is one path segment. */
  readonly path: string;
}

export const OPERATIONS: readonly ProvisioningOperation[] = [
  { id: 'createLandlord', method: 'POST', path: '/landlords' },
  { id: 'getLandlord', method: 'GET', path: '/landlords/{landlordId}' },
  { id: 'updateLandlord', method: 'PATCH', path: '/landlords/{landlordId}' },
  { id: 'deleteLandlord', method: 'DELETE', path: '/landlords/{landlordId}' },
  { id: 'issueKey', method: 'POST', path: '/landlords/{landlordId}/keys' },
  { id: 'revokeKey', method: 'POST', path: '/keys/{keyId}/revoke' },
  { id: 'listWebhooks', method: 'GET', path: '/landlords/{landlordId}/webhooks' },
  { id: 'createWebhook', method: 'POST', path: '/landlords/{landlordId}/webhooks' },
  { id: 'deleteWebhook', method: 'DELETE', path: '/webhooks/{webhookId}' },
  { id: 'sendTestDelivery', method: 'POST', path: '/webhooks/{webhookId}/test' },
  { id: 'listDeliveries', method: 'GET', path: '/webhooks/{webhookId}/deliveries' },
  { id: 'retryDelivery', method: 'POST', path: '/deliveries/{deliveryId}/retry' },
  { id: 'recordCertificate', method: 'POST', path: '/landlords/{landlordId}/certificates' },
  { id: 'listMail', method: 'GET', path: '/mail' },
  { id: 'getMailAttachment', method: 'GET', path: '/mail/{mailId}/attachment/{filename}' },
];

export interface MatchedOperation {
  readonly operation: ProvisioningOperation;
  /** Path parameters, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

function segments(path: string): string[] {
  return path.replace(/^\/+|\/+$/g, '').split('/');
}

/** The contract operation a method and concrete path (no query) name, or undefined. */
export function matchOperation(method: string, path: string): MatchedOperation | undefined {
  const wanted = segments(path);
  for (const operation of OPERATIONS) {
    if (operation.method !== method.toUpperCase()) continue;
    const template = segments(operation.path);
    if (template.length !== wanted.length) continue;
    const params: Record<string, string> = {};
    const matches = template.every((part, i) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part === wanted[i];
      if (!wanted[i]) return false;
      params[name] = decodeURIComponent(wanted[i]);
      return true;
    });
    if (matches) return { operation, params };
  }
  return undefined;
}

/** The concrete path of an operation with its parameters filled in (the command adapter's HTTP side does the same). */
export function operationPath(operation: ProvisioningOperation, params: Readonly<Record<string, string>>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.id}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
