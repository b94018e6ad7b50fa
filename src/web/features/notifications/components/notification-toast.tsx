import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { notificationTexts, type Notification } from '../../../../shared/notifications/notification';
import { notificationHref } from '../../../../shared/notifications/notification-href';
import { ToastCard } from '../../../components/ui/toast';
import { useMarkNotificationsRead } from '../../../api/notifications';
import { NotificationIcon } from './notification-icon';
import { NOTIFICATION_TOAST_DURATION_MS, TOAST_ENTER_DELAY_MS, TOAST_EXIT_MS } from './notification-toast-timing';

/** One notification's toast (NotificationToasts shows them), written from its type and parameters. */
export function NotificationToast({ notification, onRemoved }: { notification: Notification; onRemoved: (id: string) => void }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const markRead = useMarkNotificationsRead();
  const href = notificationHref(notification);

  useEffect(() => {
    const timer = setTimeout(() => setOpen(true), TOAST_ENTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => onRemoved(notification.id), TOAST_EXIT_MS);
    return () => clearTimeout(timer);
  }, [closing, notification.id, onRemoved]);

  const close = () => {
    setOpen(false);
    setClosing(true);
  };

  return (
    <ToastCard
      open={open}
      onOpenChange={(next) => {
        if (next || closing) return;
        close();
      }}
      type="background"
      duration={NOTIFICATION_TOAST_DURATION_MS}
      closeLabel={t`Dismiss notification`}
      // Written from its type and parameters, with the names its subject has now (the server's texts).
      title={notificationTexts(i18n, notification).title}
      description={notificationTexts(i18n, notification).message}
      icon={<NotificationIcon type={notification.type} />}
      href={href ?? undefined}
      onOpenLink={() => {
        // Opened: now it is read.
        markRead(notification.id);
        close();
      }}
    />
  );
}
