// The registry of every check the suite runs. Check files are added here, grouped by spec section.
import type { Check } from '../runner/check';
import { PLATFORM_CHECKS } from './platform';
import { RESOURCE_CHECKS } from './resources';
import { WEBHOOK_CHECKS } from './webhooks';

export const ALL_CHECKS: readonly Check[] = [...PLATFORM_CHECKS, ...RESOURCE_CHECKS, ...WEBHOOK_CHECKS];
