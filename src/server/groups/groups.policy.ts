import type { GroupAbilities, MembershipStatus } from '../../shared/groups/group';

/**
 * What a viewer may do with a group, from their membership (spec 2 section 6). Sent with every
 * group as `abilities`, so the client shows exactly what the server will allow.
 */
export function groupAbilities(status: MembershipStatus, signedIn: boolean): GroupAbilities {
  const owner = status === 'owner';
  const insider = owner || status === 'member';
  return {
    join: signedIn && status === 'none',
    leave: status === 'member',
    manage: owner,
    delete: owner,
    invite: owner,
    createRide: insider,
    createPoll: insider,
    viewMembers: insider,
  };
}

export function isInsider(status: MembershipStatus): boolean {
  return status === 'owner' || status === 'member';
}
