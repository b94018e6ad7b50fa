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
