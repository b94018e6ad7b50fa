import type { RideAbilities, RideMinimumDecision, RideStatus } from '../../shared/rides/ride';
import { type MembershipStatus } from '../../shared/groups/group';
import { conflict, forbidden, type HttpError } from '../platform/errors';
import { toBool, toCount } from '../db/database';
import { groupAbilities, isInsider, isOrganizer, membershipStatusOf } from '../groups/groups.policy';
import type { RideCardRow } from './rides.repository';
import type { GroupStanding } from '../groups/groups.repository';
import { canAddRideRoute, type RideMediaViewer } from '../media/media.policy';

export interface RideViewer {
  signedIn: boolean;
  isOwner: boolean;
  isParticipant: boolean;
  /** The viewer's membership of the ride's group. */
  membership: MembershipStatus;
  /** The ride belongs to a group (every ride planned today does; older rides may have none). */
  groupRide: boolean;
  /** Removed from the ride's group and kept from rejoining it (group_bans): no seat, no place in the queue. */
  banned: boolean;
}

/** What the rules read of a ride. */
export interface RideFacts {
  status: RideStatus;
  participantCount: number;
  maxRiders: number;
  approvalRequired: boolean;
}

/** The columns a ride's row and a card row both carry for the viewer's standing (rides.repository). */
export type RideStandingColumns = Pick<RideCardRow, 'owner_id' | 'status' | 'max_riders' | 'group_approval' | 'group_creator_id' | 'viewer_is_member' | 'viewer_is_pending' | 'viewer_is_banned'>;

export const NO_EDIT_PERMISSION = "You don't have permission to edit this ride";
export const NO_DELETE_PERMISSION = 'Only the ride owner or the group owner or a co-organizer can delete this ride';
export const NO_COMMENT_PERMISSION = 'Only members of the group and riders on this ride can comment';
export const ALREADY_JOINED = 'You have already joined this ride';

/** The viewer of a ride's row: who they are to the ride and to its group. */
export function rideViewer(row: RideStandingColumns, viewerId: string | null, isParticipant: boolean): RideViewer {
  return {
    signedIn: viewerId !== null,
    isOwner: viewerId !== null && row.owner_id === viewerId,
    isParticipant,
    membership: groupMembershipOf(row, viewerId),
    groupRide: row.group_creator_id !== null,
    banned: toCount(row.viewer_is_banned) > 0,
  };
}

/**
 * The standing columns of a ride read inside a transaction: the ride's own, and the rider's
 * standing in its group read under the group's lock (groupsRepository.lockStanding).
 */
export function standingUnderLock(ride: Pick<RideStandingColumns, 'owner_id' | 'status' | 'max_riders'>, standing: GroupStanding | undefined): RideStandingColumns {
  return {
    ...ride,
    group_approval: standing?.membership_approval_required ?? null,
    group_creator_id: standing?.creator_id ?? null,
    viewer_is_member: standing?.viewer_is_member ?? 0,
    viewer_is_pending: standing?.viewer_is_pending ?? 0,
    viewer_is_banned: standing?.viewer_is_banned ?? 0,
  };
}

/** The viewer's membership of the ride's group, from the row's standing columns. */
export function groupMembershipOf(row: Pick<RideStandingColumns, 'group_creator_id' | 'viewer_is_member' | 'viewer_is_pending'>, viewerId: string | null): MembershipStatus {
  return membershipStatusOf({ creator_id: row.group_creator_id, viewer_is_member: row.viewer_is_member, viewer_is_pending: row.viewer_is_pending }, viewerId);
}

export function rideFacts(row: RideStandingColumns, participantCount: number): RideFacts {
  return { status: row.status, participantCount, maxRiders: row.max_riders, approvalRequired: toBool(row.group_approval) };
}

/**
 * The ride's owner has an owner's rights only while inside the ride's group: a rider removed from
 * it (or who left it) no longer edits, renames, cancels, uploads routes to or otherwise runs the
 * rides they created there. Removal hands their upcoming rides to the group's owner; the ended
 * ones stay theirs as history, which the group's organizers still run.
 */
export function actsAsOwner(viewer: Pick<RideViewer, 'isOwner' | 'membership' | 'groupRide'>): boolean {
  return viewer.isOwner && (!viewer.groupRide || isInsider(viewer.membership));
}

