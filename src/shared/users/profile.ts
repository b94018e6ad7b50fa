import { z } from 'zod';
import { stripInvisible } from '../text/name-text';
import { isAcceptedOffset, TIMEZONE_OFFSET_PATTERN } from '../timezones/timezones';
import { optionalZoneField } from '../timezones/zone-field';
import { EMAIL_MAX_LENGTH } from '../auth/magic-link';
import { GPX_PRIVACY_ZONES } from '../gpx/privacy-zones';
import { preferenceUpdateShape } from './preference-schemas';
import { PREFERRED_UNITS, PROFILE_VISIBILITIES, USER_ID_MAX_LENGTH, USER_ID_MIN_LENGTH, currentUserSchema } from './current-user';
import { PROFILE_MESSAGES, TIMEZONE_MESSAGES } from '../i18n/validation-messages';
import { MOTORCYCLE_YEAR_MIN } from '../text/field-limits';

export { MOTORCYCLE_YEAR_MIN };


/** Handles appear in /profile/{userId}: letters, digits, hyphen and underscore only. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const userIdSchema = z
  .string()
  .overwrite(stripInvisible)
  .trim()
  .min(USER_ID_MIN_LENGTH, PROFILE_MESSAGES.userIdTooShort)
  .max(USER_ID_MAX_LENGTH, PROFILE_MESSAGES.userIdTooLong)
  .regex(USER_ID_PATTERN, PROFILE_MESSAGES.userIdCharacters);

/** Free text a rider may leave empty; names among them lose invisible characters first (see stripInvisible). */
const optionalText = (max: number, tooLong: string, { isName = false } = {}) =>
  z
    .string()
    .overwrite((v) => (isName ? stripInvisible(v) : v))
    .trim()
    .max(max, tooLong)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const profileFields = z.object({
    userId: userIdSchema.optional(),
    // An empty e-mail is sent as absent (spec 1 section 5).
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, PROFILE_MESSAGES.email)
      .transform((v) => v.toLowerCase())
      .pipe(z.union([z.literal(''), z.email(PROFILE_MESSAGES.email)]))
      .nullable()
      .optional(),
    firstName: optionalText(100, PROFILE_MESSAGES.firstNameTooLong, { isName: true }),
    lastName: optionalText(100, PROFILE_MESSAGES.lastNameTooLong, { isName: true }),
    bio: optionalText(2000, PROFILE_MESSAGES.bioTooLong),
    location: optionalText(255, PROFILE_MESSAGES.locationTooLong),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    profileVisibility: z.enum(PROFILE_VISIBILITIES).optional(),
    preferredUnits: z.enum(PREFERRED_UNITS).optional(),
    gpxPrivacyZone: z.enum(GPX_PRIVACY_ZONES).optional(),
    timezoneOffset: z
      .string()
      .regex(TIMEZONE_OFFSET_PATTERN, TIMEZONE_MESSAGES.invalid)
      .refine(isAcceptedOffset, TIMEZONE_MESSAGES.invalid)
      .optional(),
    timezoneName: z.string().trim().min(1, TIMEZONE_MESSAGES.nameRequired).max(100).optional(),
    /** The rider's IANA zone ("Europe/Rome"); an unknown one is refused with the code `unknown_time_zone`. */
    timezone: optionalZoneField,
});
// PURE, in two steps whose arguments are plain names: the browser uses no profile update schema, and
// the preferences' schemas (with zod) must not be kept for it in the chunk of its first load.
const withPreferences = /* @__PURE__ */ profileFields.extend(preferenceUpdateShape);
/** PATCH /api/users/{id} (spec 1 section 5, "Profile form"). Every field optional; the preferences are defined once in preferences.ts. */
export const profileUpdateSchema = /* @__PURE__ */ withPreferences.strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const motorcycleYearMax = (now = new Date()) => now.getUTCFullYear() + 1;

export const MOTORCYCLES_REQUIRED_MESSAGE = 'Please add at least one motorcycle with all fields filled.';

/** Spec 2 section 5: rows with an empty brand, model or colour are dropped; at least one full row. */
export function completeMotorcycles(rows: ReadonlyArray<{ brand?: string; model?: string; year?: number; color?: string }>) {
  return rows
    .map((r) => ({ brand: (r.brand ?? '').trim(), model: (r.model ?? '').trim(), year: r.year ?? Number.NaN, color: (r.color ?? '').trim() }))
    .filter((r) => r.brand && r.model && r.color);
}

export const motorcyclesUpdateSchema = z.object({
  motorcycles: z
    .array(
      z.object({
        brand: z.string().max(100).optional(),
        model: z.string().max(100).optional(),
        year: z
          .number()
          .int(PROFILE_MESSAGES.yearWhole)
          .min(MOTORCYCLE_YEAR_MIN, PROFILE_MESSAGES.yearMin)
          .refine((year) => year <= motorcycleYearMax(), PROFILE_MESSAGES.yearMax)
          .optional(),
        color: z.string().max(50).optional(),
      }),
    )
    .max(20, PROFILE_MESSAGES.tooMany),
});

export const locationUpdateSchema = z.object({
  location: z.string().overwrite(stripInvisible).trim().min(1, PROFILE_MESSAGES.locationRequired).max(255),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;

/**
 * GET /api/users/profile/{username}: what a permitted viewer sees of a rider: the profile part of the
 * rider's own view (users.presenter.ts profileFields), and whether the viewer may edit it.
 */
// PURE: as below, the web takes only this schema's type.
export const publicProfileSchema = /* @__PURE__ */ currentUserSchema
  .pick({ id: true, userId: true, firstName: true, lastName: true, bio: true, location: true, latitude: true, longitude: true, profileImageUrl: true, backgroundImageUrl: true, motorcycles: true, createdAt: true, preferredUnits: true, isFirstVisit: true })
  .extend({ abilities: z.object({ edit: z.boolean() }) });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

// PURE: an `.extend` call at the top of a module the first load reaches keeps zod in that load
// (about 24 KB, over the first-paint budget); the web only takes this schema's type.
/** PATCH /api/users/{id}: the account as saved; a changed e-mail is not applied, a confirmation link went to this address instead. */
export const profileUpdateResultSchema = /* @__PURE__ */ currentUserSchema.extend({ emailConfirmationSentTo: z.string().nullable() });
export type ProfileUpdateResult = z.infer<typeof profileUpdateResultSchema>;

/** GET /api/users/check-username/{username} */
export const handleAvailabilitySchema = z.object({ available: z.boolean() });
