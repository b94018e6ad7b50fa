import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { distanceKm, EARTH_RADIUS_KM } from '../../shared/geo/coordinates';
import type { Group } from '../../shared/groups/group';
import type { Ride } from '../../shared/rides/ride';
import { groupsRepository } from '../groups/groups.repository';
import { queryWindow } from '../groups/groups.service';
import { presentGroup } from '../groups/groups.presenter';
import { ridesRepository } from '../rides/rides.repository';
import { presentRides } from '../rides/rides.service';

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

export async function findGroups(ctx: AppContext, viewerId: string | null, q: FinderQuery): Promise<Array<Group & { distanceKm: number }>> {
  const rows = await groupsRepository.listInBox(ctx.db, boundingBox(q), queryWindow(viewerId));
  return rows
    .map((row) => ({ ...presentGroup(row, viewerId), distanceKm: round(distanceKm({ lat: q.latitude, lon: q.longitude }, { lat: Number(row.latitude), lon: Number(row.longitude) })) }))
    .filter((g) => g.distanceKm <= q.radius)
    .sort((a, b) => a.distanceKm - b.distanceKm)
    .slice(0, 100);
}

export async function findRides(ctx: AppContext, viewerId: string | null, q: FinderQuery): Promise<Array<Ride & { distanceKm: number }>> {
  const rows = await ridesRepository.listUpcomingInBox(ctx.db, boundingBox(q), nowIso());
  const near = rows
    .map((row) => ({ row, distance: round(distanceKm({ lat: q.latitude, lon: q.longitude }, { lat: Number(row.start_latitude), lon: Number(row.start_longitude) })) }))
    .filter((r) => r.distance <= q.radius)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 100);
  const rides = await presentRides(ctx, near.map((r) => r.row), viewerId);
  return rides.map((ride, i) => ({ ...ride, distanceKm: near[i]!.distance }));
}

function round(km: number): number {
  return Math.round(km * 10) / 10;
}