/**
 * Who edits the ride, cancels it (an edit of its status) and makes its minimum riders decision:
 * its owner (while a member, actsAsOwner), and the organizers of its group (the group's owner and
 * co-organizers, docs/behaviour/groups.md "Clubs run by more than one person").
 */
export function mayManageRide(viewer: Pick<RideViewer, 'isOwner' | 'membership' | 'groupRide'>): boolean {
  return actsAsOwner(viewer) || isOrganizer(viewer.membership);
}

/**
 * Deleting takes the ride's comments and media with it, and is for whoever runs the ride: the
 * organizers must be able to take down a ride a removed rider left behind.
 */
export const mayDeleteRide = mayManageRide;

/**
 * Whether the viewer may see who rides (participants, navigator, the authors of its comments, its
 * photos in a rider's gallery): in a group that requires approval, its member list is for its
 * members, so its rides name their riders to its insiders and to riders holding a seat on the ride
 * (who ride with them) only; everyone else sees the count. The owner is named to all (spec 2: the
 * card and the page show the owner). An open group's riders are seen by every visitor.
 */
export function maySeeRiders(viewer: Pick<RideViewer, 'membership' | 'isParticipant'>, approvalRequired: boolean): boolean {
  return !approvalRequired || isInsider(viewer.membership) || viewer.isParticipant;
}

export const RIDERS_HIDDEN_COMMENTS = "Comments on this ride are for the group's members";

/**
 * A rider on the ride comments as one of its riders, unless removed from its group and kept from
 * rejoining it: a ban silences them on the group's rides they rode (past ones, and one under way).
 */
export function mayComment(viewer: RideViewer): boolean {
  return viewer.signedIn && (isInsider(viewer.membership) || ridesAsRider(viewer));
}

/** A seat on the ride that still counts for taking part in it: not that of a rider banned from its group. */
function ridesAsRider(viewer: Pick<RideViewer, 'isParticipant' | 'banned'>): boolean {
  return viewer.isParticipant && !viewer.banned;
}

/**
 * Why the viewer may not take a seat or a place on the waitlist, seats aside (null: they may).
 * Joining needs a confirmed ride, a rider who is neither owner nor participant, and membership of
 * the group; an open group's membership is added on the way, but a rider whose request waits is
 * not let past it.
 */
export type JoinRefusal = 'signed-out' | 'already-joined' | 'not-open' | 'banned' | 'not-member';

export function joinRefusal(viewer: RideViewer, ride: Pick<RideFacts, 'status' | 'approvalRequired'>): JoinRefusal | null {
  if (!viewer.signedIn) return 'signed-out';
  if (viewer.isOwner || viewer.isParticipant) return 'already-joined';
  if (ride.status !== 'confirmed') return 'not-open';
  // Joining a ride would add the group's membership (open group) or need it (approval group).
  if (viewer.banned && !isInsider(viewer.membership)) return 'banned';
  if (!isInsider(viewer.membership) && (viewer.membership !== 'none' || ride.approvalRequired)) return 'not-member';
  return null;
}

export const hasFreeSeat = (ride: Pick<RideFacts, 'participantCount' | 'maxRiders'>) => ride.participantCount < ride.maxRiders;

/**
 * What a viewer may do with a ride, sent with it as `abilities` so the client shows exactly what
 * the services below allow: joining (joinRefusal) with a free seat; a participant who is not the
 * owner may leave; managing (mayManageRide), deleting and commenting as above; media as the media
 * policy says (`uploadMedia` is adding GPX routes; the ride's own JSON adds `addMedia`, photos and videos).
 */
export function rideAbilities(viewer: RideViewer, ride: RideFacts): RideAbilities {
  return {
    join: joinRefusal(viewer, ride) === null && hasFreeSeat(ride),
    leave: viewer.isParticipant && !viewer.isOwner,
    edit: mayManageRide(viewer),
    delete: mayDeleteRide(viewer),
    comment: mayComment(viewer),
    uploadMedia: canAddRideRoute(rideMediaViewer(viewer)),
  };
}

