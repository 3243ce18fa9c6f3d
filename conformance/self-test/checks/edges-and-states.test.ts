// Self-tests of the edge and state-path checks (issue 10, items 4 and 5) and the team owner (item 7): each passes against the reference server
// and fails against every broken deployment of its table (limits/edges.faults.ts, properties/state-paths.faults.ts,
// compliance/days-until.faults.ts).
import { DAYS_UNTIL_CHECKS } from '../../src/checks/compliance/days-until';
import { EDGE_CHECKS } from '../../src/checks/limits/edges';
import { STATE_PATH_CHECKS } from '../../src/checks/properties/state-paths';
import { TEAM_OWNER_CHECKS } from '../../src/checks/team/owner';
import { describeCheckSelfTests } from '../support/suite';

describeCheckSelfTests('Limits at their edge and state rules on every path', [...EDGE_CHECKS, ...STATE_PATH_CHECKS, ...DAYS_UNTIL_CHECKS, ...TEAM_OWNER_CHECKS]);
