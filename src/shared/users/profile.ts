import { z } from 'zod';
import { stripInvisible } from '../text/name-text';
import { isAcceptedOffset, TIMEZONE_OFFSET_PATTERN } from '../timezones/timezones';
import { optionalZoneField } from '../timezones/zone-field';
import { EMAIL_MAX_LENGTH } from '../auth/magic-link';
import { GPX_PRIVACY_ZONES } from '../gpx/privacy-zones';
import { preferenceUpdateShape } from './preference-schemas';
import { PREFERRED_UNITS, PROFILE_VISIBILITIES, USER_ID_MAX_LENGTH, USER_ID_MIN_LENGTH, currentUserSchema } from './current-user';

/** Handles appear in /profile/{userId}: letters, digits, hyphen and underscore only. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const userIdSchema = z
  .string()
  .overwrite(stripInvisible)
  .trim()
  .min(USER_ID_MIN_LENGTH, 'User ID must be at least 3 characters')
  .max(USER_ID_MAX_LENGTH, `User ID must be at most ${USER_ID_MAX_LENGTH} characters`)
  .regex(USER_ID_PATTERN, 'User ID may only contain letters, numbers, hyphens and underscores');

/** Free text a rider may leave empty; names among them lose invisible characters first (see stripInvisible). */
const optionalText = (max: number, label: string, { isName = false } = {}) =>
  z
    .string()
    .overwrite((v) => (isName ? stripInvisible(v) : v))
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const profileFields = z.object({
    userId: userIdSchema.optional(),
    // An empty e-mail is sent as absent (spec 1 section 5).
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, 'Invalid email address')
      .transform((v) => v.toLowerCase())
      .pipe(z.union([z.literal(''), z.email('Invalid email address')]))
      .nullable()
      .optional(),
    firstName: optionalText(100, 'First name', { isName: true }),
    lastName: optionalText(100, 'Last name', { isName: true }),
    bio: optionalText(2000, 'Bio'),
    location: optionalText(255, 'Location'),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    profileVisibility: z.enum(PROFILE_VISIBILITIES).optional(),
    preferredUnits: z.enum(PREFERRED_UNITS).optional(),
    gpxPrivacyZone: z.enum(GPX_PRIVACY_ZONES).optional(),
    timezoneOffset: z
      .string()
      .regex(TIMEZONE_OFFSET_PATTERN, 'Please select a valid timezone')
      .refine(isAcceptedOffset, 'Please select a valid timezone')
      .optional(),
    timezoneName: z.string().trim().min(1, 'Timezone name is required').max(100).optional(),
    /** The rider's IANA zone ("Europe/Rome"); an unknown one is refused with the code `unknown_time_zone`. */
    timezone: optionalZoneField,
});
// PURE, in two steps whose arguments are plain names: the browser uses no profile update schema, and
// the preferences' schemas (with zod) must not be kept for it in the chunk of its first load.
const withPreferences = /* @__PURE__ */ profileFields.extend(preferenceUpdateShape);
/** PATCH /api/users/{id} (spec 1 section 5, "Profile form"). Every field optional; the preferences are defined once in preferences.ts. */
export const profileUpdateSchema = /* @__PURE__ */ withPreferences.strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const MOTORCYCLE_YEAR_MIN = 1900;
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
          .int('Year must be a whole number')
          .min(MOTORCYCLE_YEAR_MIN, `Year must be ${MOTORCYCLE_YEAR_MIN} or later`)
          .refine((year) => year <= motorcycleYearMax(), 'Year cannot be later than next year')
          .optional(),
        color: z.string().max(50).optional(),
      }),
    )
    .max(20, 'At most 20 motorcycles'),
});

export const locationUpdateSchema = z.object({
  location: z.string().trim().min(1, 'Location is required').max(255),
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
