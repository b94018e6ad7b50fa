import { RIDE_NAME_MAX, dayLabel, type RideDuration } from '../../../shared/rides/ride';
import { repeatedLocalToInstant, zoneOffsetLabel } from '../../../shared/timezones/zoned-time';
import type { RideValues } from '../ride-columns';
import type { RouteColumns } from '../ride-route';
import type { SeriesRow } from './series.repository';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** What every ride of a series is made from, kept as JSON on the series (ride_series.template). */
export interface SeriesTemplate {
  route: RouteColumns;
  description: string | null;
  duration: RideDuration;
  minRiders: number;
  maxRiders: number;
  /** The spec's zone label the rides show ("Rome"); the zone itself is the series' `timezone`. */
  timezoneName: string;
  /** Days from a ride's start day to its end day (0: the same day). */
  spanDays: number;
  /** The minimum riders decision this long before each start; null: none. */
  decisionLeadMinutes: number | null;
}

export function readTemplate(series: Pick<SeriesRow, 'template'>): SeriesTemplate {
  return JSON.parse(series.template) as SeriesTemplate;
}

/**
 * A ride's name carries its day, so each ride of a series has its own title and address
 * ("Sunday breakfast · Mar 28, 2027", /…/sunday-breakfast-mar-28-2027).
 */
export function rideNameOf(seriesName: string, day: string): string {
  const suffix = ` · ${dayLabel(day)}`;
  return `${seriesName.slice(0, RIDE_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/**
 * The instant of a day's ride: the day and the series' local time, in its zone, through the one
 * rule (zoned-time.ts); a time the spring change skips is read as RFC 5545 reads it (one hour on,
 * repeatedLocalToInstant), so that night's ride still happens. Null only for a malformed series.
 */
export function startOf(series: Pick<SeriesRow, 'timezone'>, day: string, time: string): { startDate: string; timezoneOffset: string } | null {
  const startDate = repeatedLocalToInstant(day, time, series.timezone);
  return startDate ? { startDate, timezoneOffset: zoneOffsetLabel(series.timezone, startDate) } : null;
}

/** The ride's fields for one day of the series (the route's columns are the template's). */
export function rideValuesOf(series: Pick<SeriesRow, 'name' | 'timezone' | 'start_time'>, template: SeriesTemplate, day: string): RideValues | null {
  const start = startOf(series, day, series.start_time);
  if (!start) return null;
  const startMs = Date.parse(start.startDate);
  return {
    name: rideNameOf(series.name, day),
    timezone: series.timezone,
    description: template.description,
    status: 'confirmed',
    startDate: start.startDate,
    endDate: new Date(startMs + template.spanDays * DAY_MS).toISOString(),
    duration: template.duration,
    minRiders: template.minRiders,
    maxRiders: template.maxRiders,
    timezoneOffset: start.timezoneOffset,
    timezoneName: template.timezoneName,
    navigatorId: null,
    minRidersDecisionAt: template.decisionLeadMinutes === null ? null : new Date(startMs - template.decisionLeadMinutes * MINUTE_MS).toISOString(),
  };
}
