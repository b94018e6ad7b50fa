import { validationMessage } from './validation';
import { BUG_DESCRIPTION_MIN_LENGTH, INVITER_FIRST_NAME_MAX, MAX_WAYPOINTS, MOTORCYCLE_YEAR_MIN, RIDERS_MAX } from '../text/field-limits';
import { USER_ID_MAX_LENGTH, USER_ID_MIN_LENGTH } from '../users/current-user';

/*
 * The validation messages of the shared schemas, one table a form, in one place (as http/error-codes.ts
 * is the one list of the server's refusals): English on the server, the rider's language in the web
 * (validation.ts says how). Each is a `/*i18n*\/` descriptor written out, so Lingui extracts it.
 * No schema here (current-user.ts's are pure-marked and in the first load already): a form's module
 * imports its table without a schema, and the bundler drops the tables nothing reads
 * (validationMessage is free of side effects).
 */

/** The sign-in messages. */
export const SIGN_IN_MESSAGES = {
  emailRequired: validationMessage(/*i18n*/ { id: 'validation.sign_in.email_required', message: 'Email required' }),
  emailTooLong: validationMessage(/*i18n*/ { id: 'validation.sign_in.email_too_long', message: 'Email address is too long' }),
  emailInvalid: validationMessage(/*i18n*/ { id: 'validation.sign_in.email_invalid', message: 'Invalid email address' }),
  tokenRequired: validationMessage(/*i18n*/ { id: 'validation.sign_in.token_required', message: 'Token required' }),
  tokenInvalid: validationMessage(/*i18n*/ { id: 'validation.sign_in.token_invalid', message: 'Invalid token' }),
};

/** The time-zone fields' messages (groups, rides, profiles). */
export const TIMEZONE_MESSAGES = {
  invalid: validationMessage(/*i18n*/ { id: 'validation.time_zone.invalid', message: 'Please select a valid timezone' }),
  nameRequired: validationMessage(/*i18n*/ { id: 'validation.time_zone.name_required', message: 'Timezone name is required' }),
};

/** The group forms' messages. */
export const GROUP_MESSAGES = {
  nameRequired: validationMessage(/*i18n*/ { id: 'validation.group.name_required', message: 'Group name is required' }),
  nameTooLong: validationMessage(/*i18n*/ { id: 'validation.group.name_too_long', message: 'Name too long' }),
  nameHyphen: validationMessage(/*i18n*/ { id: 'validation.group.name_hyphen', message: 'Group names cannot contain hyphens (reserved for URLs)' }),
  descriptionTooLong: validationMessage(/*i18n*/ { id: 'validation.group.description_too_long', message: 'Description too long' }),
  locationRequired: validationMessage(/*i18n*/ { id: 'validation.group.location_required', message: 'Location is required' }),
  radiusMin: validationMessage(/*i18n*/ { id: 'validation.group.radius_min', message: 'Radius must be at least 1 km' }),
  radiusMax: validationMessage(/*i18n*/ { id: 'validation.group.radius_max', message: 'Radius cannot exceed 1000 km' }),
  locationWithCoordinates: validationMessage(/*i18n*/ { id: 'validation.group.location_with_coordinates', message: 'Send the location with its coordinates' }),
  memberRequired: validationMessage(/*i18n*/ { id: 'validation.group.member_required', message: 'Choose the member who takes over' }),
};

/** Spec 2 section 5: the ride forms' messages. */
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

/** A comment's messages. */
export const COMMENT_MESSAGES = {
  commentEmpty: validationMessage(/*i18n*/ { id: 'validation.comment.empty', message: 'Comment cannot be empty' }),
  commentTooLong: validationMessage(/*i18n*/ { id: 'validation.comment.too_long', message: 'Comment too long' }),
};

/** The repeat rule's messages. */
export const SERIES_MESSAGES = {
  weekdays: validationMessage(/*i18n*/ { id: 'validation.series.weekdays', message: 'Choose at least one day of the week' }),
  monthly: validationMessage(/*i18n*/ { id: 'validation.series.monthly', message: 'Choose a day of the month, or a weekday and which one of the month' }),
  untilAndCount: validationMessage(/*i18n*/ { id: 'validation.series.until_and_count', message: 'End the series on a date or after a number of rides, not both' }),
  until: validationMessage(/*i18n*/ { id: 'validation.series.until', message: 'The last day must be a date (YYYY-MM-DD)' }),
  pause: validationMessage(/*i18n*/ { id: 'validation.series.pause', message: 'A break runs from a month and day to another (MM-DD)' }),
  timezone: validationMessage(/*i18n*/ { id: 'validation.series.time_zone', message: 'Choose a time zone by name (such as Europe/Rome)' }),
  noRides: validationMessage(/*i18n*/ { id: 'validation.series.no_rides', message: 'This repeat rule gives no ride' }),
  notInSeries: validationMessage(/*i18n*/ { id: 'validation.series.not_in_series', message: 'This ride is not part of a series' }),
  startedRide: validationMessage(/*i18n*/ { id: 'validation.series.started_ride', message: 'A ride that has started cannot change the rides after it' }),
  startTime: validationMessage(/*i18n*/ { id: 'validation.series.start_time', message: 'Start time must be HH:MM' }),
};

