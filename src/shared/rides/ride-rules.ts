import { localDay } from './ride-time';
import { validationMessage } from '../i18n/validation';
import { isKnownZone, labelMinutes, wallClockOnOffset } from '../timezones/zoned-time';

/*
 * The rules of a ride's fields, once: the server's schema (ride.ts), the rides service and the
 * ride forms (web ride-form-model.ts) all read them here. Kept apart from ride.ts and free of zod
 * so that anything may import them without bringing in a schema.
 */

export const RIDE_NAME_MAX = 255;
export const RIDE_DESCRIPTION_MAX = 5000;
export const RIDE_PLACE_MAX = 255;
export const MAX_WAYPOINTS = 10;
export const RIDERS_MIN = 1;
export const RIDERS_MAX = 100;
export const DEFAULT_START_TIME = '09:00';
/** What a new ride holds until the rider says otherwise (the create form starts from these too). */
export const RIDE_DEFAULTS = { duration: 'full-day', minRiders: 1, maxRiders: 10 } as const;

/**
 * Spec 2 section 5: the messages of the ride forms, the same on the server's answers (English there,
 * in the rider's language in the web: shared/i18n/validation.ts).
 */
export const RIDE_MESSAGES = {
  group: validationMessage(/*i18n*/ { id: 'validation.ride.group_required', message: 'Group selection is required' }),
  name: validationMessage(/*i18n*/ { id: 'validation.ride.name_required', message: 'Ride name is required' }),
  nameTooLong: validationMessage(/*i18n*/ { id: 'validation.ride.name_too_long', message: 'Name too long' }),
  descriptionTooLong: validationMessage(/*i18n*/ { id: 'validation.ride.description_too_long', message: 'Description too long' }),
  start: validationMessage(/*i18n*/ { id: 'validation.ride.start_required', message: 'Start location is required' }),
  end: validationMessage(/*i18n*/ { id: 'validation.ride.end_required', message: 'End location is required' }),
  placeTooLong: validationMessage(/*i18n*/ { id: 'validation.ride.place_too_long', message: 'Location too long' }),
  tooManyWaypoints: validationMessage(/*i18n*/ { id: 'validation.ride.too_many_waypoints', message: 'At most {max} waypoints' }, { max: MAX_WAYPOINTS }),
  startDate: validationMessage(/*i18n*/ { id: 'validation.ride.start_date_required', message: 'Start date is required' }),
  endDate: validationMessage(/*i18n*/ { id: 'validation.ride.end_date_required', message: 'End date is required' }),
  minRiders: validationMessage(/*i18n*/ { id: 'validation.ride.min_riders', message: 'Minimum 1 rider' }),
  ridersMax: validationMessage(/*i18n*/ { id: 'validation.ride.riders_max', message: 'Maximum {max} riders' }, { max: RIDERS_MAX }),
  maxBelowMin: validationMessage(/*i18n*/ { id: 'validation.ride.max_below_min', message: 'Maximum riders must be at least the minimum' }),
  endBeforeStart: validationMessage(/*i18n*/ { id: 'validation.ride.end_before_start', message: 'End date must be after start date' }),
  decisionNotADate: validationMessage(/*i18n*/ { id: 'validation.ride.decision_not_a_date', message: 'Decision time is not a date' }),
  decisionBeforeStart: validationMessage(/*i18n*/ { id: 'validation.ride.decision_before_start', message: 'The decision time must be before the start' }),
  startInPast: validationMessage(/*i18n*/ { id: 'validation.ride.start_in_past', message: 'Start date cannot be in the past' }),
  editedDateTooEarly: validationMessage(/*i18n*/ { id: 'validation.ride.edited_date_too_early', message: 'Dates cannot be earlier than 24 hours ago' }),
};

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

