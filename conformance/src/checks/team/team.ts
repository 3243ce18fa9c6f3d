// GET /team: the roster, the account owner and current members, each with name, email, role and status.

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { expectShape, type FieldRule } from '../shared/shape';
import { isRecord, successData } from '../shared/util';

const MEMBER_FIELDS: readonly FieldRule[] = [
  { field: 'name', type: 'string', rule: 'RES-TEAM-1' },
  { field: 'email', type: 'string', rule: 'RES-TEAM-1' },
  { field: 'role', type: 'string', rule: 'RES-TEAM-1' },
  { field: 'status', type: 'string', rule: 'RES-TEAM-1' },
];

export const teamRosterShape = defineCheck({
  id: 'team.rosterShape',
  title:
    'GET /team answers 200 { data: [TeamMember] }: at least the account owner, each with name, email, role and status',
  group: 'Resources > Team member',
  rules: ['TEAM-1', 'RES-TEAM-1', 'RES-TEAM-2'],
  async run(ctx: CheckContext) {
    const res = await ctx.http.request({ path: '/team', key: 'enterpriseLive' });
    const data = successData(ctx, res, [200], { rules: ['TEAM-1'] });
    ctx.expect(Array.isArray(data), 'data to be an array of team members', () => describeValue(data), res.exchange, {
      rules: ['TEAM-1'],
    });
    ctx.expect(data.length > 0, 'the roster to hold at least the account owner', 'an empty list', res.exchange, {
      rules: ['RES-TEAM-2'],
    });
    for (const member of data) {
      expectShape(ctx, member, MEMBER_FIELDS, 'a team member', res.exchange);
      const email = isRecord(member) ? String(member.email) : '';
      ctx.expect(
        /^[^@\s]+@[^@\s]+$/.test(email),
        'a team member email to be an address',
        () => describeValue(email),
        res.exchange,
        { rules: ['RES-TEAM-1'] },
      );
    }
    ctx.note(`${data.length} team members, each with name, email, role and status`);
  },
});
