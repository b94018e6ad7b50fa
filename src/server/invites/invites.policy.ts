import type { MembershipStatus } from '../../shared/groups/group';
import { forbidden } from '../platform/errors';
import { groupAbilities, isInsider } from '../groups/groups.policy';

export const NO_INVITE_PERMISSION = 'Only the group owner or a co-organizer can invite members';

/**
 * Who invites riders to a group, sees its open invitations and revokes them: whoever the groups
 * policy gives the `invite` ability, so the Invite button and the API follow one rule.
 */
export function mayInvite(membership: MembershipStatus): boolean {
  return groupAbilities(membership, true).invite;
}

export function assertMayInvite(membership: MembershipStatus): void {
  if (!mayInvite(membership)) throw forbidden('no_invite_permission');
}

/** An invitation is for riders outside the group: a member or the owner completing one uses nothing. */
export function alreadyInGroup(membership: MembershipStatus): boolean {
  return isInsider(membership);
}
