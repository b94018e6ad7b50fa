import type { RideAbilities, RideStatus } from '../../shared/rides/ride';
import type { MembershipStatus } from '../../shared/groups/group';

export interface RideViewer {
  signedIn: boolean;
  isOwner: boolean;
  isParticipant: boolean;
  /** The viewer's membership of the ride's group. */
  membership: MembershipStatus;
}

/**
 * Spec 2 sections 4 and 6 with GUIDE section 10: joining needs a confirmed ride with a free seat,
 * a rider who is neither owner nor participant, and membership of the group (an open group's
 * membership is added on the way). A participant who is not the owner may leave. Only the owner
 * edits, deletes and uploads media. Members of the group and participants may comment.
 */
export function rideAbilities(viewer: RideViewer, ride: { status: RideStatus; participantCount: number; maxRiders: number; approvalRequired: boolean }): RideAbilities {
  const insider = viewer.membership === 'owner' || viewer.membership === 'member';
  const seatFree = ride.participantCount < ride.maxRiders;
  return {
    join:
      viewer.signedIn &&
      ride.status === 'confirmed' &&
      !viewer.isOwner &&
      !viewer.isParticipant &&
      seatFree &&
      (insider || (viewer.membership === 'none' && !ride.approvalRequired)),
    leave: viewer.isParticipant && !viewer.isOwner,
    edit: viewer.isOwner,
    delete: viewer.isOwner,
    comment: viewer.signedIn && (insider || viewer.isParticipant),
    uploadMedia: viewer.isOwner,
  };
}

/**
 * The waitlist of a full ride, with the rules of joining (rideAbilities): whoever could join the
 * ride but for the free seat may wait for one; a rider with a seat cannot. `queueAhead`: riders
 * wait for a free seat while it still goes to the first of them (waitlistPromotes), so a rider who
 * is not first cannot take it by joining directly.
 */
export function waitlistAbilities(
  viewer: RideViewer,
  ride: { status: RideStatus; participantCount: number; maxRiders: number; approvalRequired: boolean; promotes: boolean },
  standing: { count: number; position: number | null },
): { joinWaitlist: boolean; leaveWaitlist: boolean; queueAhead: boolean } {
  const wouldJoin = rideAbilities(viewer, { ...ride, participantCount: 0, maxRiders: 1 }).join;
  return {
    joinWaitlist: wouldJoin && ride.participantCount >= ride.maxRiders && standing.position === null,
    leaveWaitlist: standing.position !== null,
    queueAhead: ride.promotes && standing.count > 0 && standing.position !== 1,
  };
}

/** The owner decides about a ride that reached its decision time below its minimum riders. */
export function canDecideMinimum(viewer: RideViewer, decision: { due: boolean }): boolean {
  return viewer.isOwner && decision.due;
}
