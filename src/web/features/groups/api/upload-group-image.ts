import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../../../shared/media/media-item';
import { uploadMultipart } from '../../../lib/upload-file';
import { invalidateGroups } from './invalidate';

/**
 * POST /api/media (multipart) with the cropped JPEG as 'group-image.jpg', associatedType
 * 'group_image' and the new group's id (spec 2 section 7). Sent after the group exists.
 */
export function uploadGroupImage({ groupId, image }: { groupId: string; image: Blob }): Promise<MediaItem> {
  return uploadMultipart<MediaItem>({
    url: '/api/media',
    fields: { associatedType: 'group_image', associatedId: groupId },
    fileField: 'file',
    file: image,
    fileName: 'group-image.jpg',
  });
}

export function useUploadGroupImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGroupImage,
    onSuccess: () => invalidateGroups(queryClient),
  });
}
