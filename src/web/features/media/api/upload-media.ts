import type { MediaAssociatedType, MediaItem } from '../../../../shared/media/media-item';
import { uploadMultipart, type UploadProgress } from '../../../lib/upload-file';

export interface UploadMediaInput {
  file: File;
  description?: string;
  associatedType?: MediaAssociatedType;
  associatedId?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /api/media (multipart): one file per request (spec 2 section 7), with upload progress. */
export function uploadMedia({ file, description, associatedType = 'profile', associatedId, onProgress, signal }: UploadMediaInput): Promise<MediaItem> {
  return uploadMultipart<MediaItem>({
    url: '/api/media',
    fields: { associatedType, associatedId, description: description?.trim() || undefined },
    fileField: 'file',
    file,
    fileName: file.name,
    onProgress,
    signal,
  });
}
