import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type Transaction } from 'kysely';
import { EARTH_RADIUS_KM } from '../../shared/geo/coordinates';
import type { Database } from './schema';

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

/** A place and a distance around it, in kilometres. */
export interface Circle {
  centre: { lat: number; lon: number };
  radiusKm: number;
}

/**
 * The bounding box around a circle: an indexed prefilter on latitude and longitude, after which
 * the exact great-circle distance decides (GUIDE section 8). Near the poles or across the
 * antimeridian the box widens to every longitude rather than missing anything.
 */
export function boundingBox({ centre, radiusKm }: Circle): Box {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cos = Math.cos((centre.lat * Math.PI) / 180);
  const dLon = cos < 1e-6 ? 180 : Math.min(180, dLat / cos);
  const minLon = centre.lon - dLon;
  const maxLon = centre.lon + dLon;
  const wraps = minLon < -180 || maxLon > 180;
  return {
    minLat: Math.max(-90, centre.lat - dLat),
    maxLat: Math.min(90, centre.lat + dLat),
    minLon: wraps ? -180 : minLon,
    maxLon: wraps ? 180 : maxLon,
  };
}

/**
 * The great-circle distance in kilometres from a centre, by the haversine formula: the same
 * arithmetic as shared/geo/coordinates distanceKm, in SQL that SQLite (its math functions, built
 * into better-sqlite3) and PostgreSQL both run. The centre's own sines and cosines are worked out
 * here, so the database computes only what depends on the row.
 */
export function greatCircleKm(lat: RawBuilder<unknown>, lon: RawBuilder<unknown>, centre: { lat: number; lon: number }): RawBuilder<number> {
  const toRadians = Math.PI / 180;
  const halfDLat = sql`((radians(${lat}) - ${centre.lat * toRadians}) / 2)`;
  const halfDLon = sql`((radians(${lon}) - ${centre.lon * toRadians}) / 2)`;
  const h = sql`(sin(${halfDLat}) * sin(${halfDLat}) + ${Math.cos(centre.lat * toRadians)} * cos(radians(${lat})) * sin(${halfDLon}) * sin(${halfDLon}))`;
  // h never exceeds 1 but by rounding, at the antipode: asin would then answer null (SQLite) or fail.
  return sql<number>`(${2 * EARTH_RADIUS_KM} * asin(sqrt(case when ${h} > 1 then 1 else ${h} end)))`;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** Which of the places found, nearest first, a search answers with. */
export interface NearestPage {
  offset: number;
  limit: number;
}

/**
 * The finders' one statement for "nearest first": the ids and great-circle distances of a page
 * of the places within the circle, nearest first (ties by id), each with `total`, how many places
 * lie within it. `places` is the table with its own conditions (upcoming rides, say). Its box is
 * read by latitude cell (`nearestInBox`), the `candidates` nearest by the flat measure are weighed
 * by the exact distance (so `total` counts `candidates` at most), and only the page leaves the
 * database: a repository joins this to the full rows of what it shows, so the rows and their
 * counts are read for those alone, in the same statement. Sending the candidates to the server
 * instead cost a round trip and the parsing of a thousand rows per search
 * (docs/decisions/2026-11-25-finder-one-statement.md).
 */
export function nearestInCircle<TB extends keyof Database & string>(
  db: Executor,
  places: SelectQueryBuilder<Database, TB, object>,
  columns: { id: string; lat: string; lon: string },
  circle: Circle,
  page: NearestPage,
  candidates: number,
) {
  const lat = sql.ref(columns.lat);
  const lon = sql.ref(columns.lon);
  const inBox = nearestInBox(
    places.select([sql<string>`${sql.ref(columns.id)}`.as('id'), greatCircleKm(lat, lon, circle.centre).as('distance_km')]),
    columns,
    boundingBox(circle),
    circle.centre,
    candidates,
  );
  return db
    .selectFrom(inBox.as('candidates'))
    .select(['candidates.id', 'candidates.distance_km', sql<number>`count(*) over ()`.as('total')])
    .where('candidates.distance_km', '<=', circle.radiusKm)
    .orderBy('candidates.distance_km')
    .orderBy('candidates.id')
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of `nearestInCircle` rows with the total and where the next page starts. A page past the
 * end has no row to carry the total, so it is asked for again from the start (one row).
 */
export async function readNearestPage<Row extends { total: number | string }>(
  read: (page: NearestPage) => Promise<Row[]>,
  page: NearestPage,
): Promise<{ rows: Row[]; total: number; nextOffset: number | null }> {
  const rows = await read(page);
  const carrier = rows[0] ?? (page.offset > 0 ? (await read({ offset: 0, limit: 1 }))[0] : undefined);
  const total = carrier === undefined ? 0 : Number(carrier.total);
  const end = page.offset + rows.length;
  return { rows, total, nextOffset: rows.length > 0 && end < total ? end : null };
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
