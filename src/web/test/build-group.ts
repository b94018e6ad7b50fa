import type { Group, GroupMember, MembershipStatus } from '../../shared/groups/group';
import { groupAbilities } from '../../shared/groups/group-abilities';

/** A group as the API sends it, with the abilities the server's policy gives `status`. */
export function buildGroup(overrides: Partial<Group> & { membershipStatus?: MembershipStatus } = {}): Group {
  const status = overrides.membershipStatus ?? 'member';
  return {
    id: 'g1',
    name: 'Night Riders',
    slug: 'night-riders',
    description: 'Evening loops',
    location: 'Bologna, Emilia-Romagna, Italy',
    latitude: 44.49,
    longitude: 11.34,
    groupImageUrl: null,
    creatorId: 'u_owner',
    membershipApprovalRequired: false,
    timezoneOffset: 'UTC+01:00',
    timezoneName: 'Berlin',
    timezone: 'Europe/Berlin',
    memberCount: 3,
    rideCount: 2,
    radiusKm: 50,
    upcomingRides: 1,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    creator: { userId: 'ana-rides', profileImageUrl: null },
    membershipStatus: status,
    abilities: groupAbilities(status, true),
    ...overrides,
  };
}

/** A member as the members list sends them; `abilities` are what the viewer may do to them. */
export function buildMember(overrides: Partial<GroupMember> = {}): GroupMember {
  const role = overrides.role ?? 'member';
  return {
    id: `u_${role}`,
    userId: `${role}-rider`,
    profileImageUrl: null,
    location: null,
    isOwner: role === 'owner',
    role,
    joinedAt: '2026-01-01T00:00:00.000Z',
    abilities: { makeCoOrganizer: false, removeCoOrganizer: false, transferOwnership: false, remove: false },
    ...overrides,
  };
}
