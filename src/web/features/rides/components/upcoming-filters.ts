import type { Ride } from '../../../../shared/rides/ride';
import { daysBetween, localDay } from '../../../../shared/rides/ride-time';
import { matchesSearchText } from '../../../lib/search-text';

type RideDates = Pick<Ride, 'startDate' | 'endDate' | 'timezone'>;

/**
 * The day a ride starts on its own clock, as its page shows it. The spec keys calendar days by the
 * UTC date; a ride at 21:00 in UTC-05:00 would then sit on the next day, unlike its page and card.
 */
export function rideDayKey(ride: RideDates): string {
  return localDay(ride.startDate, ride.timezone);
}

/** Every day of a ride on its own clock, from its start day to its end day: a three-day tour is on the calendar three times. */
export function rideDaysOf(ride: RideDates): string[] {
  return daysBetween(rideDayKey(ride), localDay(ride.endDate, ride.timezone));
}

/** Rides whose name, description, stops or group contain the search text (ignoring case, accents and the apostrophe's shape: searchText). */
export function matchesSearch(ride: Ride, search: string): boolean {
  return matchesSearchText([ride.name, ride.description, ride.startLocation, ride.midpointLocation, ride.endLocation, ride.group?.name, ...ride.waypoints.map((w) => w.name)], search);
}

/** Rides matching the search that are under way on `day` (any of their days), or all matching when no day. */
export function filterRides(rides: readonly Ride[], { search, day }: { search: string; day: string }): Ride[] {
  return rides.filter((ride) => matchesSearch(ride, search) && (!day || rideDaysOf(ride).includes(day)));
}

/** The days that have rides, for the calendar's highlight. */
export function rideDays(rides: readonly Ride[]): string[] {
  return [...new Set(rides.flatMap(rideDaysOf))].sort();
}