/** The ride's viewer in the media policy's terms. */
export function rideMediaViewer(viewer: RideViewer): RideMediaViewer {
  // An owner outside the group is no owner to the media policy either (no routes, no removing others' files).
  return { signedIn: viewer.signedIn, isRideOwner: actsAsOwner(viewer), isRideRider: ridesAsRider(viewer), membership: viewer.membership };
}

/**
 * The waitlist of a full ride, with the rules of joining: whoever could join the ride but for the
 * free seat may wait for one; a rider with a seat cannot. `queueAhead`: riders wait for a free seat
 * while it still goes to the first of them (waitlistPromotes), so a rider who is not first cannot
 * take it by joining directly.
 */
export function waitlistAbilities(
  viewer: RideViewer,
  ride: RideFacts & { promotes: boolean },
  standing: { count: number; position: number | null },
): { joinWaitlist: boolean; leaveWaitlist: boolean; queueAhead: boolean } {
  return {
    joinWaitlist: joinRefusal(viewer, ride) === null && !hasFreeSeat(ride) && standing.position === null,
    leaveWaitlist: standing.position !== null,
    queueAhead: ride.promotes && standing.count > 0 && standing.position !== 1,
  };
}

/**
 * The minimum riders decision: it is due once its time has come with a confirmed ride below its
 * minimum riders, until the owner chooses to keep the ride (or cancels it).
 */
export function minimumDecision(
  ride: { status: RideStatus; min_riders: number; min_riders_decision_at: string | null; min_riders_kept_at: string | null; participants: unknown[] },
  now = Date.now(),
): RideMinimumDecision {
  const at = ride.min_riders_decision_at;
  const due = at !== null && Date.parse(at) <= now && ride.status === 'confirmed' && ride.participants.length < ride.min_riders && ride.min_riders_kept_at === null;
  return { at, due, kept: ride.min_riders_kept_at !== null };
}

export function canDecideMinimum(viewer: RideViewer, decision: { due: boolean }): boolean {
  return mayManageRide(viewer) && decision.due;
}

// ---------------------------------------------------------------- enforcement (the services call these)

export function assertMayManageRide(viewer: RideViewer): void {
  if (!mayManageRide(viewer)) throw forbidden('no_ride_edit_permission');
}

export function assertMayDeleteRide(viewer: RideViewer): void {
  if (!mayDeleteRide(viewer)) throw forbidden('no_ride_delete_permission');
}

/** Reading a ride's comments names their authors: as maySeeRiders (403 otherwise, as a member list is). */
export function assertMaySeeRiders(viewer: RideViewer, approvalRequired: boolean): void {
  if (!maySeeRiders(viewer, approvalRequired)) throw forbidden('ride_comments_for_members');
}

export function assertMayComment(viewer: RideViewer): void {
  if (!mayComment(viewer)) throw forbidden('no_comment_permission');
}

const joinRefusals: Record<JoinRefusal, () => HttpError> = {
  'signed-out': () => forbidden('sign_in_to_join'),
  'already-joined': () => conflict('already_joined'),
  'not-open': () => conflict('ride_not_open'),
  banned: () => forbidden('banned_from_group'),
  'not-member': () => forbidden('join_group_first'),
};

/** The rules of joining a ride or its waitlist; the seats themselves are counted under the ride's lock. */
export function assertMayJoin(viewer: RideViewer, ride: Pick<RideFacts, 'status' | 'approvalRequired'>): void {
  const refusal = joinRefusal(viewer, ride);
  if (refusal) throw joinRefusals[refusal]();
}

export const OWNER_CANNOT_LEAVE = 'The owner cannot leave their own ride';

export function assertMayLeave(viewer: RideViewer): void {
  if (viewer.isOwner) throw forbidden('owner_cannot_leave_ride');
  if (!viewer.isParticipant) throw conflict('not_joined_ride');
}

export function assertMayDecideMinimum(viewer: RideViewer, decision: { due: boolean }): void {
  assertMayManageRide(viewer);
  if (!canDecideMinimum(viewer, decision)) throw conflict('no_minimum_decision');
}

/** Rides are planned by the group's insiders (the groups policy's createRide ability). */
export function assertMayPlanRide(membership: MembershipStatus): void {
  if (!groupAbilities(membership, true).createRide) throw forbidden('only_members_create_rides');
}
