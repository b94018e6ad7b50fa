import type { MediaItem } from '../../shared/media/media-item';

/** A media item as the API presents it, for component tests. */
export function buildMediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  const id = overrides.id ?? 'm1';
  return {
    id,
    url: `/media/files/${id}.jpg`,
    thumbnailUrl: null,
    filename: `${id}.jpg`,
    originalName: 'photo.jpg',
    description: null,
    mimeType: 'image/jpeg',
    fileType: 'image',
    size: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    associatedType: 'ride',
    associatedId: 'r1',
    gpx: null,
    abilities: { edit: false, delete: false },
    belongsTo: null,
    ...overrides,
  };
}