/** The poll form's messages. */
export const POLL_MESSAGES = {
  invalidDate: validationMessage(/*i18n*/ { id: 'validation.poll.invalid_date', message: 'Invalid date' }),
  titleRequired: validationMessage(/*i18n*/ { id: 'validation.poll.title_required', message: 'Poll title is required' }),
  titleTooLong: validationMessage(/*i18n*/ { id: 'validation.poll.title_too_long', message: 'Title too long' }),
  destinationRequired: validationMessage(/*i18n*/ { id: 'validation.poll.destination_required', message: 'Destination is required' }),
  durationMin: validationMessage(/*i18n*/ { id: 'validation.poll.duration_min', message: 'Duration must be at least 1 day' }),
  durationMax: validationMessage(/*i18n*/ { id: 'validation.poll.duration_max', message: 'Duration cannot exceed 30 days' }),
  durationChoice: validationMessage(/*i18n*/ { id: 'validation.poll.duration_choice', message: 'Duration must be 1, 2, 3, 4, 5, 7 or 14 days' }),
  deadlineFuture: validationMessage(/*i18n*/ { id: 'validation.poll.deadline_future', message: 'Deadline must be in the future' }),
  datesRequired: validationMessage(/*i18n*/ { id: 'validation.poll.dates_required', message: 'You need to propose at least one date for the ride.' }),
  datesPast: validationMessage(/*i18n*/ { id: 'validation.poll.dates_past', message: 'Proposed dates cannot be in the past' }),
};

/** The invitation form's messages. */
export const INVITATION_MESSAGES = {
  emailInvalid: validationMessage(/*i18n*/ { id: 'validation.invitation.email_invalid', message: 'Please enter a valid email address.' }),
  firstNameRequired: validationMessage(/*i18n*/ { id: 'validation.invitation.first_name_required', message: 'Please enter your first name.' }),
  firstNameTooLong: validationMessage(/*i18n*/ { id: 'validation.invitation.first_name_too_long', message: 'Please enter at most {max} characters.' }, { max: INVITER_FIRST_NAME_MAX }),
  nameOrEmail: validationMessage(/*i18n*/ { id: 'validation.invitation.name_or_email', message: "Please enter either the invitee's name or email address." }),
  firstNameInvalid: validationMessage(/*i18n*/ { id: 'validation.invitation.first_name_invalid', message: 'Please enter just your first name (letters only, no links).' }),
};

/** The profile forms' messages. */
export const PROFILE_MESSAGES = {
  userIdTooShort: validationMessage(/*i18n*/ { id: 'validation.profile.user_id_too_short', message: 'User ID must be at least {min} characters' }, { min: USER_ID_MIN_LENGTH }),
  userIdTooLong: validationMessage(/*i18n*/ { id: 'validation.profile.user_id_too_long', message: 'User ID must be at most {max} characters' }, { max: USER_ID_MAX_LENGTH }),
  userIdCharacters: validationMessage(/*i18n*/ { id: 'validation.profile.user_id_characters', message: 'User ID may only contain letters, numbers, hyphens and underscores' }),
  email: validationMessage(/*i18n*/ { id: 'validation.profile.email_invalid', message: 'Invalid email address' }),
  firstNameTooLong: validationMessage(/*i18n*/ { id: 'validation.profile.first_name_too_long', message: 'First name must be at most {max} characters' }, { max: 100 }),
  lastNameTooLong: validationMessage(/*i18n*/ { id: 'validation.profile.last_name_too_long', message: 'Last name must be at most {max} characters' }, { max: 100 }),
  bioTooLong: validationMessage(/*i18n*/ { id: 'validation.profile.bio_too_long', message: 'Bio must be at most {max} characters' }, { max: 2000 }),
  locationTooLong: validationMessage(/*i18n*/ { id: 'validation.profile.location_too_long', message: 'Location must be at most {max} characters' }, { max: 255 }),
  yearWhole: validationMessage(/*i18n*/ { id: 'validation.motorcycle.year_whole', message: 'Year must be a whole number' }),
  yearMin: validationMessage(/*i18n*/ { id: 'validation.motorcycle.year_min', message: 'Year must be {min} or later' }, { min: MOTORCYCLE_YEAR_MIN }),
  yearMax: validationMessage(/*i18n*/ { id: 'validation.motorcycle.year_max', message: 'Year cannot be later than next year' }),
  tooMany: validationMessage(/*i18n*/ { id: 'validation.motorcycle.too_many', message: 'At most {max} motorcycles' }, { max: 20 }),
  locationRequired: validationMessage(/*i18n*/ { id: 'validation.profile.location_required', message: 'Location is required' }),
};

/** The bug report form's messages. */
export const BUG_REPORT_MESSAGES = {
  titleRequired: validationMessage(/*i18n*/ { id: 'validation.bug_report.title_required', message: 'Bug title is required' }),
  titleTooLong: validationMessage(/*i18n*/ { id: 'validation.bug_report.title_too_long', message: 'Title too long' }),
  descriptionTooShort: validationMessage(/*i18n*/ { id: 'validation.bug_report.description_too_short', message: 'Please provide a detailed description (at least {min} characters)' }, { min: BUG_DESCRIPTION_MIN_LENGTH }),
  descriptionTooLong: validationMessage(/*i18n*/ { id: 'validation.bug_report.description_too_long', message: 'Description too long' }),
  screenshotNotImage: validationMessage(/*i18n*/ { id: 'validation.bug_report.screenshot_not_image', message: 'Please upload an image file (PNG, JPG, or GIF)' }),
  screenshotTooLarge: validationMessage(/*i18n*/ { id: 'validation.bug_report.screenshot_too_large', message: 'Please upload an image smaller than 10MB' }),
  pageUrlTooLong: validationMessage(/*i18n*/ { id: 'validation.bug_report.page_url_too_long', message: 'Page URL too long' }),
};
