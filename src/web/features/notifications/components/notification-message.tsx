import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react';
import { notificationTexts, type Notification } from '../../../../shared/notifications/notification';
import { readsRepeat } from '../../../../shared/notifications/notification-types';

type Shown = Pick<Notification, 'type' | 'title' | 'message' | 'params' | 'subject' | 'count'>;

const RepeatMessage = lazy(() => import('./notification-repeat-message'));

/**
 * A notification's message in the rider's language (the list and the toasts). One about a series
 * (ride_created, series_handed_over) states its repeat from the stored rule: the words for it are
 * loaded apart from the first load, with the first such notification, as the ride card's repeat is.
 */
export function NotificationMessage({ notification }: { notification: Shown }) {
  const { i18n } = useLingui();
  if (!readsRepeat(notification.params)) return <>{notificationTexts(i18n, notification).message}</>;
  return (
    <Suspense fallback={null}>
      <RepeatMessage notification={notification} />
    </Suspense>
  );
}
