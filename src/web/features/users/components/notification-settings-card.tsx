import { useId } from 'react';
import { Mail } from 'lucide-react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { QueryStatus } from '../../../components/ui/query-status';
import { useNotificationSettings, useUpdateNotificationSetting } from '../../../api/notification-settings';
import type { NotificationSettingUpdate } from '../../../../shared/notifications/notification-settings';

/**
 * Preferences: which notifications also come by e-mail, grouped as the types are (My rides, My
 * groups, Organizing), each switch saved at once, and "Pause all e-mail". A rider without a
 * confirmed address is told mails need one. (Issue 30 point 10's full card, with push and
 * reminders, builds on this.)
 */
export function NotificationSettingsCard({ userId }: { userId: string }) {
  const id = useId();
  const settings = useNotificationSettings(userId);
  const update = useUpdateNotificationSetting(userId);

  function save(input: NotificationSettingUpdate) {
    update.mutate(input, { onError: () => toast({ title: 'Update failed', description: 'Please try again.', variant: 'destructive' }) });
  }

  const offered = settings.data?.types.filter((s) => s.email !== null) ?? [];
  const sections = [...new Set(offered.map((s) => s.section))];

  return (
    <Card aria-labelledby="notification-settings-title" id="notifications">
      <CardHeader titleId="notification-settings-title" icon={<Mail />} title="E-mail notifications" description="What we tell you by e-mail when the app is closed." />
      <CardBody className="space-y-4">
        {!settings.isSuccess ? (
          <QueryStatus query={settings} loading="Loading your notification settings..." failed="Your notification settings could not be loaded." />
        ) : (
          <>
            {!settings.data.hasEmail && <p className="text-sm text-asphalt-600">Add and confirm an e-mail address to get notifications by e-mail.</p>}
            <div className="flex items-center justify-between gap-3">
              <span id={`${id}-pause`} className="text-sm font-bold text-asphalt-900">
                Pause all e-mail
              </span>
              <Switch aria-labelledby={`${id}-pause`} checked={settings.data.emailPaused} onCheckedChange={(paused) => save({ emailPaused: paused })} disabled={update.isPending} />
            </div>
            {sections.map((section) => (
              <fieldset key={section} className="space-y-2">
                <legend className="text-xs font-bold uppercase tracking-wide text-asphalt-500">{section}</legend>
                {offered
                  .filter((s) => s.section === section)
                  .map((s) => (
                    <div key={s.type} className="flex items-center justify-between gap-3">
                      <span id={`${id}-${s.type}`} className="min-w-0 text-sm text-asphalt-800">
                        {s.label}
                      </span>
                      <Switch
                        aria-labelledby={`${id}-${s.type}`}
                        checked={s.email === true}
                        onCheckedChange={(enabled) => save({ type: s.type, channel: 'email', enabled })}
                        disabled={update.isPending || settings.data.emailPaused}
                      />
                    </div>
                  ))}
              </fieldset>
            ))}
          </>
        )}
      </CardBody>
    </Card>
  );
}
