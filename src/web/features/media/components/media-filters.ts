import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MediaItem } from '../../../../shared/media/media-item';
import { ridePath } from '../../../lib/rides/ride-format';
import { groupPath } from '../../../lib/groups/group-path';
import { matchesSearchText } from '../../../lib/search-text';

/** Spec 2 "Media Gallery": the filter tabs, in order (labels shown with i18n._). */
export const MEDIA_TABS = [
  { value: 'all', label: msg`All` },
  { value: 'images', label: msg`Images` },
  { value: 'videos', label: msg`Videos` },
  { value: 'profile', label: msg`Profile` },
  { value: 'rides', label: msg`Rides` },
  { value: 'groups', label: msg`Groups` },
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

/** What kind of place an item belongs to, for its caption, in the language of `i18n` (the tile's, `useLingui`). */
function placeLabel(item: MediaItem, i18n: I18n): string {
  switch (item.associatedType) {
    case 'ride':
      return i18n._(msg`Ride`);
    case 'group':
      return i18n._(msg`Group`);
    case 'group_image':
      return i18n._(msg`Group image`);
    case 'user_avatar':
      return i18n._(msg`Avatar`);
    case 'user_background':
      return i18n._(msg`Background`);
    default:
      return i18n._(msg`Profile`);
  }
}

/**
 * What an item belongs to, by name, and where that is: the ride ("Futa Pass Loop") or the group the
 * server named, else the kind of place (a rider's own uploads: "Profile", "Avatar", "Background"; a
 * ride or group that is gone: "Ride", "Group").
 */
export function belongsToLabel(item: MediaItem, i18n: I18n): { text: string; href: string | null } {
  const owner = item.belongsTo;
  if (owner?.type === 'ride') return { text: owner.name, href: ridePath(owner) };
  if (owner?.type === 'group') return { text: owner.name, href: groupPath(owner.slug) };
  return { text: placeLabel(item, i18n), href: null };
}
