/** Spec 2 section 8, "Ride mini-map". */
export const MAP_NO_COORDINATES = 'Could not find coordinates for the route locations';
export const MAP_INIT_FAILED = 'Failed to initialize map';

/** Spec 2 section 9: map defaults. */
export const ROUTE_MAP_ZOOM = 13;
export const ROUTE_MAP_MAX_ZOOM = 18;
export const FIT_BOUNDS_PADDING = 20;

export interface MapStop {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** A stop placed on the map; `number` is its place in the route (1 = start). */
export interface LocatedStop {
  name: string;
  latitude: number;
  longitude: number;
  number: number;
}

/** Coordinates the map can use: present, finite, and not the 0,0 a cleared waypoint row holds. */
export function hasCoordinates(stop: MapStop): stop is MapStop & { latitude: number; longitude: number } {
  const { latitude, longitude } = stop;
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  return !(latitude === 0 && longitude === 0);
}

/**
 * The stops the map draws: those with coordinates, numbered by their place in the route. A stop the
 * server could not place stays off the map (the stop list says "not on the map"); the browser never
 * guesses a place for it, so nothing is drawn where the rider did not choose.
 */
export function placedStops(stops: readonly MapStop[]): LocatedStop[] {
  const placed: LocatedStop[] = [];
  stops.forEach((stop, index) => {
    if (hasCoordinates(stop)) placed.push({ name: stop.name, latitude: stop.latitude, longitude: stop.longitude, number: index + 1 });
  });
  return placed;
}
