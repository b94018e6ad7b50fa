import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { distanceKm, EARTH_RADIUS_KM } from '../../shared/geo/coordinates';
import type { Group } from '../../shared/groups/group';
import type { Ride } from '../../shared/rides/ride';
import { groupsRepository } from '../groups/groups.repository';
import { listGroupsByIds } from '../groups/groups.service';
import { ridesRepository } from '../rides/rides.repository';
import { listRideCardsByIds } from '../rides/ride-lists.service';
import type { JsonText } from '../platform/json-text';

export interface FinderQuery {
  latitude: number;
  longitude: number;
  radius: number;
}

/**
 * The bounding box around a circle: an indexed prefilter on latitude and longitude, after which
 * the exact great-circle distance decides (GUIDE section 8). Near the poles or across the
 * antimeridian the box widens to every longitude rather than missing anything.
 */
export function boundingBox({ latitude, longitude, radius }: FinderQuery) {
  const dLat = (radius / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cos = Math.cos((latitude * Math.PI) / 180);
  const dLon = cos < 1e-6 ? 180 : Math.min(180, dLat / cos);
  const minLon = longitude - dLon;
  const maxLon = longitude + dLon;
  const wraps = minLon < -180 || maxLon > 180;
  return {
    minLat: Math.max(-90, latitude - dLat),
    maxLat: Math.min(90, latitude + dLat),
    minLon: wraps ? -180 : minLon,
    maxLon: wraps ? 180 : maxLon,
  };
}

/** At most this many results, nearest first; the prefilter hands over a margin of candidates. */
const RESULTS = 100;
const CANDIDATES = 1000;

/** Candidates within the radius by exact great-circle distance, nearest first, at most RESULTS. */
function nearest<T>(q: FinderQuery, candidates: T[], at: (c: T) => { lat: number; lon: number }): Array<{ candidate: T; distanceKm: number }> {
  return candidates
    .map((candidate) => ({ candidate, distanceKm: round(distanceKm({ lat: q.latitude, lon: q.longitude }, at(candidate))) }))
    .filter((c) => c.distanceKm <= q.radius)
    .sort((a, b) => a.distanceKm - b.distanceKm)
    .slice(0, RESULTS);
}

export async function findGroups(ctx: AppContext, viewerId: string | null, q: FinderQuery): Promise<Array<Group & { distanceKm: number }>> {
  const centre = { lat: q.latitude, lon: q.longitude };
  const candidates = await groupsRepository.nearestInBox(ctx.db, boundingBox(q), centre, CANDIDATES);
  const near = nearest(q, candidates, (g) => ({ lat: Number(g.latitude), lon: Number(g.longitude) }));
  const ids = near.map((n) => n.candidate.id);
  const distances = new Map(near.map((n) => [n.candidate.id, n.distanceKm]));
  return (await listGroupsByIds(ctx, viewerId, ids)).map((group) => ({ ...group, distanceKm: distances.get(group.id)! }));
}

export async function findRides(ctx: AppContext, viewerId: string | null, q: FinderQuery): Promise<JsonText<Array<Ride & { distanceKm: number }>>> {
  const centre = { lat: q.latitude, lon: q.longitude };
  const candidates = await ridesRepository.nearestUpcomingInBox(ctx.db, boundingBox(q), centre, nowIso(), CANDIDATES);
  const near = nearest(q, candidates, (r) => ({ lat: Number(r.start_latitude), lon: Number(r.start_longitude) }));
  const ids = near.map((n) => n.candidate.id);
  const distances = new Map(near.map((n) => [n.candidate.id, n.distanceKm]));
  return listRideCardsByIds(ctx, viewerId, ids, (id) => ({ distanceKm: distances.get(id)! }));
}

function round(km: number): number {
  return Math.round(km * 10) / 10;
}
