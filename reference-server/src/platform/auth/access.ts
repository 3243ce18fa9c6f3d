// Plan and scope gates (Authentication rules 4 and 5). Checked after the key is known and counted
// against the rate limits, so a 403 carries X-RateLimit-* like every other answer.
import { apiError } from '../errors/api-error';
import type { ApiCredentials } from './credentials';

const API_PLANS = new Set(['Portfolio', 'Enterprise']);

export const isWriteMethod = (method: string): boolean => !['get', 'head', 'options'].includes(method.toLowerCase());

export function assertAccess(credentials: ApiCredentials, method: string): void {
  if (!credentials.subscriptionActive || !credentials.plan || !API_PLANS.has(credentials.plan)) {
    throw apiError('PLAN_UPGRADE_REQUIRED');
  }
  if (!isWriteMethod(method)) return;
  if (credentials.plan !== 'Enterprise') throw apiError('WRITE_REQUIRES_ENTERPRISE');
  if (credentials.scope !== 'read_write') throw apiError('INSUFFICIENT_SCOPE');
}
