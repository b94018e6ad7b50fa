import type { I18n } from '@lingui/core';
import { notificationTexts, type Notification, type NotificationSubject } from '../../shared/notifications/notification';
import { toBool, toCount } from '../db/database';
import type { NotificationListRow } from './notifications.repository';

/**
 * What clicking it opens: the member's profile for a member who joined, else the ride, else the
 * group; none when what it names is gone (its row joined to nothing).
 */
function subjectOf(row: NotificationListRow): NotificationSubject | undefined {
  const ride = row.subject_ride_id !== null && row.subject_ride_slug !== null;
  const group = row.subject_group_id !== null && row.subject_group_slug !== null;
  const kind = row.type === 'member_joined' && row.subject_user_handle !== null ? 'member' : ride ? 'ride' : group ? 'group' : null;
  if (kind === null) return undefined;
  return {
    kind,
    groupId: ride ? row.subject_ride_group_id : row.subject_group_id,
    groupSlug: ride ? row.subject_ride_group_slug : row.subject_group_slug,
    groupName: ride ? row.subject_ride_group_name : row.subject_group_name,
    riderHandle: row.subject_user_handle,
    rideId: ride ? row.subject_ride_id : null,
    rideSlug: ride ? row.subject_ride_slug : null,
    rideName: ride ? row.subject_ride_name : null,
  };
}

/** The stored parameters, or null for a row of an earlier release that kept only its text. */
export function storedParams(row: { params: string | null }): Record<string, string | number> | null {
  if (row.params === null) return null;
  try {
    const parsed: unknown = JSON.parse(row.params);
    if (parsed === null || typeof parsed !== 'object') return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
  } catch {
    return null;
  }
}

/** A notification; `subject`, `count` and `params` only when it has them (spec 1 section 3's fields otherwise, unchanged). Its texts in the language of `i18n`: its recipient's. */
export function presentNotification(row: NotificationListRow, i18n: I18n): Notification {
  const subject = subjectOf(row);
  const count = toCount(row.item_count);
  const counted = row.type === 'media_uploaded' && (subject?.rideName ?? subject?.groupName) && subject?.riderHandle;
  const params = storedParams(row);
  const fields = { type: row.type, title: row.title, message: row.message, ...(subject && { subject }), ...(counted && { count }), ...(params && { params }) };
  return {
    id: row.id,
    ...fields,
    // Written now, with today's names: the same function the web app writes its list and toasts with.
    ...notificationTexts(i18n, fields),
    isRead: toBool(row.is_read),
    createdAt: row.created_at,
  };
}
