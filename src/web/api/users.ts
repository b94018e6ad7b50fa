import { msg } from '@lingui/core/macro';
import { i18n } from '../lib/i18n/i18n';
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RecentRide } from '../../shared/rides/ride';
import { DEFAULT_UNITS, type CurrentUser, type Motorcycle, type PreferredUnits } from '../../shared/users/current-user';
import { PREFERENCE_DEFAULTS, preferencesOf, type Preferences } from '../../shared/users/preferences';
import type { LocationUpdate, ProfileUpdate, ProfileUpdateResult, PublicProfile } from '../../shared/users/profile';
import { EMAIL_IN_USE_MESSAGE } from '../../shared/users/profile-messages';
import { ApiError, apiGet, apiRequest, errorCodeOf, serverMessageOf } from '../lib/api-client';
import { usersKeys } from './query-keys';
import { useRefreshingMutation } from './refreshing-mutation';

export { usersKeys };
export type { RecentRide };

/** Every field optional; an empty e-mail is sent as absent (spec 1 section 5). */
export type ProfileUpdateInput = { [K in keyof ProfileUpdate]?: ProfileUpdate[K] };

/** A changed e-mail is not applied: a confirmation link went to `emailConfirmationSentTo` instead. */
export type { ProfileUpdateResult };

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/**
 * GET /api/users/current. The server creates a guest when there is no session, so null only means
 * the server refused (401).
 */
export function getCurrentUser(): Promise<CurrentUser | null> {
  return apiRequest<CurrentUser>('/api/users/current', { nullOn401: true });
}

/**
 * GET /api/users/profile/{username}. A profile that does not exist, or that the viewer may not see,
 * answers 404: that is null here ("Profile not found"); other failures stay errors.
 */
export async function getProfile(username: string): Promise<PublicProfile | null> {
  try {
    return await apiGet<PublicProfile>(`/api/users/profile/${encodeURIComponent(username)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/users/{id}/recent-rides */
export function getRecentRides(id: string): Promise<RecentRide[]> {
  return apiGet<RecentRide[]>(`${userPath(id)}/recent-rides`);
}

/** GET /api/users/check-username/{username}?excludeUserId=: free regardless of case, ignoring the asking account. */
export function checkUsername(username: string, excludeUserId: string, signal?: AbortSignal): Promise<{ available: boolean }> {
  const query = new URLSearchParams({ excludeUserId });
  return apiGet<{ available: boolean }>(`/api/users/check-username/${encodeURIComponent(username)}?${query}`, { signal });
}

/** PATCH /api/users/{id} (own account only). */
export function updateProfile(id: string, updates: ProfileUpdateInput): Promise<ProfileUpdateResult> {
  return apiRequest<ProfileUpdateResult>(userPath(id), { method: 'PATCH', body: updates });
}

/** PUT /api/users/{id}/location */
export function updateLocation(id: string, update: LocationUpdate): Promise<CurrentUser> {
  return apiRequest<CurrentUser>(`${userPath(id)}/location`, { method: 'PUT', body: update });
}

/** PUT /api/users/{id}/motorcycles: replaces the list (400 when no row is complete). */
export function updateMotorcycles(id: string, motorcycles: Motorcycle[]): Promise<CurrentUser> {
  return apiRequest<CurrentUser>(`${userPath(id)}/motorcycles`, { method: 'PUT', body: { motorcycles } });
}

/** POST /api/users/mark-welcome-seen */
export function markWelcomeSeen(): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('/api/users/mark-welcome-seen', { method: 'POST' });
}

/** Spec 1 section 8, "Profile update failure": the toast text for a failed update. */
export function profileUpdateErrorText(error: unknown): string {
  if (errorCodeOf(error) === 'username_taken') return i18n._(msg`This username is already taken. Please choose a different one.`);
  const message = serverMessageOf(error);
  if (!message) return i18n._(msg`Failed to update profile. Please try again.`);
  if (message.includes(EMAIL_IN_USE_MESSAGE)) return i18n._(msg`This email address is already registered to another account. Please use a different email.`);
  // Any other message of the server (a 400 naming the field, the change limit...).
  return message;
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: usersKeys.current(), queryFn: getCurrentUser, retry: false });
}

export function profileQueryOptions(username: string) {
  return queryOptions({ queryKey: usersKeys.profile(username), queryFn: () => getProfile(username) });
}

export function recentRidesQueryOptions(id: string) {
  return queryOptions({ queryKey: usersKeys.recentRides(id), queryFn: () => getRecentRides(id) });
}

export function usernameAvailabilityQueryOptions(username: string, excludeUserId: string) {
  return queryOptions({
    queryKey: usersKeys.usernameAvailability(username, excludeUserId),
    queryFn: ({ signal }) => checkUsername(username, excludeUserId, signal),
    // Someone else may take a handle at any time: ask again after a minute.
    staleTime: 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/**
 * The rider's display preferences, with the defaults a visitor without an account sees: the one
 * place a component reads them, so a new preference gets its default once.
 */
export function usePreferences(): { units: PreferredUnits } & Preferences {
  const { data: user } = useCurrentUser();
  // Those of src/shared/users/preferences.ts come with their defaults from their one definition.
  return { units: user?.preferredUnits ?? DEFAULT_UNITS, ...(user ? preferencesOf(user) : PREFERENCE_DEFAULTS) };
}

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}

export function useRecentRides(id: string) {
  return useQuery(recentRidesQueryOptions(id));
}

export function useUsernameAvailability(username: string, excludeUserId: string, enabled: boolean) {
  return useQuery({ ...usernameAvailabilityQueryOptions(username, excludeUserId), enabled });
}

/** After a change to the account: the current user is refetched, and any cached public profile with it. */
export function invalidateAccount(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: usersKeys.current() }),
    queryClient.invalidateQueries({ queryKey: usersKeys.allProfiles() }),
  ]);
}

export const useUpdateProfile = (id: string) => useRefreshingMutation((updates: ProfileUpdateInput) => updateProfile(id, updates), invalidateAccount);
export const useUpdateLocation = (id: string) => useRefreshingMutation((update: LocationUpdate) => updateLocation(id, update), invalidateAccount);
export const useUpdateMotorcycles = (id: string) => useRefreshingMutation((motorcycles: Motorcycle[]) => updateMotorcycles(id, motorcycles), invalidateAccount);

/**
 * Returns a function that sends the call at once (the welcome's actions must fire it before
 * doing their own thing, and a mutation would only start it a few microtasks later).
 * On success the current user is refetched (isFirstVisit clears); a failure is only logged.
 */
export function useMarkWelcomeSeen(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    markWelcomeSeen().then(
      () => queryClient.invalidateQueries({ queryKey: usersKeys.current() }),
      (error: unknown) => console.error('Failed to mark welcome as seen', error),
    );
  }, [queryClient]);
}
