import type { Ride } from '../../../../shared/rides/ride';

/** Spec 2 section 4: calendar days are keyed by the UTC date of the ride's start. */
export function rideDayKey(ride: Pick<Ride, 'startDate'>): string {
  return new Date(ride.startDate).toISOString().slice(0, 10);
}

/** Rides whose name, description, stops or group contain the search text (ignoring case). */
export function matchesSearch(ride: Ride, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [ride.name, ride.description, ride.startLocation, ride.midpointLocation, ride.endLocation, ride.group?.name, ...ride.waypoints.map((w) => w.name)]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
  return haystack.includes(needle);
}

export function filterRides(rides: readonly Ride[], { search, day }: { search: string; day: string }): Ride[] {
  return rides.filter((ride) => matchesSearch(ride, search) && (!day || rideDayKey(ride) === day));
}

/** The UTC days that have rides, for the calendar's highlight. */
export function rideDays(rides: readonly Ride[]): string[] {
  return [...new Set(rides.map(rideDayKey))].sort();
}
