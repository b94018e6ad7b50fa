import { sql, type RawBuilder } from 'kysely';

export interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * An ORDER BY expression that ranks points by their distance from a centre on a flat map
 * (longitude shrunk by the cosine of the centre's latitude): plain arithmetic, the same on SQLite
 * and PostgreSQL, close enough to rank candidates before the exact great-circle distance decides.
 * A box that wraps to every longitude (near a pole or the antimeridian) ranks by latitude only,
 * since longitude differences there say little.
 */
export function flatDistance(lat: RawBuilder<unknown>, lon: RawBuilder<unknown>, centre: { lat: number; lon: number }, box: Box): RawBuilder<number> {
  const dLat = sql`(${lat} - ${centre.lat})`;
  if (box.minLon <= -180 && box.maxLon >= 180) return sql<number>`${dLat} * ${dLat}`;
  const shrink = Math.cos((centre.lat * Math.PI) / 180) ** 2;
  const dLon = sql`(${lon} - ${centre.lon})`;
  return sql<number>`${dLat} * ${dLat} + ${dLon} * ${dLon} * ${shrink}`;
}
