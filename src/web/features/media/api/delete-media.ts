import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mediaQueryKeyRoot } from './get-user-media';

/** DELETE /api/media/{id}: the item, its file and its thumbnail. */
export function deleteMedia(id: string): Promise<void> {
  return apiRequest<void>(`/api/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaQueryKeyRoot }),
  });
}
