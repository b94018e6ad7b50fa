import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../../../shared/media/media-item';
import { filterMedia } from './media-filters';

const item = (id: string, fileType: MediaItem['fileType'], associatedType: MediaItem['associatedType'], originalName: string, description: string | null = null): MediaItem => ({
  id,
  url: `/media/files/${id}`,
  thumbnailUrl: null,
  filename: id,
  originalName,
  description,
  mimeType: 'x',
  fileType,
  size: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  associatedType,
  associatedId: 'a',
  gpx: null,
  abilities: { edit: true, delete: true },
});

const items = [
  item('1', 'image', 'profile', 'Stelvio.jpg', 'Hairpins at dawn'),
  item('2', 'video', 'ride', 'onboard.mp4'),
  item('3', 'gpx', 'ride', 'route.gpx', 'Planned loop'),
  item('4', 'image', 'group', 'crew.png'),
  item('5', 'image', 'user_avatar', 'avatar.jpg'),
  item('6', 'image', 'group_image', 'group-image.jpg'),
];
const ids = (list: MediaItem[]) => list.map((m) => m.id);

describe('filterMedia', () => {
  it.each([
    ['all', ['1', '2', '3', '4', '5', '6']],
    ['images', ['1', '4', '5', '6']],
    ['videos', ['2']],
    ['profile', ['1', '5']],
    ['rides', ['2', '3']],
    ['groups', ['4', '6']],
  ] as const)('the %s tab', (tab, expected) => {
    expect(ids(filterMedia(items, tab, ''))).toEqual(expected);
  });

  it('searches names and descriptions, ignoring case, within the tab', () => {
    expect(ids(filterMedia(items, 'all', 'LOOP'))).toEqual(['3']);
    expect(ids(filterMedia(items, 'all', 'stelvio'))).toEqual(['1']);
    expect(ids(filterMedia(items, 'images', 'hairpins'))).toEqual(['1']);
    expect(ids(filterMedia(items, 'videos', 'hairpins'))).toEqual([]);
    expect(ids(filterMedia(items, 'all', '  '))).toHaveLength(6);
  });
});
