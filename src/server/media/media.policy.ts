import { type MediaAbilities, type MediaAssociatedType, type MediaFileType } from '../../shared/media/media-item';
import type { MembershipStatus } from '../../shared/groups/group';
import { forbidden, notFound } from '../platform/errors';
import { groupAbilities, isInsider, isOrganizer } from '../groups/groups.policy';

/**
 * Who may see, add and change media. Pure functions over facts the services load first; the
 * abilities sent to the client and the `assert…` helpers the services call are built from the
 * same functions, so what the client offers is what the server allows.
 *
 * - A rider's avatar, a group's image and a ride's media (GPX tracks included) are public: they
 *   show wherever the rider, group or ride shows, and rides are visible to every visitor.
 * - A rider's gallery ('profile') and background follow the profile's visibility.
 * - A group's media is for its members.
 * - Riders share the day: any rider of a ride and any member of its group adds photos and videos
 *   to it; GPX files draw the ride's route, so only the ride's owner adds those.
 * - The uploader edits an item's description; the uploader and whoever runs the place it is
 *   attached to (a ride's owner, the owner or a co-organizer of the ride's or the item's group)
 *   delete it. A group's image is set by whoever manages the group (its owner).
 */
export type MediaAudience = 'public' | 'profile' | 'group';

export function audienceOf(associatedType: MediaAssociatedType | null): MediaAudience {
  switch (associatedType) {
    case 'user_avatar':
    case 'group_image':
    case 'ride':
      return 'public';
    case 'group':
      return 'group';
    default:
      return 'profile';
  }
}

export interface ViewFacts {
  /** The rider who uploaded the item is looking. */
  isUploader: boolean;
  /** The profile the item belongs to is visible to the viewer (profile audience). */
  profileVisible: boolean;
  /** The viewer is a member (or the owner) of the item's group (group audience). */
  groupInsider: boolean;
}

export function canViewMedia(audience: MediaAudience, facts: ViewFacts): boolean {
  if (facts.isUploader) return true;
  if (audience === 'public') return true;
  if (audience === 'profile') return facts.profileVisible;
  return facts.groupInsider;
}

/** Who runs a group (its owner and co-organizers): they may remove any of its media and its rides' media. */
export function runsGroup(membership: MembershipStatus): boolean {
  return isOrganizer(membership);
}

/** What the viewer is to a ride, for its media. */
export interface RideMediaViewer {
  signedIn: boolean;
  isRideOwner: boolean;
  /** Holds a seat on the ride. */
  isRideRider: boolean;
  /** Their standing in the ride's group. */
  membership: MembershipStatus;
}

/** Photos and videos: any rider of the ride and any member of its group. */
export function canAddRideMedia(viewer: RideMediaViewer): boolean {
  return viewer.signedIn && (viewer.isRideOwner || viewer.isRideRider || isInsider(viewer.membership));
}

/** GPX files draw the ride's route on its page and its navigator files: only its owner adds them. */
export function canAddRideRoute(viewer: RideMediaViewer): boolean {
  return viewer.signedIn && viewer.isRideOwner;
}

/** Whoever may remove anything attached to a ride: its owner and its group's owner. */
export function runsRide(viewer: RideMediaViewer): boolean {
  return viewer.signedIn && (viewer.isRideOwner || runsGroup(viewer.membership));
}

/** The facts that decide what the viewer may do with one item. */
export interface ItemFacts {
  isUploader: boolean;
  /** The viewer runs the ride or group the item is attached to (runsRide, runsGroup). */
  runsPlace: boolean;
}

export function mediaAbilities(facts: ItemFacts): MediaAbilities {
  return { edit: facts.isUploader, delete: facts.isUploader || facts.runsPlace };
}

/** 403 unless the viewer may edit (the description) or delete the item they can see. */
export function assertMayChangeMedia(facts: ItemFacts, action: keyof MediaAbilities): void {
  if (mediaAbilities(facts)[action]) return;
  throw forbidden(action === 'delete' ? 'media_delete_not_allowed' : 'media_uploader_only');
}

/** The facts an upload target is decided on: a rider's own kinds, a ride, or a group. */
export type UploadTargetFacts =
  | { kind: 'own'; userId: string; accountId: string }
  | { kind: 'ride'; viewer: RideMediaViewer }
  | { kind: 'group'; associatedType: 'group' | 'group_image'; membership: MembershipStatus };

/** Whether the rider may attach anything to the target (before the file's type is known). */
export function canUploadTo(target: UploadTargetFacts): boolean {
  switch (target.kind) {
    case 'own':
      return target.userId === target.accountId;
    case 'ride':
      return canAddRideMedia(target.viewer);
    case 'group':
      return target.associatedType === 'group_image' ? groupAbilities(target.membership, true).manage : isInsider(target.membership);
  }
}

/** Refuses an upload the rider may not make: 404 for another rider's profile (it may be hidden), 403 otherwise. */
export function assertMayUploadTo(target: UploadTargetFacts): void {
  if (canUploadTo(target)) return;
  if (target.kind === 'own') throw notFound('not_found');
  if (target.kind === 'ride') throw forbidden('media_ride_riders_only');
  throw forbidden(target.associatedType === 'group_image' ? 'media_group_owner_only' : 'media_group_members_only');
}

/** Once the file's type is known: a GPX file on a ride is the ride's route, its owner's to add (403 otherwise). */
export function assertMayStoreFileType(target: UploadTargetFacts, fileType: MediaFileType): void {
  if (target.kind === 'ride' && fileType === 'gpx' && !canAddRideRoute(target.viewer)) throw forbidden('media_ride_route_owner_only');
}
