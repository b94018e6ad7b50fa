/*
 * The weekdays of a repeat rule (RFC 5545's codes), apart from series-rule.ts and free of zod, so
 * that a screen of the first load (a ride card's repeat) may read them without bringing in a schema.
 */
export const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
