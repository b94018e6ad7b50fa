import { msg } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import type { LocationSearchResult } from '../../shared/geo/location-search';
import { apiGet } from '../lib/api-client';
import { geocodingKeys } from './query-keys';

export { geocodingKeys };

export type { LocationSearchResult } from '../../shared/geo/location-search';

/**
 * A stop is never saved somewhere the rider did not see: typed text that was not placed needs a
 * place or the rider's explicit "keep as text only" before the form saves.
 */
export const UNPLACED = msg`Pick a place from the suggestions, or keep it as text only`;

/** What a location picker hands to its parent (spec 1 section 3, "Selected location"). */
export interface SelectedPlace {
  address: string;
  latitude: number;
  longitude: number;
}

/**
 * GET /api/search-location?q=: place names, or "lat,lon" for the nearest places (reverse look-up).
 * The server answers from its own gazetteer (and an optional geocoder it is configured with); the
 * browser never calls an outside service (the CSP forbids it).
 */
export function searchLocations(q: string, signal?: AbortSignal, near?: NearPoint | null): Promise<LocationSearchResult[]> {
  const nearParam = near ? `&near=${encodeURIComponent(nearText(near))}` : '';
  return apiGet<LocationSearchResult[]>(`/api/search-location?q=${encodeURIComponent(q)}${nearParam}`, { signal });
}

/** The point results are ranked toward: the group's location in group-owned ride forms, else the rider's. */
export interface NearPoint {
  latitude: number;
  longitude: number;
}

function nearText(near: NearPoint): string {
  return `${near.latitude.toFixed(4)},${near.longitude.toFixed(4)}`;
}

/** A point from nullable coordinates, or null when either is missing. */
export function nearPointOf(place: { latitude: number | null; longitude: number | null } | null | undefined): NearPoint | null {
  if (!place || place.latitude === null || place.longitude === null) return null;
  return { latitude: place.latitude, longitude: place.longitude };
}

export function locationSearchQueryOptions(q: string, near?: NearPoint | null) {
  const text = q.trim();
  return queryOptions({
    queryKey: geocodingKeys.search(text, near ? nearText(near) : ''),
    queryFn: ({ signal }) => searchLocations(text, signal, near),
    enabled: text.length > 0,
  });
}

/** A result as the pickers hand it on; coordinates arrive as strings. */
export function placeOf(result: LocationSearchResult): SelectedPlace {
  return { address: result.display_name, latitude: Number(result.lat), longitude: Number(result.lon) };
}

/** Coordinates as the spec shows them: 4 decimals. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
}

/**
 * The name of the place nearest to a position (reverse look-up through our own search), or the
 * coordinates to 4 decimals when there is none or the look-up fails (spec 1 section 7).
 */
export async function nameOfPosition(latitude: number, longitude: number): Promise<string> {
  try {
    const results = await searchLocations(`${latitude.toFixed(6)},${longitude.toFixed(6)}`);
    const name = results[0]?.display_name;
    if (name) return name;
  } catch (error) {
    console.error('Reverse look-up failed', error);
  }
  return formatCoordinates(latitude, longitude);
}
