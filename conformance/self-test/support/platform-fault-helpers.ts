import type { Target } from '../../src/targets';
import type { ProxyResponse } from './broken';
import { errorResponse, isRec } from './faults';

export type Rec = Record<string, unknown>;

export const meta = (b: Rec): Rec => (isRec(b.meta) ? b.meta : {});

export const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

export const live = (t: Target): string => t.keys.enterpriseLive;

export const key = (t: Target, role: keyof Target['keys']): string => {
  const k = t.keys[role];
  if (k === undefined) throw new Error(`self-test target has no ${role} key`);
  return k;
};

export const STACK =
  "TypeError: Cannot read properties of undefined (reading 'id')\n    at PropertyService.get (/srv/app/src/properties/service.ts:42:17)\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)";

export const limited = (retryAfter: string): ProxyResponse =>
  errorResponse(429, 'RATE_LIMIT_EXCEEDED', 'Rate limit exceeded', { 'retry-after': retryAfter });
