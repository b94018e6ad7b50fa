/*
 * Limits of form fields that a validation message quotes (i18n/validation-messages.ts), apart from
 * their schemas and rules so that the messages import them without zod and without the rules that
 * import those messages. Their forms' modules re-export them.
 */

/** A ride's texts, riders and waypoints (spec 2 section 5; rides/ride-rules.ts). */
export const RIDE_NAME_MAX = 255;
export const RIDE_DESCRIPTION_MAX = 5000;
export const RIDE_PLACE_MAX = 255;
export const MAX_WAYPOINTS = 10;
export const RIDERS_MIN = 1;
export const RIDERS_MAX = 100;

/** The longest comment, in characters (the comment schema of rides/ride.ts and the ride page's comment box). */
export const COMMENT_MAX_LENGTH = 2000;

/** The oldest motorcycle a profile takes. */
export const MOTORCYCLE_YEAR_MIN = 1900;

/** The first name an inviter signs an invitation mail with. */
export const INVITER_FIRST_NAME_MAX = 50;

/** Spec 2 sections 5 and 9, "Bug report". */
export const BUG_TITLE_MAX_LENGTH = 255;
export const BUG_DESCRIPTION_MIN_LENGTH = 10;
export const BUG_DESCRIPTION_MAX_LENGTH = 10_000;
export const BUG_PAGE_URL_MAX_LENGTH = 2048;
