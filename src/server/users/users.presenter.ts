import { zoneOffsetLabel } from '../../shared/timezones/zoned-time';
import type { CurrentUser, Motorcycle, PreferredUnits, ProfileVisibility } from '../../shared/users/current-user';
import type { PublicProfile } from '../../shared/users/profile';
import type { GpxPrivacyZone } from '../../shared/gpx/privacy-zone';
import { toBool, toNumberOrNull } from '../db/database';
import { readPreferences } from '../../shared/users/preferences';
import type { UserRow } from './users.repository';

export function parseMotorcycles(json: string): Motorcycle[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as Motorcycle[]) : [];
  } catch {
    return [];
  }
}

/** What the rider's own view and a permitted viewer's have in common: the profile itself. */
function profileFields(row: UserRow) {
  return {
    id: row.id,
    userId: row.handle,
    firstName: row.first_name,
    lastName: row.last_name,
    bio: row.bio,
    location: row.location,
    latitude: toNumberOrNull(row.latitude),
    longitude: toNumberOrNull(row.longitude),
    motorcycles: parseMotorcycles(row.motorcycles),
    profileImageUrl: row.profile_image_url,
    backgroundImageUrl: row.background_image_url,
    preferredUnits: row.preferred_units as PreferredUnits,
    createdAt: row.created_at,
  };
}

/**
 * The signed-in rider's own view of their account: every field of spec 1 section 3, and the
 * address waiting for confirmation (auth/email-change.service.ts pendingEmailOf).
 */
export function presentCurrentUser(row: UserRow, pendingEmail: string | null): CurrentUser {
  return {
    ...profileFields(row),
    userIdChangesCount: row.handle_changes_count,
    email: row.email,
    isFirstVisit: toBool(row.is_first_visit),
    profileVisibility: row.profile_visibility as ProfileVisibility,
    gpxPrivacyZone: row.gpx_privacy_zone as GpxPrivacyZone,
    // The spec's offset today, from the rider's zone.
    timezoneOffset: zoneOffsetLabel(row.timezone, Date.now()),
    timezoneName: row.timezone_name,
    timezone: row.timezone,
    pendingEmail,
    ...readPreferences(row),
  };
}

/** What a permitted viewer sees of a rider: no e-mail, no settings beyond the display unit. */
export function presentPublicProfile(row: UserRow, viewerId: string | null): PublicProfile {
  const own = viewerId === row.id;
  return {
    ...profileFields(row),
    isFirstVisit: own && toBool(row.is_first_visit),
    abilities: { edit: own },
  };
}
