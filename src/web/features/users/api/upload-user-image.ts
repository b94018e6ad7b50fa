import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../../../shared/media/media-item';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { profileQueryKeyRoot } from './get-profile';
import { userMediaQueryKeyRoot } from './get-user-media';

export type UserImageKind = 'avatar' | 'background';

const UPLOADS: Record<UserImageKind, { associatedType: string; fileName: string; description: string }> = {
  avatar: { associatedType: 'user_avatar', fileName: 'avatar.jpg', description: 'Profile avatar' },
  background: { associatedType: 'user_background', fileName: 'background.jpg', description: 'Profile background' },
};

/**
 * POST /api/media (multipart): the avatar or background JPEG, attached to the rider's own account.
 * Spec 1 section 3: file avatar.jpg, type avatar, associatedType user_avatar, associatedId the user's id,
 * description Profile avatar. Non-OK answers throw an ApiError (JSON { message }).
 */
export async function uploadUserImage(userId: string, kind: UserImageKind, image: Blob): Promise<MediaItem> {
  const upload = UPLOADS[kind];
  const form = new FormData();
  form.append('type', kind);
  form.append('associatedType', upload.associatedType);
  form.append('associatedId', userId);
  form.append('description', upload.description);
  // The file goes last, so the server knows the target (and its size limit) before the bytes arrive.
  form.append('file', image, upload.fileName);
  const response = await fetch('/api/media', { method: 'POST', body: form, credentials: 'include' });
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return JSON.parse(text) as MediaItem;
}

/** The "Upload failed" toast text: the server's message, else its status and status text, else `fallback`. */
export function uploadErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return serverMessageOf(error) ?? error.message;
}

/** On success the current user and the profiles are refetched, so the chip, Preferences and profile update at once. */
export function useUploadUserImage(userId: string, kind: UserImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Blob) => uploadUserImage(userId, kind, image),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKeyRoot }),
        queryClient.invalidateQueries({ queryKey: userMediaQueryKeyRoot }),
      ]);
    },
  });
}
