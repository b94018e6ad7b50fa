/*
 * How long a ride's texts may be and how many riders and waypoints it may have (spec 2 section 5).
 * Apart from ride-rules.ts, which re-exports them, so that the validation messages that quote them
 * (i18n/validation-messages.ts) import them without the rules that import those messages.
 */
export const RIDE_NAME_MAX = 255;
export const RIDE_DESCRIPTION_MAX = 5000;
export const RIDE_PLACE_MAX = 255;
export const MAX_WAYPOINTS = 10;
export const RIDERS_MIN = 1;
export const RIDERS_MAX = 100;
