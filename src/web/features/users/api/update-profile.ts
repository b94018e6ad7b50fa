import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { EMAIL_IN_USE_MESSAGE, USERNAME_TAKEN_MESSAGE, type ProfileUpdate } from '../../../../shared/users/profile';
import { apiRequest, serverMessageOf } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { profileQueryKeyRoot } from './get-profile';

/** Every field optional; an empty e-mail is sent as absent (spec 1 section 5). */
export type ProfileUpdateInput = { [K in keyof ProfileUpdate]?: ProfileUpdate[K] };

export interface ProfileUpdateResult extends CurrentUser {
  /** A changed e-mail is not applied: a confirmation link went to this address instead. */
  emailConfirmationSentTo: string | null;
}

/** PATCH /api/users/{id} (own account only). */
export function updateProfile(id: string, updates: ProfileUpdateInput): Promise<ProfileUpdateResult> {
  return apiRequest<ProfileUpdateResult>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: updates });
}

/** Spec 1 section 8, "Profile update failure": the toast text for a failed update. */
export function profileUpdateErrorText(error: unknown): string {
  const message = serverMessageOf(error);
  if (!message) return 'Failed to update profile. Please try again.';
  if (message.includes(EMAIL_IN_USE_MESSAGE)) return 'This email address is already registered to another account. Please use a different email.';
  if (message.includes(USERNAME_TAKEN_MESSAGE)) return 'This username is already taken. Please choose a different one.';
  // Any other message of the server (a 400 naming the field, the change limit...).
  return message;
}

/** On success the current user is refetched, and any cached public profile with it. */
export function useUpdateProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updates: ProfileUpdateInput) => updateProfile(id, updates),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKeyRoot }),
      ]);
    },
  });
}
