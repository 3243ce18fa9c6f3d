// The team roster: the account owner first, then current members (active or invited) by join date. Removed
// members (soft-deleted, or status "removed") are left out. When no team row marks the owner, the owner is the
// landlord account itself.
import { Landlord, TeamMember, type Scope } from '../../persistence/models';

export interface TeamMemberView {
  id: string;
  name: string;
  email: string;
  role: string;
  status: 'active' | 'invited';
  isOwner: boolean;
}

const CURRENT_STATUSES = ['active', 'invited'] as const;

export async function roster(scope: Scope): Promise<TeamMemberView[]> {
  const members = await TeamMember.scoped(scope)
    .whereIn('team_members.status', [...CURRENT_STATUSES])
    .orderBy('team_members.is_owner', 'desc')
    .orderBy('team_members.created_at')
    .orderBy('team_members.id');
  const views: TeamMemberView[] = members.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    role: m.role,
    status: m.status as TeamMemberView['status'],
    isOwner: m.is_owner,
  }));
  if (!members.some((m) => m.is_owner)) {
    const landlord = await Landlord.query(scope.db).findById(scope.landlordId);
    if (landlord)
      views.unshift({
        id: landlord.id,
        name: landlord.name,
        email: landlord.email,
        role: 'Owner',
        status: 'active',
        isOwner: true,
      });
  }
  return views;
}

/** The name API writes act under (chat messages, issue notes): the account owner's. */
export async function accountOwnerName(scope: Scope): Promise<string> {
  const owner = await TeamMember.scoped(scope)
    .where('team_members.is_owner', true)
    .orderBy('team_members.created_at')
    .first();
  if (owner) return owner.name;
  const landlord = await Landlord.query(scope.db).findById(scope.landlordId).select('name');
  return landlord?.name ?? 'Account owner';
}
