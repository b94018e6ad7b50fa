import type { Ride } from '../../shared/rides/ride';
import { rideStops } from '../../shared/rides/ride-time';
import { rideCalendarUrl, rideExportUrl } from '../../shared/rides/ride-file-urls';
import type { RideExportFormat } from '../../shared/rides/ride-export';
import { placedStops } from '../components/route-map/route-map-model';
import { forgetSavedRides, saveRidesForOffline as postRides, type RideToSave } from '../lib/service-worker';
import { routePath } from '../api/route-points';
import { i18n } from '../lib/i18n/i18n';
import { catalogPath, type CatalogIndex } from '../../shared/i18n/catalog-index';

/**
 * The rider's joined rides of the next 14 days are kept for reading offline (issue 32 point 3): for
 * each, the answers its page asks for (the ride as its page reads it, its comments, its route, its
 * media list, every "Send to navigator" file and the calendar file); the service worker adds the GPX
 * files the media list names and keeps them within its caps (service-worker/saved-rides.ts). The app
 * calls this from app/connection-status.tsx, after the first paint: nothing of it is in the first load.
 */

/** Every file "Send to navigator" offers (send-to-navigator-dialog.tsx; ride-export.ts has them with zod). */
const NAVIGATOR_FORMATS: readonly RideExportFormat[] = ['gpx', 'itn', 'itn-compact'];

const DAY_MS = 86_400_000;

/**
 * The rides to keep: joined, starting within 14 days and not over, and of a group the rider is in
 * (`memberOf`, the ids of the rider's groups; null when unknown). A rider who leaves a group keeps
 * their seats on its rides (docs/decisions/2026-11-26-trust-second-round.md), but its rides go from
 * the phone (issue 32 point 3).
 */
export function ridesToSave(rides: readonly Ride[], now = Date.now(), memberOf: ReadonlySet<string> | null = null): Ride[] {
  return rides
    .filter((ride) => ride.isParticipant && Date.parse(ride.startDate) <= now + 14 * DAY_MS && Date.parse(ride.endDate) >= now - DAY_MS)
    .filter((ride) => ride.groupId === null || !memberOf || memberOf.has(ride.groupId))
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
}

/** The answers a ride's page asks for, as it asks for them. */
export function answersOfRide(ride: Ride): RideToSave {
  const id = encodeURIComponent(ride.id);
  const points = placedStops(rideStops(ride));
  return {
    key: ride.id,
    urls: [
      ride.groupSlug ? `/api/groups/${encodeURIComponent(ride.groupSlug)}/rides/${encodeURIComponent(ride.slug)}` : `/api/rides/${id}`,
      `/api/rides/${id}/comments`,
      `/api/media?associatedType=ride&associatedId=${id}`,
      ...(points.length >= 2 ? [routePath(points)] : []),
      ...NAVIGATOR_FORMATS.map((format) => rideExportUrl(ride.id, format)),
      rideCalendarUrl(ride.id),
    ],
  };
}

/**
 * `replace`: these are the rider's whole upcoming list (a sync): rides saved before and no longer in
 * it (or of a group not in `memberOf`) are deleted. Without it, the rides are added (a ride just joined).
 */
export function saveRidesForOffline(rides: readonly Ride[], replace: boolean, memberOf: ReadonlySet<string> | null = null, now = Date.now()): void {
  const saved = ridesToSave(rides, now, memberOf);
  postRides(saved.map(answersOfRide), replace);
  if (saved.length > 0) void keepCatalogsForOffline();
}

/**
 * Every catalog of the rider's language, asked for so the service worker keeps it (sw.ts keeps the
 * `messages-` files it serves, per version): a screen never opened online (a saved ride's page, its
 * GPX map, Send to navigator) loads its chunk's catalog offline too, instead of showing message ids.
 * About 42 small files, 33 KB gzip for Italian; only those not kept yet are asked for (their names
 * carry the language's version, and the worker keeps them per build), so a later sync asks for none.
 */
export async function keepCatalogsForOffline(): Promise<void> {
  const text = document.getElementById('rc-catalogs')?.textContent;
  if (!text || !i18n.locale) return;
  const index = JSON.parse(text) as CatalogIndex;
  const paths = [index.first, ...index.groups].map((group) => `/${catalogPath(index, i18n.locale, group)}`);
  const kept = await Promise.all(paths.map((path) => ('caches' in window ? caches.match(path).catch(() => undefined) : undefined)));
  for (const [i, path] of paths.entries()) if (!kept[i]) void fetch(path).catch(() => undefined);
}

/** A ride the rider left is no longer kept. */
export function forgetRideForOffline(ride: Pick<Ride, 'id'>): void {
  forgetSavedRides([ride.id]);
}
