/*
 * Limits of form fields that a validation message quotes (i18n/validation-messages.ts), apart from
 * their schemas so that the messages import them without zod. Their forms' modules re-export them.
 * Only lazily loaded forms read these: the first load's modules do not import this file.
 */

/** The oldest motorcycle a profile takes. */
export const MOTORCYCLE_YEAR_MIN = 1900;

/** The first name an inviter signs an invitation mail with. */
export const INVITER_FIRST_NAME_MAX = 50;

/** Spec 2 sections 5 and 9, "Bug report". */
export const BUG_TITLE_MAX_LENGTH = 255;
export const BUG_DESCRIPTION_MIN_LENGTH = 10;
export const BUG_DESCRIPTION_MAX_LENGTH = 10_000;
export const BUG_PAGE_URL_MAX_LENGTH = 2048;
