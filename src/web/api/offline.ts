import type { Ride } from '../../shared/rides/ride';
import { saveForOffline } from '../lib/service-worker';

/**
 * The rider's joined rides of the next 14 days are kept for reading offline (issue 32 point 3): each
 * ride's answer as its page asks for it (GET /api/groups/{group}/rides/{ride}, or /api/rides/{id}),
 * saved by the service worker with the rider's own answers. The app calls this when the upcoming list
 * arrives (the dashboard, Upcoming Rides) and when a write answers with a ride the rider is on
 * (joining), from app/connection-status.tsx, after the first paint: nothing of it is in the first load.
 */
export function saveRidesForOffline(rides: readonly Ride[], now = Date.now()): void {
  const soon = rides.filter((ride) => ride.isParticipant && Date.parse(ride.startDate) <= now + 14 * 86_400_000 && Date.parse(ride.endDate) >= now - 86_400_000);
  saveForOffline(soon.map((ride) => (ride.groupSlug ? `/api/groups/${encodeURIComponent(ride.groupSlug)}/rides/${encodeURIComponent(ride.slug)}` : `/api/rides/${encodeURIComponent(ride.id)}`)));
}
