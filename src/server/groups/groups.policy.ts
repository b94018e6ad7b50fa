import { conflict, forbidden, notFound } from '../platform/errors';
import { type GroupMember, type MemberAbilities, type MembershipStatus } from '../../shared/groups/group';
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

// Who may do what in a group lives in src/shared so the web's test fixtures build groups from the
// same rules the server sends; the services enforce through the `assert…` helpers below.
import { groupAbilities, isInsider, isOrganizer } from '../../shared/groups/group-abilities';

export { groupAbilities, isInsider, isOrganizer };

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


export function assertCanManage(status: MembershipStatus): void {
  if (!groupAbilities(status, true).manage) throw forbidden('only_group_owner');
}

export function assertCanDelete(status: MembershipStatus): void {
  if (!groupAbilities(status, true).delete) throw forbidden('only_group_owner');
}

export function assertCanDecideRequests(status: MembershipStatus): void {
  if (!groupAbilities(status, true).decideRequests) throw forbidden('only_group_organizers');
}

export function assertCanViewMembers(status: MembershipStatus): void {
  if (!groupAbilities(status, true).viewMembers) throw forbidden('only_members_see_members');
}

/** Rides and polls of a group are planned by its insiders; `code` names the thing refused. */
export function assertInsider(status: MembershipStatus, code: 'only_members_create_rides' | 'poll_members_only'): void {
  if (!isInsider(status)) throw forbidden(code);
}

export function assertCanJoin(status: MembershipStatus, banned = false): void {
  if (isInsider(status)) throw conflict('already_member');
  if (status === 'pending') throw conflict('membership_request_pending');
  assertNotBanned(banned);
}

/**
 * A rider removed with "Don't let them rejoin" comes back by no path (joining, asking to join,
 * joining one of the group's rides, an invitation, a guest's membership merged into their
 * account) until an organizer lifts the ban: 403, whatever the path.
 */
export function assertNotBanned(banned: boolean): void {
  if (banned) throw forbidden('banned_from_group');
}

/** The riders kept from rejoining are listed and let back by whoever removes members (owner and co-organizers). */
export function assertCanManageBans(status: MembershipStatus): void {
  if (!groupAbilities(status, true).removeMembers) throw forbidden('only_group_organizers');
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
  if (target === 'owner') throw forbidden('owner_cannot_be_banned');
  if (isInsider(target)) throw conflict('ban_member_instead');
  if (target === 'pending') throw conflict('ban_requester_instead');
}

/** The owner hands the group over before leaving it; a pending rider withdraws their request. */
export function assertCanLeave(status: MembershipStatus): void {
  if (status === 'owner') throw forbidden('owner_cannot_leave_group');
  if (status === 'none') throw conflict('not_a_member');
}

/** The member acted on must be one: 404 once the actor may act on members at all (403 before that). */
function assertMember(target: MemberTarget | undefined): asserts target is MemberTarget {
  if (!target) throw notFound('member_not_found');
}

export function assertCanChangeRole(viewer: MembershipStatus, target: MemberTarget | undefined, role: GroupMember['role']): void {
  if (!groupAbilities(viewer, true).changeRoles) throw forbidden('only_group_owner');
  assertMember(target);
  const may = memberAbilities(viewer, target);
  if (!(may.makeCoOrganizer || may.removeCoOrganizer)) throw forbidden(target.isSelf ? 'owner_stays_owner' : 'only_group_owner');
  if (role === target.role) throw conflict(role === 'co_organizer' ? 'already_co_organizer' : 'already_plain_member');
}

export function assertCanTransferTo(viewer: MembershipStatus, target: MemberTarget | undefined): void {
  if (!groupAbilities(viewer, true).transferOwnership) throw forbidden('only_group_owner');
  assertMember(target);
  if (!memberAbilities(viewer, target).transferOwnership) throw forbidden('already_own_group');
}

export function assertCanRemove(viewer: MembershipStatus, target: MemberTarget | undefined): void {
  if (!groupAbilities(viewer, true).removeMembers) throw forbidden('only_group_organizers');
  assertMember(target);
  if (memberAbilities(viewer, target).remove) return;
  if (target.role === 'owner') throw forbidden('owner_cannot_be_removed');
  if (target.isSelf) throw forbidden('leave_group_instead');
  throw forbidden('co_organizers_remove_plain_members');
}
