import { useId, useState } from 'react';
import { Bell } from 'lucide-react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { QueryStatus } from '../../../components/ui/query-status';
import { DevicePushSwitch } from '../../../components/users/device-push';
import { useNotificationSettings, useUpdateNotificationSetting } from '../../../api/notification-settings';
import type { NotificationSettings, NotificationSettingUpdate } from '../../../../shared/notifications/notification-settings';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { notificationLabel } from '../../../../shared/notifications/notification-types';
import { ReminderDigestSettings } from './reminder-digest-settings';

type TypeSetting = NotificationSettings['types'][number];

/** The groups of types, in the order the card shows them (issue 30 point 10). */
const SECTIONS = ['My rides', 'My groups', 'Organizing', 'Account'] as const;
/** The sections' headings (the API names each type's section by its English heading). */
const SECTION_HEADINGS: Record<string, MessageDescriptor> = {
  'My rides': msg`My rides`,
  'My groups': msg`My groups`,
  Organizing: msg`Organizing`,
  Account: msg`Account`,
};
/**
 * A type's row: its label, then the app, e-mail and push switches in columns under the section's
 * headers. 4rem holds the longest header (Polish "Aplikacja", 62 px; at 3.5rem it broke mid-word).
 */
const ROW = 'grid grid-cols-[minmax(0,1fr)_4rem_4rem_4rem] items-center gap-x-1';
/** On a phone a label (and a section's heading) takes the whole width, its switches (and the column headers) the line under it; from 640 px one line. */
const LABEL_CELL = 'col-span-4 sm:col-span-1';
const CHANNELS = ['app', 'email', 'push'] as const;

/** What a failed save says, next to the switches: which switch, and that it is back as it was. */
function failureText(input: NotificationSettingUpdate, i18n: I18n): MessageDescriptor {
  if ('emailPaused' in input) return msg`"Pause all e-mail" could not be saved. It is back as it was; please try again.`;
  const label = notificationLabel(i18n, input.type);
  if (input.channel === 'app') return msg`"${label}" in the app could not be saved. It is back as it was; please try again.`;
  return input.channel === 'email'
    ? msg`"${label}" by e-mail could not be saved. It is back as it was; please try again.`
    : msg`"${label}" by push could not be saved. It is back as it was; please try again.`;
}

/**
 * Preferences: the Notifications card (issue 30 point 10). Notifications on this device (push, asked
 * from a tap, never on load), "Pause all e-mail", then every type grouped as My rides, My groups,
 * Organizing (only for riders who own or co-organise a group) and Account, by channel: in the app
 * (off: not under the bell, nor counted unread; its mail and push keep their own switches), e-mail
 * and push. Digests have no switches here: their choice, with the reminders, decides them. Each switch is shown at once and saved on its own; a failed save
 * puts it back and says so in the card. Grouped switches, each named by its type and channel, so a
 * screen reader hears "A ride I joined is cancelled, by e-mail", in a named group per section.
 */
