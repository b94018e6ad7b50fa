import type { MediaAbilities, MediaAssociatedType, MediaFileType, MediaItem } from '../../shared/media/media-item';
import type { GpxInfo } from '../../shared/gpx/gpx-types';
import type { MediaListRow } from './media.repository';

/** Where a stored file is served (outside /api, so <img> and <video> can load it). */
export const MEDIA_FILES_PATH = '/media/files';

export function mediaFileUrl(key: string): string {
  return `${MEDIA_FILES_PATH}/${key}`;
}

export function presentMedia(row: MediaListRow, abilities: MediaAbilities): MediaItem {
  return {
    id: row.id,
    url: row.url,
    thumbnailUrl: row.thumbnail_filename ? mediaFileUrl(row.thumbnail_filename) : null,
    filename: row.filename,
    originalName: row.original_name,
    description: row.description,
    mimeType: row.mime_type,
    fileType: row.file_type as MediaFileType,
    size: Number(row.size),
    createdAt: row.created_at,
    associatedType: row.associated_type as MediaAssociatedType | null,
    associatedId: row.associated_id,
    gpx: row.gpx_info ? (JSON.parse(row.gpx_info) as GpxInfo) : null,
    abilities,
  };
}
