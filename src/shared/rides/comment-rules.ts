/*
 * A comment's limit apart from the zod schemas of ride.ts: the ride page's comment box reads it, and
 * the ride page, a link's landing, must not bring a schema (and zod) with it.
 */

/** The longest comment, in characters (the comment schema of ride.ts and the box's maxLength). */
export const COMMENT_MAX_LENGTH = 2000;