/** `user`: the signed-in rider, whose reminder and digest preferences (saved with the profile) the card shows too. */
export function NotificationSettingsCard({ userId, user }: { userId: string; user?: CurrentUser }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const settings = useNotificationSettings(userId);
  const update = useUpdateNotificationSetting(userId);
  const [failure, setFailure] = useState<MessageDescriptor | null>(null);

  function save(input: NotificationSettingUpdate) {
    setFailure(null);
    update.mutate(input, { onError: () => setFailure(failureText(input, i18n)) });
  }

  return (
    <Card aria-labelledby="notification-settings-title" id="notifications">
      <CardHeader titleId="notification-settings-title" icon={<Bell />} title={t`Notifications`} description={t`What you hear of, and where: in the app, by e-mail and on your devices.`} />
      <CardBody className="space-y-5">
        <DevicePushSwitch />
        {!settings.isSuccess ? (
          <QueryStatus query={settings} loading={t`Loading your notification settings...`} failed={t`Your notification settings could not be loaded.`} />
        ) : (
          <>
            <div>
              <div className="flex items-center justify-between gap-3">
                <span id={`${id}-pause`} className="text-sm font-semibold text-asphalt-900">
                  <Trans>Pause all e-mail</Trans>
                </span>
                <Switch aria-labelledby={`${id}-pause`} aria-describedby={`${id}-pause-note`} checked={settings.data.emailPaused} onCheckedChange={(paused) => save({ emailPaused: paused })} />
              </div>
              <p id={`${id}-pause-note`} className="mt-1 text-sm text-asphalt-600">
                {settings.data.hasEmail ? (
                  <Trans>While paused, no notification comes by e-mail; sign-in links still do.</Trans>
                ) : (
                  <Trans>Add and confirm an e-mail address to get notifications by e-mail.</Trans>
                )}
              </p>
            </div>
            <p className="text-sm text-asphalt-600">
              <Trans>Choose where each notification reaches you: in the app (under the bell), by e-mail and as a push to your devices. Each switch works on its own.</Trans>
            </p>
            {failure && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {i18n._(failure)}
              </p>
            )}
            {SECTIONS.filter((section) => section !== 'Organizing' || settings.data.organizes).map((section) => (
              <TypeSection
                key={section}
                section={section}
                types={settings.data.types.filter((s) => s.section === section)}
                emailOff={!settings.data.hasEmail || settings.data.emailPaused}
                onChange={save}
              />
            ))}
            {!settings.data.organizes && (
              <p className="text-sm text-asphalt-600">
                <Trans>Organizing notifications (join requests, new members) appear here once you run a group.</Trans>
              </p>
            )}
            {user && (
              <div className="border-t border-asphalt-100 pt-4">
                <ReminderDigestSettings user={user} />
              </div>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}

function TypeSection({ section, types, emailOff, onChange }: { section: string; types: TypeSetting[]; emailOff: boolean; onChange: (input: NotificationSettingUpdate) => void }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const heading = SECTION_HEADINGS[section];
  if (types.length === 0) return null;
  return (
    <div role="group" aria-labelledby={headingId} className="min-w-0">
      {/* The section's heading and, for the eye, the column headers; each switch carries its channel in its own name. */}
      <div className={`${ROW} border-b border-asphalt-100 pb-1`}>
        <h3 id={headingId} className={`${LABEL_CELL} min-w-0 text-xs font-bold uppercase tracking-wide text-asphalt-500`}>
          {heading ? i18n._(heading) : section}
        </h3>
        <span aria-hidden="true" className="col-start-2 text-center text-xs font-semibold text-asphalt-500">
          <Trans>App</Trans>
        </span>
        <span aria-hidden="true" className="text-center text-xs font-semibold text-asphalt-500">
          <Trans>E-mail</Trans>
        </span>
        <span aria-hidden="true" className="text-center text-xs font-semibold text-asphalt-500">
          <Trans>Push</Trans>
        </span>
      </div>
      <div className="divide-y divide-asphalt-100">
        {types.map((setting) => (
          <TypeRow key={setting.type} setting={setting} emailOff={emailOff} onChange={onChange} />
        ))}
      </div>
    </div>
  );
}

function TypeRow({ setting, emailOff, onChange }: { setting: TypeSetting; emailOff: boolean; onChange: (input: NotificationSettingUpdate) => void }) {
  const { t, i18n } = useLingui();
  const labelId = useId();
  // Written here in the active language, not taken from the answer, which the server wrote in the saved one.
  const label = notificationLabel(i18n, setting.type);
  return (
    <div role="group" aria-labelledby={labelId} className={`${ROW} py-2.5`}>
      <span id={labelId} className={`${LABEL_CELL} min-w-0 pb-1.5 text-sm text-asphalt-800 sm:pb-0`}>
        {label}
      </span>
      {CHANNELS.map((channel) => (
        <span key={channel} className={`flex justify-center ${channel === 'app' ? 'col-start-2' : ''}`}>
          {setting[channel] === null ? (
            <span className="text-xs text-asphalt-400">
              <span aria-hidden="true">—</span>
              <span className="sr-only">{channel === 'app' ? <Trans>Not shown in the app</Trans> : channel === 'email' ? <Trans>Not sent by e-mail</Trans> : <Trans>Not sent by push</Trans>}</span>
            </span>
          ) : (
            <Switch
              aria-label={channel === 'app' ? t`${label}, in the app` : channel === 'email' ? t`${label}, by e-mail` : t`${label}, by push`}
              checked={setting[channel] === true}
              disabled={channel === 'email' && emailOff}
              onCheckedChange={(enabled) => onChange({ type: setting.type, channel, enabled })}
            />
          )}
        </span>
      ))}
    </div>
  );
}
