// The registry of every check the suite runs. Check files are added here, grouped by spec section.
import type { Check } from '../runner/check';
import { ACCESS_MATRIX_CHECKS } from './access/matrix';
import { CROSS_CUTTING_CHECKS } from './cross-cutting';
import { INVARIANT_CHECKS } from './invariants/global';
import { PLATFORM_CHECKS } from './platform';
import { RESOURCE_CHECKS } from './resources';
import { WEBHOOK_CHECKS } from './webhooks';

export const ALL_CHECKS: readonly Check[] = [...PLATFORM_CHECKS, ...CROSS_CUTTING_CHECKS, ...RESOURCE_CHECKS, ...WEBHOOK_CHECKS, ...ACCESS_MATRIX_CHECKS, ...INVARIANT_CHECKS];
