import { z } from 'zod';

// Schemas here are built from z.* calls only (z.nullable(z.string()), not z.string().nullable()):
// the build treats z.* calls as pure (vite.config.ts), so the browser, which uses only the types and
// constants of this module on every screen, leaves zod out of its first load. A method call on a
// schema is not known to be pure, and would keep the schema and zod in (bench:lighthouse checks).
import { GPX_PRIVACY_ZONES } from '../gpx/privacy-zones';
import { preferenceAnswerShape } from './preference-schemas';

export const PROFILE_VISIBILITIES = ['public', 'groups', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

export const PREFERRED_UNITS = ['miles', 'kilometers'] as const;
export type PreferredUnits = (typeof PREFERRED_UNITS)[number];
/** What a visitor without an account, or before their account is read, sees distances in. */
export const DEFAULT_UNITS: PreferredUnits = 'kilometers';

export const motorcycleSchema = z.object({
  brand: z.string(),
  model: z.string(),
  year: z.int(),
  color: z.string(),
});
export type Motorcycle = z.infer<typeof motorcycleSchema>;

/** GET /api/users/current (spec 1 section 3, "Current user"). */
// PURE: the preferences are added by a pure-marked `.extend`, not spread into z.object: a spread is
// not known to be free of side effects, and kept zod in the first load (about 21 KB, measured).
export const currentUserSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  userId: z.string(),
  userIdChangesCount: z.int(),
  email: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  location: z.nullable(z.string()),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  motorcycles: z.array(motorcycleSchema),
  profileImageUrl: z.nullable(z.string()),
  backgroundImageUrl: z.nullable(z.string()),
  isFirstVisit: z.boolean(),
  profileVisibility: z.enum(PROFILE_VISIBILITIES),
  preferredUnits: z.enum(PREFERRED_UNITS),
  /** How much of the start and end of the rider's GPX files others never see. */
  gpxPrivacyZone: z.enum(GPX_PRIVACY_ZONES),
  /** The spec's offset label of the rider's zone today. */
  timezoneOffset: z.string(),
  timezoneName: z.string(),
  /** The rider's IANA zone: the browser's at sign-in, or chosen in site settings. */
  timezone: z.string(),
  createdAt: z.string(),
  /** An address the rider asked to use, waiting for confirmation from its inbox, else null. */
  pendingEmail: z.nullable(z.string()),
  // Reminders, digests and what is added after them: defined once in preferences.ts.
}).extend(preferenceAnswerShape);
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Handles are the public, URL-safe part of /profile/{userId}. */
export const USER_ID_MIN_LENGTH = 3;
export const USER_ID_MAX_LENGTH = 30;
export const USER_ID_MAX_CHANGES = 2;

/**
 * Spec 1 section 4: the unsaved-access notice shows when the rider has no e-mail and either
 * has some profile data or belongs to at least one group.
 */
export function needsSavedAccess(user: CurrentUser, groupCount: number): boolean {
  if (user.email) return false;
  const hasProfileData = Boolean(
    user.firstName ||
      user.lastName ||
      user.bio ||
      user.location ||
      user.motorcycles.length > 0 ||
      user.profileImageUrl ||
      user.backgroundImageUrl ||
      user.userIdChangesCount > 0,
  );
  return hasProfileData || groupCount > 0;
}

/** Spec 1 section 2: two upper-case letters of the handle when there is no picture. */
export function initialsOf(userId: string | null | undefined): string {
  return (userId ?? '').slice(0, 2).toUpperCase();
}
