// The registry of every check the suite runs. Check files are added here, grouped by spec section.
import type { Check } from '../runner/check';
import { CALENDAR_EDGE_CHECKS } from './calendar/window-edges';
import { DAYS_UNTIL_CHECKS } from './compliance/days-until';
import { CROSS_CUTTING_CHECKS } from './cross-cutting';
import { EDGE_CHECKS } from './limits/edges';
import { PLATFORM_CHECKS } from './platform';
import { OBSERVED_CHECKS } from './other/observed';
import { STATE_PATH_CHECKS } from './properties/state-paths';
import { RESOURCE_CHECKS } from './resources';
import { TEAM_OWNER_CHECKS } from './team/owner';
import { WEBHOOK_CHECKS } from './webhooks';

export const ALL_CHECKS: readonly Check[] = [...PLATFORM_CHECKS, ...CROSS_CUTTING_CHECKS, ...RESOURCE_CHECKS, ...WEBHOOK_CHECKS, ...EDGE_CHECKS, ...STATE_PATH_CHECKS, ...DAYS_UNTIL_CHECKS, ...TEAM_OWNER_CHECKS, ...OBSERVED_CHECKS, ...CALENDAR_EDGE_CHECKS];
