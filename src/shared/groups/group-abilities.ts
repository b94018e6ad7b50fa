import type { GroupAbilities, MembershipStatus } from './group';

/**
 * Who may do what in a group, from the viewer's standing (spec 2 section 6, and docs/behaviour/groups.md
 * "Clubs run by more than one person"): the owner runs the group; co-organizers help with its
 * members, invitations, polls and rides, but never delete the group, change roles or hand it over.
 * The abilities are sent with every group, and the server's `assert…` helpers (groups.policy.ts)
 * are built from the same functions, so the client shows exactly what the server allows.
 */

/** Inside the group: sees its members, rides among them and takes part in polls. */
export function isInsider(status: MembershipStatus): boolean {
  return status === 'owner' || status === 'co_organizer' || status === 'member';
}

/** The owner or a co-organizer: approves requests, invites, edits and cancels the group's rides. */
export function isOrganizer(status: MembershipStatus): boolean {
  return status === 'owner' || status === 'co_organizer';
}

/**
 * `banned`: an organizer removed the viewer with "Don't let them rejoin" (group_bans), so Join is
 * not offered until an organizer lifts it.
 */
export function groupAbilities(status: MembershipStatus, signedIn: boolean, banned = false): GroupAbilities {
  const owner = status === 'owner';
  const insider = isInsider(status);
  const organizer = isOrganizer(status);
  return {
    join: signedIn && status === 'none' && !banned,
    leave: status === 'member' || status === 'co_organizer',
    manage: owner,
    delete: owner,
    invite: organizer,
    createRide: insider,
    createPoll: insider,
    viewMembers: insider,
    decideRequests: organizer,
    changeRoles: owner,
    transferOwnership: owner,
    removeMembers: organizer,
  };
}
