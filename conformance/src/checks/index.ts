// The registry of every check the suite runs. Check files are added here, grouped by spec section.
import type { Check } from '../runner/check';
import { PLATFORM_CHECKS } from './platform';

export const ALL_CHECKS: readonly Check[] = [...PLATFORM_CHECKS];
