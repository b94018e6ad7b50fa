import { useLingui } from '@lingui/react';
import { notificationTexts, type Notification } from '../../../../shared/notifications/notification';
import { repeatCodeText } from '../../../../shared/series/series-label-text';

/** A notification's message that states a series' repeat (NotificationMessage): loaded apart, with the repeat's words. */
export default function NotificationRepeatMessage({ notification }: { notification: Pick<Notification, 'type' | 'title' | 'message' | 'params' | 'subject' | 'count'> }) {
  const { i18n } = useLingui();
  return <>{notificationTexts(i18n, notification, { repeatText: repeatCodeText }).message}</>;
}
