import type { MediaItem } from '../../../../shared/media/media-item';
import { ridePath } from '../../../lib/rides/ride-format';
import { groupPath } from '../../../lib/groups/group-path';
import { matchesSearchText } from '../../../lib/search-text';

/** Spec 2 "Media Gallery": the filter tabs, in order. */
export const MEDIA_TABS = [
  { value: 'all', label: 'All' },
  { value: 'images', label: 'Images' },
  { value: 'videos', label: 'Videos' },
  { value: 'profile', label: 'Profile' },
  { value: 'rides', label: 'Rides' },
  { value: 'groups', label: 'Groups' },
] as const;
export type MediaTab = (typeof MEDIA_TABS)[number]['value'];

function inTab(item: MediaItem, tab: MediaTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'images':
      return item.fileType === 'image';
    case 'videos':
      return item.fileType === 'video';
    case 'profile':
      return item.associatedType === 'profile' || item.associatedType === 'user_avatar' || item.associatedType === 'user_background' || item.associatedType === null;
    case 'rides':
      return item.associatedType === 'ride';
    case 'groups':
      return item.associatedType === 'group' || item.associatedType === 'group_image';
  }
}

/** The items of a tab whose name or description contains the search text (case-insensitive). */
export function filterMedia(items: readonly MediaItem[], tab: MediaTab, search: string): MediaItem[] {
  return items.filter((item) => inTab(item, tab) && matchesSearchText([item.originalName, item.description], search));
}

/** What kind of place an item belongs to, for its caption. */
export function placeLabel(item: MediaItem): string {
  switch (item.associatedType) {
    case 'ride':
      return 'Ride';
    case 'group':
      return 'Group';
    case 'group_image':
      return 'Group image';
    case 'user_avatar':
      return 'Avatar';
    case 'user_background':
      return 'Background';
    default:
      return 'Profile';
  }
}

/**
 * What an item belongs to, by name, and where that is: the ride ("Futa Pass Loop") or the group the
 * server named, else the kind of place (a rider's own uploads: "Profile", "Avatar", "Background"; a
 * ride or group that is gone: "Ride", "Group").
 */
export function belongsToLabel(item: MediaItem): { text: string; href: string | null } {
  const owner = item.belongsTo;
  if (owner?.type === 'ride') return { text: owner.name, href: ridePath(owner) };
  if (owner?.type === 'group') return { text: owner.name, href: groupPath(owner.slug) };
  return { text: placeLabel(item), href: null };
}
