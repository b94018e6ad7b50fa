/** Coordinates typed into a search box, and great-circle distance (spec 2 section 9: earth radius 6371 km). */

export const EARTH_RADIUS_KM = 6371;

export interface LatLon {
  lat: number;
  lon: number;
}

export type ParsedLatLon = ({ ok: true } & LatLon) | { ok: false; message: string };

export const COORDINATES_OUT_OF_RANGE = 'Latitude must be between -90 and 90 and longitude between -180 and 180';

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
const LAT_LON = new RegExp(String.raw`^\s*(${NUMBER})\s*,\s*(${NUMBER})\s*$`);

/**
 * Reads "lat,lon" text ("48.8566,2.3522", "-33.87, 151.21"). Returns null when the text is not a
 * coordinate pair at all (so it is a place name to search for), and { ok: false } when it is a pair
 * out of range.
 */
export function parseLatLon(text: string): ParsedLatLon | null {
  const match = LAT_LON.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return { ok: false, message: COORDINATES_OUT_OF_RANGE };
  }
  return { ok: true, lat, lon };
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
/** A distance as riders read it: kilometres to one decimal. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}

export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
