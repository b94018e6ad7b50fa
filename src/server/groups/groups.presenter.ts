import type { Group, GroupMember, MembershipRequest, MembershipStatus } from '../../shared/groups/group';
import { toBool, toCount } from '../db/database';
import { groupAbilities } from './groups.policy';
import type { GroupRow } from './groups.repository';

/** The viewer's standing in a group, from a row that selected `viewerMembershipColumns` and the group's creator. */
export function membershipStatusOf(
  row: { creator_id: string | null; viewer_is_member: number | string | bigint | null; viewer_is_pending: number | string | bigint | null },
  viewerId: string | null,
): MembershipStatus {
  if (viewerId && row.creator_id === viewerId) return 'owner';
  if (toCount(row.viewer_is_member) > 0) return 'member';
  if (toCount(row.viewer_is_pending) > 0) return 'pending';
  return 'none';
}

export function presentGroup(row: GroupRow, viewerId: string | null): Group {
  const status = membershipStatusOf(row, viewerId);
  const upcomingRides = toCount(row.upcoming_rides);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    location: row.location,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    groupImageUrl: row.group_image_url,
    creatorId: row.creator_id,
    membershipApprovalRequired: toBool(row.membership_approval_required),
    timezoneOffset: row.timezone_offset,
    timezoneName: row.timezone_name,
    memberCount: toCount(row.member_count),
    rideCount: toCount(row.ride_count),
    radiusKm: Number(row.radius_km),
    upcomingRides,
    // GUIDE section 10: an upcoming ride, or a ride, poll or new member in the last 30 days.
    isActive: upcomingRides > 0 || toCount(row.recent_activity) > 0,
    createdAt: row.created_at,
    creator: { userId: row.creator_handle, profileImageUrl: row.creator_image },
    membershipStatus: status,
    abilities: groupAbilities(status, viewerId !== null),
  };
}

/** A member as an insider sees them; `showLocation` false leaves out where they live (their profile is hidden from the viewer). */
export function presentMember(
  row: { id: string; user_id: string; profile_image_url: string | null; location: string | null; joined_at: string },
  creatorId: string,
  showLocation: boolean,
): GroupMember {
  return { id: row.id, userId: row.user_id, profileImageUrl: row.profile_image_url, location: showLocation ? row.location : null, isOwner: row.id === creatorId, joinedAt: row.joined_at };
}

export function presentRequest(
  row: { id: string; requested_at: string; user_pk: string; user_id: string; profile_image_url: string | null; location: string | null },
  showLocation: boolean,
): MembershipRequest {
  return { id: row.id, requestedAt: row.requested_at, user: { id: row.user_pk, userId: row.user_id, profileImageUrl: row.profile_image_url, location: showLocation ? row.location : null } };
}
