import { conflict, forbidden, notFound } from '../platform/errors';
import { BANNED_FROM_GROUP, type GroupAbilities, type GroupMember, type MemberAbilities, type MembershipStatus } from '../../shared/groups/group';
import { toCount } from '../db/database';

/** The viewer's standing in a group, from a row that selected `viewerMembershipColumns` and the group's creator. */
export function membershipStatusOf(
  row: { creator_id: string | null; viewer_is_member: number | string | bigint | null; viewer_is_pending: number | string | bigint | null },
  viewerId: string | null,
): MembershipStatus {
  if (viewerId && row.creator_id === viewerId) return 'owner';
  // viewerMembershipColumns: 2 is a co-organizer, 1 a plain member.
  const member = toCount(row.viewer_is_member);
  if (member > 1) return 'co_organizer';
  if (member > 0) return 'member';
  if (toCount(row.viewer_is_pending) > 0) return 'pending';
  return 'none';
}

/**
 * Who may do what in a group, from the viewer's standing (spec 2 section 6, and docs/behaviour/groups.md
 * "Clubs run by more than one person"): the owner runs the group; co-organizers help with its
 * members, invitations, polls and rides, but never delete the group, change roles or hand it over.
 * The abilities are sent with every group, and the `assert…` helpers below are what the services
 * call, built from the same functions, so the client shows exactly what the server allows.
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

/** The member a viewer acts on: their role, and whether they are the viewer. */
export interface MemberTarget {
  role: GroupMember['role'];
  isSelf: boolean;
}

/**
 * What the viewer may do to one member: the owner changes any other member's role, hands the group
 * to them or removes them; a co-organizer removes plain members only. Nobody acts on the owner.
 */
export function memberAbilities(viewer: MembershipStatus, target: MemberTarget): MemberAbilities {
  const owner = viewer === 'owner';
  const other = !target.isSelf && target.role !== 'owner';
  return {
    makeCoOrganizer: owner && other && target.role === 'member',
    removeCoOrganizer: owner && other && target.role === 'co_organizer',
    transferOwnership: owner && other,
    remove: other && (owner || (viewer === 'co_organizer' && target.role === 'member')),
  };
}

const ONLY_OWNER = 'Only the group owner can do this';
const ONLY_ORGANIZERS = 'Only the group owner or a co-organizer can do this';

export function assertCanManage(status: MembershipStatus): void {
  if (!groupAbilities(status, true).manage) throw forbidden(ONLY_OWNER);
}

export function assertCanDelete(status: MembershipStatus): void {
  if (!groupAbilities(status, true).delete) throw forbidden(ONLY_OWNER);
}

export function assertCanDecideRequests(status: MembershipStatus): void {
  if (!groupAbilities(status, true).decideRequests) throw forbidden(ONLY_ORGANIZERS);
}

export function assertCanViewMembers(status: MembershipStatus): void {
  if (!groupAbilities(status, true).viewMembers) throw forbidden('Only members can see who is in this group');
}

/** Rides and polls of a group are planned by its insiders; `message` names the thing refused. */
export function assertInsider(status: MembershipStatus, message: string): void {
  if (!isInsider(status)) throw forbidden(message);
}

export function assertCanJoin(status: MembershipStatus, banned = false): void {
  if (isInsider(status)) throw conflict('You are already a member of this group');
  if (status === 'pending') throw conflict('Your membership request is already waiting for approval');
  assertNotBanned(banned);
}

/**
 * A rider removed with "Don't let them rejoin" comes back by no path (joining, asking to join,
 * joining one of the group's rides, an invitation, a guest's membership merged into their
 * account) until an organizer lifts the ban: 403, whatever the path.
 */
export function assertNotBanned(banned: boolean): void {
  if (banned) throw forbidden(BANNED_FROM_GROUP);
}

/** The riders kept from rejoining are listed and let back by whoever removes members (owner and co-organizers). */
export function assertCanManageBans(status: MembershipStatus): void {
  if (!groupAbilities(status, true).removeMembers) throw forbidden(ONLY_ORGANIZERS);
}

/**
 * PUT /api/groups/{id}/bans/{userId} keeps out a rider who is not in the group (one who left before
 * an organizer acted, or never joined). `target` is the rider's standing, read under the group's
 * lock. The owner is never banned (403, as they are never removed); an insider is a 409: they are
 * removed with "Don't let them rejoin" instead, so their rides are handed over and their seats
 * freed (and a co-organizer cannot so ban an organizer, as they cannot remove one); a pending asker
 * is declined with "Don't let them ask again", which settles their request.
 */
export function assertCanBanOutsider(viewer: MembershipStatus, target: MembershipStatus): void {
  assertCanManageBans(viewer);
  if (target === 'owner') throw forbidden('The owner cannot be banned from their group');
  if (isInsider(target)) throw conflict("This rider is in the group: remove them with \"Don't let them rejoin\" instead");
  if (target === 'pending') throw conflict("This rider asked to join: decline their request with \"Don't let them ask again\" instead");
}

/** The owner hands the group over before leaving it; a pending rider withdraws their request. */
export function assertCanLeave(status: MembershipStatus): void {
  if (status === 'owner') throw forbidden('The owner cannot leave their own group');
  if (status === 'none') throw conflict('You are not a member of this group');
}

/** The member acted on must be one: 404 once the actor may act on members at all (403 before that). */
function assertMember(target: MemberTarget | undefined): asserts target is MemberTarget {
  if (!target) throw notFound('Member not found');
}

export function assertCanChangeRole(viewer: MembershipStatus, target: MemberTarget | undefined, role: GroupMember['role']): void {
  if (!groupAbilities(viewer, true).changeRoles) throw forbidden(ONLY_OWNER);
  assertMember(target);
  const may = memberAbilities(viewer, target);
  if (!(may.makeCoOrganizer || may.removeCoOrganizer)) throw forbidden(target.isSelf ? 'The owner stays the owner: hand the group over instead' : ONLY_OWNER);
  if (role === target.role) throw conflict(role === 'co_organizer' ? 'This rider is already a co-organizer' : 'This rider is already a plain member');
}

export function assertCanTransferTo(viewer: MembershipStatus, target: MemberTarget | undefined): void {
  if (!groupAbilities(viewer, true).transferOwnership) throw forbidden(ONLY_OWNER);
  assertMember(target);
  if (!memberAbilities(viewer, target).transferOwnership) throw forbidden('You already own this group');
}

export function assertCanRemove(viewer: MembershipStatus, target: MemberTarget | undefined): void {
  if (!groupAbilities(viewer, true).removeMembers) throw forbidden(ONLY_ORGANIZERS);
  assertMember(target);
  if (memberAbilities(viewer, target).remove) return;
  if (target.role === 'owner') throw forbidden('The owner cannot be removed from their group');
  if (target.isSelf) throw forbidden('Leave the group instead');
  throw forbidden('Co-organizers can remove plain members only');
}
