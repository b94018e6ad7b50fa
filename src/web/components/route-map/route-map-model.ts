import { searchLocations, type LocationSearchResult } from '../../lib/location-search';

/** Spec 2 section 8, "Ride mini-map". */
export const MAP_NO_COORDINATES = 'Could not find coordinates for the route locations';
export const MAP_LOAD_FAILED = 'Failed to load route locations';
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

type Search = (q: string) => Promise<LocationSearchResult[]>;

/**
 * Places every stop: its own coordinates, else the first place search result for its name (the
 * server's gazetteer). A failed search rejects (the map shows "Failed to load route locations");
 * stops nothing matches are left out.
 */
export async function locateStops(stops: readonly MapStop[], search: Search = (q) => searchLocations(q)): Promise<LocatedStop[]> {
  const located = await Promise.all(
    stops.map(async (stop, index): Promise<LocatedStop | null> => {
      if (hasCoordinates(stop)) return { name: stop.name, latitude: stop.latitude, longitude: stop.longitude, number: index + 1 };
      const name = stop.name.trim();
      if (!name) return null;
      const first = (await search(name))[0];
      if (!first) return null;
      const latitude = Number(first.lat);
      const longitude = Number(first.lon);
      return Number.isFinite(latitude) && Number.isFinite(longitude) ? { name: stop.name, latitude, longitude, number: index + 1 } : null;
    }),
  );
  return located.filter((stop): stop is LocatedStop => stop !== null);
}

/** A stable cache key for a list of stops. */
export function stopsKey(stops: readonly MapStop[]): string {
  return stops.map((s) => `${s.name}|${s.latitude ?? ''}|${s.longitude ?? ''}`).join(';');
}
