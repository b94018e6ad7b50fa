import type { Group, MembershipStatus } from '../../../../shared/groups/group';

/** A group as the API sends it, with the abilities the server's policy gives `status`. */
export function buildGroup(overrides: Partial<Group> & { membershipStatus?: MembershipStatus } = {}): Group {
  const status = overrides.membershipStatus ?? 'member';
  const owner = status === 'owner';
  const insider = owner || status === 'member';
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
    memberCount: 3,
    rideCount: 2,
    radiusKm: 50,
    upcomingRides: 1,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    creator: { userId: 'ana-rides', profileImageUrl: null },
    membershipStatus: status,
    abilities: {
      join: status === 'none',
      leave: status === 'member',
      manage: owner,
      delete: owner,
      invite: owner,
      createRide: insider,
      createPoll: insider,
      viewMembers: insider,
    },
    ...overrides,
  };
}
