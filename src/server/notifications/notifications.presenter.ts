import type { Notification, NotificationSubject } from '../../shared/notifications/notification';
import { isNotificationType, renderNotification } from '../../shared/notifications/notification-types';
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
export function storedParams(row: { params: string | null }): Record<string, unknown> | null {
  if (row.params === null) return null;
  try {
    const parsed: unknown = JSON.parse(row.params);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Its title and message, written now from its type and parameters with today's names (the stored text only for an old row). */
function textsOf(row: NotificationListRow, subject: NotificationSubject | undefined, count: number): { title: string; message: string } {
  const params = storedParams(row);
  if (!params || !isNotificationType(row.type)) return { title: row.title, message: row.message };
  return renderNotification(row.type, params, { ride: subject?.rideName, group: subject?.groupName, rider: subject?.riderHandle }, count);
}

/** A notification; `subject` and `count` only when it has them (spec 1 section 3's fields otherwise, unchanged). */
export function presentNotification(row: NotificationListRow): Notification {
  const subject = subjectOf(row);
  const count = toCount(row.item_count);
  const counted = row.type === 'media_uploaded' && (subject?.rideName ?? subject?.groupName) && subject?.riderHandle;
  return {
    id: row.id,
    type: row.type,
    ...textsOf(row, subject, count),
    isRead: toBool(row.is_read),
    createdAt: row.created_at,
    ...(subject && { subject }),
    ...(counted && { count }),
  };
}
