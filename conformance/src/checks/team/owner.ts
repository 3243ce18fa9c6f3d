// GET /team lists the account owner. No field of a team member marks the owner, but on a
// landlord the suite created through the dashboard the owner's address is known: the one it was created with.

import { defineCheck, type CheckContext } from '../../runner';
import { describeValue } from '../../runner/describe';
import { provisionLandlord } from '../shared/provision';
import { isRecord, successData } from '../shared/util';

export const teamListsTheAccountOwner = defineCheck({
  id: 'team.listsTheAccountOwner',
  title:
    'GET /team of a landlord the suite created lists its account owner (the address the landlord was created with)',
  group: 'Resources > Team member',
  rules: ['RES-TEAM-2', 'TEAM-1'],
  needs: ['dashboard'],
  async run(ctx: CheckContext) {
    const landlord = await provisionLandlord(ctx, 'team-owner');
    const res = await ctx.http.request({ path: '/team', key: landlord.live });
    const data = successData(ctx, res, [200], { rules: ['TEAM-1'] });
    ctx.expect(Array.isArray(data), 'data to be an array of team members', () => describeValue(data), res.exchange, {
      rules: ['TEAM-1'],
    });
    const owner: unknown = data.find(
      (m) => isRecord(m) && typeof m.email === 'string' && m.email.toLowerCase() === landlord.email.toLowerCase(),
    );
    ctx.expect(
      owner !== undefined,
      `the roster of a new landlord to list its account owner (${landlord.email})`,
      () => describeValue(data),
      res.exchange,
      { rules: ['RES-TEAM-2'] },
    );
    ctx.note(
      `the new landlord's roster lists its owner ${landlord.email} (${data.length} member${data.length === 1 ? '' : 's'})`,
    );
  },
});

export const TEAM_OWNER_CHECKS = [teamListsTheAccountOwner] as const;
