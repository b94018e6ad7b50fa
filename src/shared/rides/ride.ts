import { z } from 'zod';
import { abilitiesSchema } from '../http/abilities';
import { personSummarySchema } from '../users/person';
import { nameText, requiredText, stripInvisible } from '../text/name-text';
import { timezoneFields, zoneAnswerFields } from '../groups/group';
import { dateInput } from '../dates/date-input';
import { pollLinkSchema } from '../polls/poll';
import { repeatsSchema, rideSeriesSchema } from '../series/series-rule';
import { MAX_WAYPOINTS, RIDE_DEFAULTS, RIDE_NAME_MAX, RIDE_DESCRIPTION_MAX, RIDE_PLACE_MAX, RIDERS_MAX, RIDERS_MIN, rideOrderIssues, type RideOrderValues } from './ride-rules';
import { COMMENT_MESSAGES, RIDE_MESSAGES } from '../i18n/validation-messages';
import { COMMENT_MAX_LENGTH } from '../text/field-limits';

export const RIDE_DURATIONS = ['half-day', 'full-day', 'overnight', 'multi-day'] as const;
export type RideDuration = (typeof RIDE_DURATIONS)[number];
export const RIDE_STATUSES = ['confirmed', 'pending', 'cancelled'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

export { COMMENT_MAX_LENGTH };
export { RIDE_MESSAGES };
export {
  RIDE_NAME_MAX,
  RIDE_DESCRIPTION_MAX,
  RIDE_PLACE_MAX,
  MAX_WAYPOINTS,
  RIDERS_MIN,
  RIDERS_MAX,
  DEFAULT_START_TIME,
  RIDE_DEFAULTS,
  rideOrderIssues,
  firstStartDay,
  firstEditedDay,
  editedDateTooEarly,
  type RideOrderValues,
  type RideOrderIssue,
} from './ride-rules';

/**
 * Until this long before the start a freed seat goes to the first rider on the waitlist; after it
 * the waitlist is only told that a seat is free, and the first to join takes it.
 */
export const WAITLIST_PROMOTION_CUTOFF_MS = 2 * 3600 * 1000;

/** Whether a seat freed at `now` still goes to the first rider on the waitlist. */
export function waitlistPromotes(startDate: string, now = Date.now()): boolean {
  return now < Date.parse(startDate) - WAITLIST_PROMOTION_CUTOFF_MS;
}

export { localDay, localTime, zonedDateTimeToIso, endOfLocalDay, rideEndInstant, daysBetween, dayLabel, rideStops, type RideRoute, type RideStop } from './ride-time';

/**
 * A place's name as the forms and the server take it: shown to other riders and in link previews like
 * a name, so without invisible and direction-changing characters (name-text.ts), trimmed, at most
 * RIDE_PLACE_MAX characters.
 */
const place = z.string().overwrite(stripInvisible).trim().max(RIDE_PLACE_MAX, RIDE_MESSAGES.placeTooLong);
const coordinate = (min: number, max: number) => z.number().min(min).max(max).nullable().optional();

/**
 * The checks of single fields the ride forms and the server share: the form's schema (web
 * ride-form-model.ts) is built from these, so a limit or message changes here for both.
 */
export const rideFieldRules = {
  name: nameText({ required: RIDE_MESSAGES.name, max: RIDE_NAME_MAX, tooLong: RIDE_MESSAGES.nameTooLong }),
  description: z.string().trim().max(RIDE_DESCRIPTION_MAX, RIDE_MESSAGES.descriptionTooLong),
  place,
  startLocation: place.min(1, RIDE_MESSAGES.start),
  endLocation: place.min(1, RIDE_MESSAGES.end),
  riders: z.number({ error: RIDE_MESSAGES.minRiders }).int(RIDE_MESSAGES.minRiders).min(RIDERS_MIN, RIDE_MESSAGES.minRiders).max(RIDERS_MAX, RIDE_MESSAGES.ridersMax),
  duration: z.enum(RIDE_DURATIONS),
  status: z.enum(RIDE_STATUSES),
  ...timezoneFields,
};

/**
 * A waypoint without coordinates (typed, not chosen from the suggestions) is placed by the server
 * like any other stop; one it cannot place keeps null coordinates and is shown as "not on the map",
 * never put at 0,0.
 */
export const waypointSchema = z.object({
  name: z.string().trim().max(RIDE_PLACE_MAX),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});
export type Waypoint = z.infer<typeof waypointSchema>;

/**
 * Rows with an empty name are dropped (spec 2 section 5, "Waypoints"). Coordinates sent as null are
 * the rider's choice to keep the stop as text only: it stays off the map. Coordinates left out, half
 * a pair, or 0,0 (what older forms hold until a suggestion is chosen) ask the server to place the
 * typed name as the place field would have.
 */
const waypointsField = z
  .array(waypointSchema.partial({ latitude: true, longitude: true }))
  .max(MAX_WAYPOINTS, RIDE_MESSAGES.tooManyWaypoints)
  .transform((rows) =>
    rows
      .filter((w) => w.name.length > 0)
      .map((w): Waypoint & { keepAsText?: true } => {
        if (w.latitude === null && w.longitude === null) return { name: w.name, latitude: null, longitude: null, keepAsText: true };
        if (typeof w.latitude !== 'number' || typeof w.longitude !== 'number' || (w.latitude === 0 && w.longitude === 0)) return { name: w.name, latitude: null, longitude: null };
        return { name: w.name, latitude: w.latitude, longitude: w.longitude };
      }),
  );

/**
 * A ride's own fields, as the create form sends them and the edit form changes them. Without
 * defaults: the edit's schema is these made optional, and a default there would overwrite a field
 * the edit left out (createRideSchema adds them).
 */
export const rideFields = z.object({
  name: rideFieldRules.name,
  description: rideFieldRules.description.nullable().optional(),
  startLocation: rideFieldRules.startLocation,
  startLatitude: coordinate(-90, 90),
  startLongitude: coordinate(-180, 180),
  midpointLocation: place.nullable().optional(),
  midpointLatitude: coordinate(-90, 90),
  midpointLongitude: coordinate(-180, 180),
  endLocation: rideFieldRules.endLocation,
  endLatitude: coordinate(-90, 90),
  endLongitude: coordinate(-180, 180),
  waypoints: waypointsField.optional(),
  startDate: dateInput(RIDE_MESSAGES.startDate),
  endDate: dateInput(RIDE_MESSAGES.endDate),
  duration: rideFieldRules.duration,
  minRiders: rideFieldRules.riders,
  maxRiders: rideFieldRules.riders,
  timezoneOffset: rideFieldRules.timezoneOffset,
  timezoneName: rideFieldRules.timezoneName,
  timezone: rideFieldRules.timezone,
  /**
   * When a ride below its minimum riders tells its owner and riders so (optional; null: never).
   * It must come before the start.
   */
  minRidersDecisionAt: dateInput(RIDE_MESSAGES.decisionNotADate).nullable().optional(),
});

function checkOrder(values: RideOrderValues, ctx: z.RefinementCtx) {
  for (const issue of rideOrderIssues(values)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
}

/** POST /api/rides (spec 2 sections 3 and 5). ownerId is ignored: the owner is the caller. */
export const createRideSchema = rideFields
  .extend({
    groupId: z.string({ error: RIDE_MESSAGES.group }).min(1, RIDE_MESSAGES.group).max(64),
    ownerId: z.string().optional(),
    duration: rideFields.shape.duration.default(RIDE_DEFAULTS.duration),
    minRiders: rideFields.shape.minRiders.default(RIDE_DEFAULTS.minRiders),
    maxRiders: rideFields.shape.maxRiders.default(RIDE_DEFAULTS.maxRiders),
    /** "Plan this ride": the closed date poll of the same group the ride comes from (checked by the server). */
    pollId: z.string().min(1).max(64).nullable().optional(),
    /**
     * "Repeats" (issue 29): the ride is the first of a series, each day of the rule its own ride at
     * the same local time in `repeats.timezone` (series/series.service.ts).
     */
    repeats: repeatsSchema.nullable().optional(),
  })
  .superRefine(checkOrder);
export type CreateRideInput = z.infer<typeof createRideSchema>;

/**
 * PATCH /api/rides/{id}: the owner's edit form. Every field of a ride optional (a field left out
 * stays as it is), and what only an edit sets: the navigator (null clears it) and the status.
 */
export const updateRideSchema = rideFields
  .partial()
  .extend({
    // "" is "no navigator", like null: an empty id would otherwise reach the database as a rider's id.
    navigatorId: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    status: rideFieldRules.status.optional(),
  })
  .strict()
  .superRefine(checkOrder);
export type UpdateRideInput = z.infer<typeof updateRideSchema>;
/** What the edit form sends (before the server's schema trims and converts it). */
export type UpdateRidePayload = z.input<typeof updateRideSchema>;

export const commentSchema = z.object({
  // Spec 2 section 5: trimmed and non-empty. A comment of only invisible characters (zero-width
  // spaces, direction marks) shows as an empty bubble, so it is empty too.
  content: requiredText({ required: COMMENT_MESSAGES.commentEmpty, max: COMMENT_MAX_LENGTH, tooLong: COMMENT_MESSAGES.commentTooLong }).refine((content) => stripInvisible(content).trim().length > 0, COMMENT_MESSAGES.commentEmpty),
});

/** Comments come newest first in pages of this many (GET /api/rides/{id}/comments). */
export const COMMENTS_PAGE_SIZE = 50;
export const COMMENTS_PAGE_MAX = 100;

/** GET /api/rides/{id}/comments?before={commentId}&limit={n}: the page of comments written before that one. */
export const commentsPageQuerySchema = z.object({
  before: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 100').max(COMMENTS_PAGE_MAX, 'limit must be 1 to 100').default(COMMENTS_PAGE_SIZE),
});

/** A rider as rides name them: the participants, the owner, the navigator, a comment's author. */
export const ridePersonSchema = personSummarySchema;
export type RidePerson = z.infer<typeof ridePersonSchema>;

/** What the viewer may do with the ride, as the server's policy decided (rides.policy.ts). */
export const rideAbilitiesSchema = abilitiesSchema(
  ['join', 'leave', 'edit', 'delete', 'comment', 'uploadMedia'],
  // These four are on a ride's own JSON only (GET /api/rides/{id} and the answers to its actions), never in lists.
  // decideMinimum: the owner may keep or cancel a ride that reached its decision time below its minimum riders.
  // addMedia: photos and videos, for any rider of the ride and any member of its group (`uploadMedia` is adding GPX routes: the owner).
  ['joinWaitlist', 'leaveWaitlist', 'decideMinimum', 'addMedia'],
);
export type RideAbilities = z.infer<typeof rideAbilitiesSchema>;

/** A ride's waitlist as its viewer sees it: how many wait, and the viewer's place (1 is next; null: not waiting). */
export const rideWaitlistSchema = z.object({
  count: z.number().int().min(0),
  position: z.number().int().min(1).nullable(),
});
export type RideWaitlist = z.infer<typeof rideWaitlistSchema>;

/**
 * The minimum riders decision: its time (null: none), whether it has come with the ride below its
 * minimum and the owner has not chosen yet (`due`), and whether the owner chose to keep the ride.
 */
export const rideMinimumDecisionSchema = z.object({
  at: z.string().nullable(),
  due: z.boolean(),
  kept: z.boolean(),
});
export type RideMinimumDecision = z.infer<typeof rideMinimumDecisionSchema>;

/** A coordinate a ride answers with: null when the stop is not on the map, never 0,0. */
const answeredCoordinate = z.number().nullable();

/** A ride as lists and the detail page receive it (spec 2 section 3 plus abilities). */
export const rideSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(RIDE_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
  duration: z.enum(RIDE_DURATIONS),
  startLocation: z.string(),
  startLatitude: answeredCoordinate,
  startLongitude: answeredCoordinate,
  midpointLocation: z.string().nullable(),
  midpointLatitude: answeredCoordinate,
  midpointLongitude: answeredCoordinate,
  endLocation: z.string(),
  endLatitude: answeredCoordinate,
  endLongitude: answeredCoordinate,
  waypoints: z.array(waypointSchema),
  totalDistanceKm: z.number().nullable(),
  participantCount: z.number().int().min(0),
  /** Empty, with `navigator` null, when `ridersHidden`: the count stays. */
  participants: z.array(ridePersonSchema),
  minRiders: z.number().int(),
  maxRiders: z.number().int(),
  /** timezoneOffset: derived for the ride's start. */
  ...zoneAnswerFields,
  ownerId: z.string(),
  owner: ridePersonSchema,
  navigator: ridePersonSchema.nullable(),
  group: z.object({ id: z.string(), name: z.string(), slug: z.string(), ...zoneAnswerFields }).nullable(),
  groupId: z.string().nullable(),
  slug: z.string(),
  groupSlug: z.string().nullable(),
  isParticipant: z.boolean(),
  /**
   * The ride's group requires approval and the viewer is not one of its members (nor a rider on the
   * ride): its riders are not named to them (participants empty, navigator null, comments refused),
   * as its member list is not (rides.policy maySeeRiders). The owner stays named.
   */
  ridersHidden: z.boolean(),
  isFull: z.boolean(),
  createdAt: z.string(),
  /** The series the ride is one day of ("Every Sunday", linking the series); null for a ride of its own. */
  series: rideSeriesSchema.nullable(),
  abilities: rideAbilitiesSchema,
  /** On a ride's own JSON only (not in lists, whose cards are the same for every viewer). */
  waitlist: rideWaitlistSchema.optional(),
  /** On a ride's own JSON only. */
  minRidersDecision: rideMinimumDecisionSchema.optional(),
  /** On a ride's own JSON only: the date poll it was planned from, for the group's members (null otherwise). */
  poll: pollLinkSchema.nullable().optional(),
  /**
   * On the answer to a create or edit only: what the server decided about the times sent. Today one
   * case: `ambiguous_local_time`, a local time that happens twice in the ride's zone (the autumn
   * hour); the first (summer-time) one was taken, and `message` names the zone, day and offset in
   * English, `params` the same as data (ride-notice.ts: the web writes it in the rider's language).
   */
  notice: z.object({ code: z.literal('ambiguous_local_time'), message: z.string(), params: z.object({ time: z.string(), zone: z.string(), day: z.string(), offset: z.string() }).optional() }).optional(),
});
export type Ride = z.infer<typeof rideSchema>;

/** Lists of rides (upcoming, a group's rides, the finder): served from ride cards without serializing, so parsed in the tests most of all. */
export const rideListSchema = z.array(rideSchema.strict());

/** A ride's own JSON (GET /api/rides/{id} and the answer to every action on it): with its waitlist and minimum riders decision. */
export const rideDetailSchema = rideSchema.required({ waitlist: true, minRidersDecision: true, poll: true }).strict();
export type RideDetail = z.infer<typeof rideDetailSchema>;

export const rideCommentSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  user: ridePersonSchema,
});
export type RideComment = z.infer<typeof rideCommentSchema>;

/**
 * One page of a ride's comments: the newest `limit` before the cursor, in the order they were
 * written (oldest first); `hasEarlier` says whether older ones remain (ask with `before` = the
 * first comment's id).
 */
export const rideCommentsPageSchema = z.object({
  comments: z.array(rideCommentSchema),
  hasEarlier: z.boolean(),
});
export type RideCommentsPage = z.infer<typeof rideCommentsPageSchema>;

/** GET /api/users/{id}/recent-rides: past rides the rider owned or joined. */
export const recentRideSchema = z.object({
  id: z.string(),
  name: z.string(),
  groupName: z.string().nullable(),
  groupSlug: z.string().nullable(),
  slug: z.string(),
  startTime: z.string(),
  totalDistanceKm: z.number().nullable(),
});
export type RecentRide = z.infer<typeof recentRideSchema>;
export const recentRideListSchema = z.array(recentRideSchema);
