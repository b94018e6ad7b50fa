import type { MediaAbilities, MediaAssociatedType, MediaBelongsTo, MediaFileType, MediaItem } from '../../shared/media/media-item';
import type { GpxInfo } from '../../shared/gpx/gpx-types';
import type { GpxPrivacyZone, PrivateBounds } from '../../shared/gpx/privacy-zone';
import type { MediaListRow } from './media.repository';

/** Where a stored file is served (outside /api, so <img> and <video> can load it). */
export const MEDIA_FILES_PATH = '/media/files';

export function mediaFileUrl(key: string): string {
  return `${MEDIA_FILES_PATH}/${key}`;
}

/** What the gpx_info column holds: the summary, and the bounds each privacy zone leaves. */
export type StoredGpxInfo = GpxInfo & { privateBounds?: PrivateBounds; /** The reader that measured it (GPX_READER_VERSION); none before version 2. */ reader?: number };

/**
 * A GPX summary as a viewer may see it: the uploader sees everything ('original'); anyone else the
 * bounds of the file with the uploader's privacy zone trimmed (none for files stored before zones
 * existed) and no start or end time.
 */
export function presentGpxInfo(stored: StoredGpxInfo, view: GpxPrivacyZone | 'original'): GpxInfo {
  const { name, bounds, summary, privateBounds } = stored;
  if (view === 'original') return { name, bounds, summary };
  return { name, bounds: view === 'none' ? bounds : (privateBounds?.[view] ?? null), summary: { ...summary, startTime: null, endTime: null } };
}

export function presentMedia(row: MediaListRow, abilities: MediaAbilities, gpxView: GpxPrivacyZone | 'original', belongsTo: MediaBelongsTo | null): MediaItem {
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
    gpx: row.gpx_info ? presentGpxInfo(JSON.parse(row.gpx_info) as StoredGpxInfo, gpxView) : null,
    abilities,
    belongsTo,
  };
}
