import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSessions } from '../../api/auth';
import { useAppName } from '../../api/app-config';
import { useDevicePush } from '../../api/push';
import { notificationPermission, PushPermissionRefused, pushSupport } from '../../lib/push-device';
import { Switch } from '../ui/switch';
import { toast } from '../ui/toast';

/**
 * "Notifications on this device" (issue 30, point 9): a switch the rider taps, which is when the
 * browser asks for permission (never on load). On an iPhone or iPad outside the Home Screen app it
 * explains how to get there instead; in a browser without push it says so. Used by Preferences and
 * by the offer a guest sees after joining a ride.
 */
export function DevicePushSwitch({ label }: { label?: string }) {
  const { t } = useLingui();
  const appName = useAppName();
  const switchId = useId();
  const noteId = useId();
  const support = pushSupport();
  const sessions = useSessions();
  const { turnOn, turnOff } = useDevicePush();
  const [permission, setPermission] = useState(notificationPermission);
  const on = sessions.data?.sessions.find((s) => s.current)?.push ?? false;
  const busy = turnOn.isPending || turnOff.isPending || sessions.isPending;

  if (support === 'ios-home-screen') {
    return (
      <p className="text-sm text-asphalt-700">
        <Trans>
          On an iPhone or iPad, notifications come only to {appName} on your Home Screen (iOS 16.4 and later). In Safari, tap Share, then Add to Home Screen; open {appName} from
          there and turn notifications on.
        </Trans>
      </p>
    );
  }
  if (support === 'unsupported') {
    return (
      <p className="text-sm text-asphalt-700">
        <Trans>This browser cannot show notifications from {appName}.</Trans>
      </p>
    );
  }

  function change(checked: boolean) {
    if (!checked) {
      turnOff.mutate(undefined, { onError: () => toast({ title: t`Could not turn notifications off`, description: t`Please try again.`, variant: 'destructive' }) });
      return;
    }
    turnOn.mutate(undefined, {
      onSuccess: () => toast({ title: t`Notifications on`, description: t`This device will show ${appName}'s notifications.`, variant: 'success' }),
      onError: (error) => {
        setPermission(notificationPermission());
        if (error instanceof PushPermissionRefused) return;
        toast({ title: t`Could not turn notifications on`, description: t`Please try again.`, variant: 'destructive' });
      },
    });
  }

  const blocked = permission === 'denied' && !on;
  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={switchId} className="text-sm font-semibold text-asphalt-900">
          {label ?? t`Notifications on this device`}
        </label>
        <Switch id={switchId} checked={on} disabled={busy || blocked} aria-describedby={noteId} onCheckedChange={change} />
      </div>
      <p id={noteId} className="mt-1 text-xs text-asphalt-600">
        {blocked
          ? t`Notifications are blocked for ${appName} in this browser's settings. Allow them there, then turn this on.`
          : t`A cancelled ride or a freed seat reaches you here even when the app is closed. Signing this device out turns them off.`}
      </p>
    </div>
  );
}
