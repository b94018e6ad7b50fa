import type { QueryClient } from '@tanstack/react-query';

/*
 * The query keys of every domain, in one module because they nest across domains: a group's polls,
 * rides and invitations live under the group's key, so a membership change refreshes them with one
 * prefix invalidation. Each domain's module in src/web/api re-exports its own factory; components
 * never write a key by hand.
 */

/** The rider's own list is the root key itself; everything else about groups lives below it. */
export const groupsKeys = {
  all: ['groups'] as const,
  mine: () => groupsKeys.all,
  one: (groupId: string) => [...groupsKeys.all, groupId] as const,
  byName: (name: string) => [...groupsKeys.all, 'by-name', name] as const,
  byId: (groupId: string) => [...groupsKeys.all, 'by-id', groupId] as const,
  members: (groupId: string) => [...groupsKeys.one(groupId), 'members'] as const,
  rides: (groupId: string) => [...groupsKeys.one(groupId), 'rides'] as const,
  membershipRequests: (groupId: string) => [...groupsKeys.one(groupId), 'membership-requests'] as const,
  /** The riders removed and kept from rejoining (organizers). */
  bans: (groupId: string) => [...groupsKeys.one(groupId), 'bans'] as const,
  search: (term: string) => [...groupsKeys.all, 'search', term] as const,
  finder: (latitude: number, longitude: number, radius: number) => [...groupsKeys.all, 'finder', latitude, longitude, radius] as const,
  /** The rider's own pending requests live apart from the groups: they are polled on their own clock. */
  allMembershipRequests: ['membership-requests'] as const,
  pendingMemberships: () => [...groupsKeys.allMembershipRequests, 'pending'] as const,
};

/** A group's polls live under its group key; the dashboard's active polls under ['polls']. */
export const pollsKeys = {
  all: ['polls'] as const,
  active: () => [...pollsKeys.all, 'active'] as const,
  ofGroup: (groupId: string) => [...groupsKeys.one(groupId), 'polls'] as const,
};

/** Every ride query lives under ['rides'] (upcoming, a ride, its comments, finder results). */
export const ridesKeys = {
  all: ['rides'] as const,
  upcoming: () => [...ridesKeys.all, 'upcoming'] as const,
  one: (rideId: string) => [...ridesKeys.all, rideId] as const,
  bySlugs: (groupSlug: string, rideSlug: string) => [...ridesKeys.all, 'by-slug', groupSlug, rideSlug] as const,
  comments: (rideId: string) => [...ridesKeys.one(rideId), 'comments'] as const,
  finder: (latitude: number, longitude: number, radius: number) => [...ridesKeys.all, 'finder', latitude, longitude, radius] as const,
  /** A series lives under the rides, so any change to its rides refreshes it. */
  series: (seriesId: string) => [...ridesKeys.all, 'series', seriesId] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
};

/** Every media list lives under ['media'], so an upload or a delete refreshes them all (gallery, profile, a ride's files). */
export const mediaKeys = {
  all: ['media'] as const,
  ofUser: (userId: string) => [...mediaKeys.all, 'user', userId] as const,
  allOfUsers: () => [...mediaKeys.all, 'user'] as const,
  storage: (userId: string) => [...mediaKeys.all, 'storage', userId] as const,
  ofRide: (rideId: string) => [...mediaKeys.all, 'ride', rideId] as const,
  gpx: (mediaId: string) => [...mediaKeys.all, 'gpx', mediaId] as const,
};

export const usersKeys = {
  all: ['users'] as const,
  current: () => [...usersKeys.all, 'current'] as const,
  allProfiles: () => [...usersKeys.all, 'profile'] as const,
  profile: (username: string) => [...usersKeys.allProfiles(), username] as const,
  recentRides: (userId: string) => [...usersKeys.all, 'recent-rides', userId] as const,
  usernameAvailability: (username: string, excludeUserId: string) => [...usersKeys.all, 'check-username', username.toLowerCase(), excludeUserId] as const,
  calendarFeed: (userId: string) => [...usersKeys.all, userId, 'calendar'] as const,
  notificationSettings: (userId: string) => [...usersKeys.all, userId, 'notification-settings'] as const,
};

export const authKeys = {
  sessions: () => ['auth', 'sessions'] as const,
};

export const invitesKeys = {
  one: (token: string) => ['invitations', token] as const,
  ofGroup: (groupId: string) => [...groupsKeys.one(groupId), 'invitations'] as const,
};

export const notificationsKeys = {
  all: ['notifications'] as const,
};

export const geocodingKeys = {
  search: (text: string, near: string) => ['search-location', text, near] as const,
};

export const routingKeys = {
  route: (points: string) => ['route', points] as const,
};

export const appConfigKeys = {
  all: ['app-config'] as const,
};

/** After a join, leave, create, delete or decision: every group query, plus the rider's pending requests. */
export function invalidateGroups(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: groupsKeys.all }),
    queryClient.invalidateQueries({ queryKey: groupsKeys.allMembershipRequests }),
  ]).then(() => undefined);
}

/**
 * After a ride is created, changed, joined, left or deleted (spec 2 section 7): the ride lists, the
 * groups and their rides lists, and the dashboard stats.
 */
export function invalidateRideLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ridesKeys.all }),
    queryClient.invalidateQueries({ queryKey: groupsKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]).then(() => undefined);
}
