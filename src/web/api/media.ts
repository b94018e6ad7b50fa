import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GpxData } from '../../shared/gpx/gpx-types';
import type { MediaAssociatedType, MediaItem } from '../../shared/media/media-item';
import { GUEST_UPLOAD_TOTAL_CODE, type StorageUsage } from '../../shared/media/storage-usage';
import { ApiError, apiGet, apiRequest, serverMessageOf } from '../lib/api-client';
import { uploadMultipart, type UploadProgress } from '../lib/upload-file';
import { invalidateGroups, mediaKeys, usersKeys } from './query-keys';
import { useRefreshingMutation } from './refreshing-mutation';

export { mediaKeys };

export interface UploadMediaInput {
  file: Blob;
  /** The name the server stores; a File's own name when not given. */
  fileName?: string;
  description?: string;
  associatedType?: MediaAssociatedType;
  associatedId?: string;
  /** What the image is for (avatar, background), for uploads that say so. */
  type?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const mediaPath = (id: string) => `/api/media/${encodeURIComponent(id)}`;

/** GET /api/media?userId={id}: a rider's media (the gallery shows the signed-in rider's own, the profile anyone's it may see). */
export function getUserMedia(userId: string): Promise<MediaItem[]> {
  return apiGet<MediaItem[]>(`/api/media?userId=${encodeURIComponent(userId)}`);
}

/** GET /api/media?associatedType=ride&associatedId=...: a ride's media (the route viewer uses its GPX files). */
export function getRideMedia(rideId: string): Promise<MediaItem[]> {
  return apiGet<MediaItem[]>(`/api/media?associatedType=ride&associatedId=${encodeURIComponent(rideId)}`);
}

/** GET /api/media/{id}/gpx: the parsed file for the map (the server parsed it once; long tracks come simplified). */
export function getGpxData(mediaId: string): Promise<GpxData> {
  return apiGet<GpxData>(`${mediaPath(mediaId)}/gpx`);
}

/** GET /api/media/storage: what the signed-in rider's uploads take of their storage limit. */
export function getStorageUsage(): Promise<StorageUsage> {
  return apiGet<StorageUsage>('/api/media/storage');
}

/**
 * POST /api/media (multipart), one file per request (spec 2 section 7), with upload progress. The
 * text fields go first and the file last, so the server knows the target and its limit before the bytes.
 */
export function uploadMedia({ file, fileName, description, associatedType = 'profile', associatedId, type, onProgress, signal }: UploadMediaInput): Promise<MediaItem> {
  return uploadMultipart<MediaItem>({
    url: '/api/media',
    fields: { type, associatedType, associatedId, description: description?.trim() || undefined },
    fileField: 'file',
    file,
    fileName: fileName ?? (file instanceof File ? file.name : undefined),
    onProgress,
    signal,
  });
}

/** PATCH /api/media/{id}: the description (empty clears it). */
export function updateMediaDescription({ id, description }: { id: string; description: string }): Promise<MediaItem> {
  return apiRequest<MediaItem>(mediaPath(id), { method: 'PATCH', body: { description: description.trim() || null } });
}

/** DELETE /api/media/{id}: the item, its file and its thumbnail. */
export function deleteMedia(id: string): Promise<void> {
  return apiRequest<void>(mediaPath(id), { method: 'DELETE' });
}

/** The "Upload failed" toast text: the server's message, else its status and status text, else `fallback`. */
export function uploadErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return serverMessageOf(error) ?? error.message;
}

/**
 * Whether an upload was refused because the guests of this network have used today's upload total
 * (the 413's `code`): only a guest gets it, and adding an e-mail address lifts them out of it.
 */
export function isGuestUploadTotalError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 413 && error.code === GUEST_UPLOAD_TOTAL_CODE;
}

export function userMediaQueryOptions(userId: string) {
  return queryOptions({ queryKey: mediaKeys.ofUser(userId), queryFn: () => getUserMedia(userId) });
}

export function rideMediaQueryOptions(rideId: string) {
  return queryOptions({ queryKey: mediaKeys.ofRide(rideId), queryFn: () => getRideMedia(rideId) });
}

export function gpxDataQueryOptions(mediaId: string) {
  return queryOptions({
    queryKey: mediaKeys.gpx(mediaId),
    queryFn: async () => {
      try {
        return await getGpxData(mediaId);
      } catch (error) {
        console.error(`Failed to fetch GPX file: ${error instanceof ApiError ? error.status : 'network error'}`);
        throw error;
      }
    },
    staleTime: Infinity,
  });
}

/** Under the media key, so an upload or a delete refreshes it with the lists. */
export function storageUsageQueryOptions(userId: string) {
  return queryOptions({ queryKey: mediaKeys.storage(userId), queryFn: getStorageUsage });
}

export function useUserMedia(userId: string | undefined) {
  return useQuery({ ...userMediaQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

export function useRideMedia(rideId: string, enabled: boolean) {
  return useQuery({ ...rideMediaQueryOptions(rideId), enabled });
}

export function useStorageUsage(userId: string | undefined) {
  return useQuery({ ...storageUsageQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

const invalidateMedia = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: mediaKeys.all });


export const useDeleteMedia = () => useRefreshingMutation(deleteMedia, invalidateMedia);
export const useUpdateMediaDescription = () => useRefreshingMutation(updateMediaDescription, invalidateMedia);
/** One upload; several in a row (a dialog's queue, a ride's GPX files) call uploadMedia and invalidate once at the end. */
export const useUploadMedia = () => useRefreshingMutation(uploadMedia, invalidateMedia);

/**
 * The cropped JPEG as 'group-image.jpg', associatedType 'group_image' and the new group's id
 * (spec 2 section 7). Sent after the group exists.
 */
export const useUploadGroupImage = () =>
  useRefreshingMutation(
    ({ groupId, image }: { groupId: string; image: Blob }) => uploadMedia({ file: image, fileName: 'group-image.jpg', associatedType: 'group_image', associatedId: groupId }),
    invalidateGroups,
  );

export type UserImageKind = 'avatar' | 'background';

const USER_IMAGES: Record<UserImageKind, { associatedType: MediaAssociatedType; fileName: string; description: string }> = {
  avatar: { associatedType: 'user_avatar', fileName: 'avatar.jpg', description: 'Profile avatar' },
  background: { associatedType: 'user_background', fileName: 'background.jpg', description: 'Profile background' },
};

/**
 * The avatar or background JPEG, attached to the rider's own account (spec 1 section 3: file
 * avatar.jpg, type avatar, associatedType user_avatar, description Profile avatar). On success the
 * current user, the profiles and the media lists are refetched, so the chip, Preferences and profile
 * update at once.
 */
export function useUploadUserImage(userId: string, kind: UserImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: Blob) => uploadMedia({ file: image, type: kind, associatedId: userId, ...USER_IMAGES[kind] }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.current() }),
        queryClient.invalidateQueries({ queryKey: usersKeys.allProfiles() }),
        queryClient.invalidateQueries({ queryKey: mediaKeys.allOfUsers() }),
      ]);
    },
  });
}
