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

/** A notification; `subject` and `count` only when it has them (spec 1 section 3's fields otherwise, unchanged). */
export function presentNotification(row: NotificationListRow): Notification {
  const subject = subjectOf(row);
  const count = toCount(row.item_count);
  const place = subject?.rideName ?? subject?.groupName;
  // An upload notification counts on as more files come, so its text is written from the count and current names.
  const counted = row.type === 'media_uploaded' && place !== undefined && place !== null && subject?.riderHandle;
  const message = counted ? notificationTexts.mediaUploaded(subject.riderHandle!, count, place).message : row.message;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message,
    isRead: toBool(row.is_read),
    createdAt: row.created_at,
    ...(subject && { subject }),
    ...(counted && { count }),
  };
}
