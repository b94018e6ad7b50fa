import type { Group, GroupMember, MembershipRequest, MembershipStatus } from '../../shared/groups/group';
import { toBool, toCount, toNumberOrNull } from '../db/database';
import type { GroupRole } from '../db/schema';
import { groupAbilities, memberAbilities, membershipStatusOf } from './groups.policy';
import type { GroupRow } from './groups.repository';
import { zoneOffsetLabel } from '../../shared/timezones/zoned-time';

export function presentGroup(row: GroupRow, viewerId: string | null): Group {
  const status = membershipStatusOf(row, viewerId);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    location: row.location,
    latitude: toNumberOrNull(row.latitude),
    longitude: toNumberOrNull(row.longitude),
    groupImageUrl: row.group_image_url,
    creatorId: row.creator_id,
    membershipApprovalRequired: toBool(row.membership_approval_required),
    // The spec's offset today, from the group's zone (a ride answers the offset of its own date).
    timezoneOffset: zoneOffsetLabel(row.timezone, Date.now()),
    timezoneName: row.timezone_name,
    timezone: row.timezone,
    memberCount: toCount(row.member_count),
    rideCount: toCount(row.ride_count),
    radiusKm: Number(row.radius_km),
    upcomingRides: toCount(row.upcoming_rides),
    // GUIDE section 10: an upcoming ride, or a ride, poll or new member in the last 30 days.
    isActive: toCount(row.is_active) > 0,
    createdAt: row.created_at,
    creator: { userId: row.creator_handle, profileImageUrl: row.creator_image },
    membershipStatus: status,
    abilities: groupAbilities(status, viewerId !== null, toCount(row.viewer_is_banned) > 0),
  };
}

/** A member's role as the list shows it: the owner is 'owner' whatever their membership row says. */
export function memberRoleOf(row: { id: string; role: GroupRole }, creatorId: string): GroupMember['role'] {
  return row.id === creatorId ? 'owner' : row.role;
}

type GroupPersonColumns = { handle: string; profile_image_url: string | null; location: string | null };

/** A rider as the group's lists show them; `showLocation` false leaves out where they live (their profile is hidden from the viewer). */
function presentGroupPerson(id: string, row: GroupPersonColumns, showLocation: boolean) {
  return { id, userId: row.handle, profileImageUrl: row.profile_image_url, location: showLocation ? row.location : null };
}

/** A member as an insider sees them, with what the viewer may do to them. */
export function presentMember(
  row: GroupPersonColumns & { id: string; joined_at: string; role: GroupRole },
  viewer: { id: string; status: MembershipStatus },
  creatorId: string,
  showLocation: boolean,
): GroupMember {
  const role = memberRoleOf(row, creatorId);
  return {
    ...presentGroupPerson(row.id, row, showLocation),
    isOwner: role === 'owner',
    role,
    joinedAt: row.joined_at,
    abilities: memberAbilities(viewer.status, { role, isSelf: row.id === viewer.id }),
  };
}

export function presentRequest(
  row: GroupPersonColumns & { id: string; requested_at: string; user_pk: string },
  showLocation: boolean,
): MembershipRequest {
  return { id: row.id, requestedAt: row.requested_at, user: presentGroupPerson(row.user_pk, row, showLocation) };
}
