import type { MediaAbilities, MediaAssociatedType } from '../../shared/media/media-item';

/**
 * Who may see, add and change media. Pure functions over facts the service loads first.
 *
 * - A rider's avatar, a group's image and a ride's media (GPX tracks included) are public: they
 *   show wherever the rider, group or ride shows, and rides are visible to every visitor.
 * - A rider's gallery ('profile') and background follow the profile's visibility.
 * - A group's media is for its members (GUIDE section 10).
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

/** Only the uploader edits or deletes an item; a ride's media also its owner (spec 2 section 6). */
export function mediaAbilities(facts: { isUploader: boolean; isRideOwner: boolean }): MediaAbilities {
  const mine = facts.isUploader || facts.isRideOwner;
  return { edit: mine, delete: mine };
}

export interface UploadFacts {
  userId: string;
  /** profile kinds: the rider the upload is for; group_image: the group's owner; ride: the ride's owner. */
  targetOwnerId: string | null;
  /** group: the uploader is a member (or the owner) of the group. */
  groupInsider: boolean;
}

/** Who may attach an upload to what. */
export function canUploadTo(associatedType: MediaAssociatedType, facts: UploadFacts): boolean {
  switch (associatedType) {
    case 'group':
      return facts.groupInsider;
    default:
      return facts.targetOwnerId !== null && facts.targetOwnerId === facts.userId;
  }
}

/** A rider's avatar and profile background can only be set by that rider. */
export function canAttachToProfile(userId: string, associatedId: string): boolean {
  return userId === associatedId;
}
