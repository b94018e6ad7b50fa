import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

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

/**
 * The finders' indexes (migration 028) file places by their latitude in tenths of a degree, this
 * expression, ahead of their longitude. A query for a box lists the box's cells, so the index is
 * read as one short longitude range per cell: a plain (latitude, longitude) index reads every
 * place in the box's band of latitude around the world (36,000 rides for a 50 km circle at
 * 1,000,000 rides; docs/decisions/2026-11-24-scale.md). The literal 10 is part of the expression:
 * a database uses an expression index only for the very same expression.
 */
export function latitudeCell(lat: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`cast(${lat} * 10 as integer)`;
}

/**
 * The cells a box's latitudes fall in, and one more on each side: PostgreSQL rounds when it casts
 * to integer and SQLite truncates, both within floor and ceiling, and the margin absorbs the last
 * bit of floating-point arithmetic. The exact latitude test still follows.
 */
export function latitudeCells(box: Box): number[] {
  const cells: number[] = [];
  for (let cell = Math.floor(box.minLat * 10) - 1; cell <= Math.ceil(box.maxLat * 10) + 1; cell++) cells.push(cell);
  return cells;
}

/**
 * The finders' indexed prefilter (groups and rides alike): the rows whose point lies in the box,
 * read by latitude cell, nearest the centre first by `flatDistance`, at most `limit` of them.
 */
export function nearestInBox<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { lat: string; lon: string },
  box: Box,
  centre: { lat: number; lon: number },
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const lat = sql.ref(columns.lat);
  const lon = sql.ref(columns.lon);
  return query
    .where(latitudeCell(lat), 'in', latitudeCells(box))
    .where(lat, '>=', box.minLat)
    .where(lat, '<=', box.maxLat)
    .where(lon, '>=', box.minLon)
    .where(lon, '<=', box.maxLon)
    .orderBy(flatDistance(lat, lon, centre, box))
    .limit(limit);
}
