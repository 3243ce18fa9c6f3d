// Self-tests of the edge and state-path checks (issue 10, items 4 and 5) and of the rules observed on data of the
// suite's own (item 7: team owner, tenant invitation, invoice PDF after a PATCH): each passes against the reference
// server and fails against every broken deployment of its table (the `<module>.faults.ts` beside each module).
import { CALENDAR_EDGE_CHECKS } from '../../src/checks/calendar/window-edges';
import { DAYS_UNTIL_CHECKS } from '../../src/checks/compliance/days-until';
import { EDGE_CHECKS } from '../../src/checks/limits/edges';
import { STATE_PATH_CHECKS } from '../../src/checks/properties/state-paths';
import { OBSERVED_CHECKS } from '../../src/checks/other/observed';
import { TEAM_OWNER_CHECKS } from '../../src/checks/team/owner';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Limits at their edge and state rules on every path', [...EDGE_CHECKS, ...STATE_PATH_CHECKS, ...DAYS_UNTIL_CHECKS, ...TEAM_OWNER_CHECKS, ...OBSERVED_CHECKS, ...CALENDAR_EDGE_CHECKS]);
