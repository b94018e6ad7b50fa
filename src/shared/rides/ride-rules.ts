import { localDay } from './ride-time';
import { RIDE_MESSAGES } from '../i18n/validation-messages';
import { isKnownZone, labelMinutes, wallClockOnOffset } from '../timezones/zoned-time';

/*
 * The rules of a ride's fields, once: the server's schema (ride.ts), the rides service and the
 * ride forms (web ride-form-model.ts) all read them here. Kept apart from ride.ts and free of zod
 * so that anything may import them without bringing in a schema.
 */

export { MAX_WAYPOINTS, RIDE_DESCRIPTION_MAX, RIDE_NAME_MAX, RIDE_PLACE_MAX, RIDERS_MAX, RIDERS_MIN } from '../text/field-limits';
export const DEFAULT_START_TIME = '09:00';
/** What a new ride holds until the rider says otherwise (the create form starts from these too). */
export const RIDE_DEFAULTS = { duration: 'full-day', minRiders: 1, maxRiders: 10 } as const;


/** The ride fields whose values are checked against each other (rideOrderIssues). */
export interface RideOrderValues {
  minRiders?: number | undefined;
  maxRiders?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** The offset the instants were sent on (their days are the ones the rider typed), else... */
  timezoneOffset?: string | undefined;
  /** ...the ride's IANA zone (UTC when neither is known). */
  timezone?: string | undefined;
  minRidersDecisionAt?: string | null | undefined;
}

export interface RideOrderIssue {
  field: 'maxRiders' | 'endDate' | 'minRidersDecisionAt';
  message: string;
}

/**
 * What is wrong between a ride's fields (those given): maximum riders below the minimum, an end day
 * before the start day on the ride's clock, a minimum riders decision not before the start.
 */
export function rideOrderIssues(v: RideOrderValues): RideOrderIssue[] {
  const issues: RideOrderIssue[] = [];
  if (v.minRiders !== undefined && v.maxRiders !== undefined && v.maxRiders < v.minRiders) {
    issues.push({ field: 'maxRiders', message: RIDE_MESSAGES.maxBelowMin });
  }
  // Checked here before the schema's own checks of these fields have told: anything unreadable counts as UTC.
  const zone = v.timezone !== undefined && isKnownZone(v.timezone) ? v.timezone : 'UTC';
  const dayOf = (iso: string) => (v.timezoneOffset && !Number.isNaN(labelMinutes(v.timezoneOffset)) ? wallClockOnOffset(iso, v.timezoneOffset).day : localDay(iso, zone));
  if (v.startDate && v.endDate && dayOf(v.endDate) < dayOf(v.startDate)) {
    issues.push({ field: 'endDate', message: RIDE_MESSAGES.endBeforeStart });
  }
  if (v.minRidersDecisionAt && v.startDate && Date.parse(v.minRidersDecisionAt) >= Date.parse(v.startDate)) {
    issues.push({ field: 'minRidersDecisionAt', message: RIDE_MESSAGES.decisionBeforeStart });
  }
  return issues;
}

/** Spec 2 section 5: how far back an edit's date pickers reach. */
export const EDIT_DATES_REACH_BACK_MS = 86_400_000;

/** The first day a new ride may start: today on the ride's clock (spec 2 section 5). */
export function firstStartDay(zone: string, now: number = Date.now()): string {
  return localDay(new Date(now).toISOString(), zone);
}

/** The first day an edit's pickers offer: the day it was 24 hours ago, on the ride's clock. */
export function firstEditedDay(zone: string, now: number = Date.now()): string {
  return firstStartDay(zone, now - EDIT_DATES_REACH_BACK_MS);
}

/** Whether an edit's date is earlier than the pickers reach (the server's check of the same rule). */
export function editedDateTooEarly(iso: string, now: number = Date.now()): boolean {
  return Date.parse(iso) < now - EDIT_DATES_REACH_BACK_MS;
}

