import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaItem } from '../../../../shared/media/media-item';
import { apiGet } from '../../../lib/api-client';

export const userMediaQueryKeyRoot = ['media', 'user'] as const;

/** GET /api/media?userId=: a rider's media, for the profile's gallery. */
export function getUserMedia(userId: string): Promise<MediaItem[]> {
  return apiGet<MediaItem[]>(`/api/media?userId=${encodeURIComponent(userId)}`);
}

export function userMediaQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...userMediaQueryKeyRoot, userId] as const,
    queryFn: () => getUserMedia(userId),
  });
}

export function useUserMedia(userId: string) {
  return useQuery(userMediaQueryOptions(userId));
}
