import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../../../shared/media/media-item';
import { apiRequest } from '../../../lib/api-client';
import { mediaQueryKeyRoot } from './get-user-media';

/** PATCH /api/media/{id}: the description (empty clears it). */
export function updateMediaDescription({ id, description }: { id: string; description: string }): Promise<MediaItem> {
  return apiRequest<MediaItem>(`/api/media/${encodeURIComponent(id)}`, { method: 'PATCH', body: { description: description.trim() || null } });
}

export function useUpdateMediaDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMediaDescription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKeyRoot }),
  });
}
