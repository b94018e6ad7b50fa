import { rideExportUrl, type RideExportFormat } from '../../../../shared/rides/ride-export';
import { rideCalendarUrl } from '../../../../shared/calendar/calendar-feed';

/**
 * GET /api/rides/{id}/export?format=gpx|itn and GET /api/rides/{id}/calendar.ics: files the
 * browser downloads itself (plain `<a download href>` links, so the file is saved the usual way
 * and nothing is read into the page).
 */
export function rideFileHref(rideId: string, format: RideExportFormat): string {
  return rideExportUrl(rideId, format);
}

export function rideCalendarHref(rideId: string): string {
  return rideCalendarUrl(rideId);
}
