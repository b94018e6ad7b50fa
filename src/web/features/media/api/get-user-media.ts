import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaItem } from '../../../../shared/media/media-item';
import { apiGet } from '../../../lib/api-client';

/** Every media list lives under this key, so an upload or delete refreshes them all (gallery, profile). */
export const mediaQueryKeyRoot = ['media'] as const;

/** GET /api/media?userId={id}: the rider's media (the gallery shows the signed-in rider's own). */
export function getUserMedia(userId: string): Promise<MediaItem[]> {
  return apiGet<MediaItem[]>(`/api/media?userId=${encodeURIComponent(userId)}`);
}

export function userMediaQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...mediaQueryKeyRoot, 'user', userId] as const,
    queryFn: () => getUserMedia(userId),
  });
}

export function useUserMedia(userId: string | undefined) {
  return useQuery({ ...userMediaQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
