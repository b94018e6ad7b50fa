import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../../../../shared/media/media-item';
import { buildMediaItem } from '../../../test/media-fixture';
import { i18n } from '../../../lib/i18n/i18n';
import { belongsToLabel, filterMedia } from './media-filters';

const item = (id: string, fileType: MediaItem['fileType'], associatedType: MediaItem['associatedType'], originalName: string, description: string | null = null): MediaItem =>
  buildMediaItem({ id, url: `/media/files/${id}`, filename: id, originalName, description, mimeType: 'x', fileType, associatedType, associatedId: 'a', abilities: { edit: true, delete: true } });

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

  it('finds "Café dell’Adige" typed without the accent, or "dell\'adige" with either apostrophe', () => {
    const cafe = [item('7', 'image', 'ride', 'cafe.jpg', "Espresso at Café dell'Adige")];
    expect(ids(filterMedia(cafe, 'all', 'cafe dell’adige'))).toEqual(['7']);
    expect(ids(filterMedia(cafe, 'all', "CAFÉ DELL'ADIGE"))).toEqual(['7']);
  });
});

describe('belongsToLabel', () => {
  it('names the ride or group an item belongs to and links to it; a rider\'s own uploads read "Profile"', () => {
    const onRide = { ...item('7', 'gpx', 'ride', 'futa.gpx'), belongsTo: { type: 'ride' as const, id: 'r1', name: 'Futa Pass Loop', slug: 'futa-pass-loop', groupSlug: 'bologna-riders' } };
    expect(belongsToLabel(onRide, i18n)).toEqual({ text: 'Futa Pass Loop', href: '/groups/bologna-riders/rides/futa-pass-loop' });
    const inGroup = { ...item('8', 'video', 'group', 'onboard.mp4'), belongsTo: { type: 'group' as const, id: 'g1', name: 'Motorradfreundeskreisoberbayern', slug: 'motorradfreundeskreisoberbayern' } };
    expect(belongsToLabel(inGroup, i18n)).toEqual({ text: 'Motorradfreundeskreisoberbayern', href: '/groups/motorradfreundeskreisoberbayern' });
    expect(belongsToLabel(item('9', 'image', 'profile', 'me.jpg'), i18n)).toEqual({ text: 'Profile', href: null });
    // A ride that is gone still says what it was.
    expect(belongsToLabel(item('10', 'image', 'ride', 'old.jpg'), i18n)).toEqual({ text: 'Ride', href: null });
  });
});
