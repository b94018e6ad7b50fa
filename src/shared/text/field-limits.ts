import { MB } from '../media/limits';

/*
 * How long (or how many) a form's fields may be, where the forms, the server's schemas and the
 * validation messages that quote them (i18n/validation-messages.ts) read them. No zod here.
 */

/** Rides: spec 2 section 5. */
export const RIDE_NAME_MAX = 255;
export const RIDE_DESCRIPTION_MAX = 5000;
export const RIDE_PLACE_MAX = 255;
export const MAX_WAYPOINTS = 10;
export const RIDERS_MIN = 1;
export const RIDERS_MAX = 100;

/** A rider's handle (its profile address). */
export const USER_ID_MIN_LENGTH = 3;
export const USER_ID_MAX_LENGTH = 30;
export const MOTORCYCLE_YEAR_MIN = 1900;

/** The first name an inviter signs an invitation mail with. */
export const INVITER_FIRST_NAME_MAX = 50;

/** Spec 2 sections 5 and 9, "Bug report". */
export const BUG_TITLE_MAX_LENGTH = 255;
export const BUG_DESCRIPTION_MIN_LENGTH = 10;
export const BUG_DESCRIPTION_MAX_LENGTH = 10_000;
export const BUG_PAGE_URL_MAX_LENGTH = 2048;
export const BUG_SCREENSHOT_MAX_BYTES = 10 * MB;
