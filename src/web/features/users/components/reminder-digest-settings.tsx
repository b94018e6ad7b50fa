import { useId, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { REMINDER_TIMES, type DigestChoice, type Preferences, type ReminderTime } from '../../../../shared/users/preferences';
import { Checkbox } from '../../../components/ui/checkbox';
import { toast } from '../../../components/ui/toast';
import { profileUpdateErrorText, useUpdateProfile } from '../../../api/users';

const REMINDER_LABELS: Record<ReminderTime, MessageDescriptor> = {
  evening_before: msg`The evening before (18:00)`,
  morning_of: msg`The morning of the ride (07:00)`,
  two_hours_before: msg`2 hours before the start`,
};

const NEW_RIDES_LABELS: Record<DigestChoice, MessageDescriptor> = {
  immediate: msg`One e-mail per ride`,
  daily: msg`A daily digest (08:00)`,
  weekly: msg`A weekly digest (Mondays, 08:00)`,
};

const ORGANIZER_LABELS: Record<Preferences['organizerDigest'], MessageDescriptor> = {
  immediate: msg`One e-mail each`,
  daily: msg`A daily digest (08:00)`,
};

/**
 * Reminders and digests (issue 30 points 6 and 7): when a rider is reminded of a ride they hold a
 * seat on, by e-mail and push (any of three times, or none), and whether new rides and, for
 * organizers, join requests and new members come one mail each or as a digest. Times are on the
 * rider's clock. Each choice saves at once. Made to sit inside the Notifications card.
 */
export function ReminderDigestSettings({ user }: { user: CurrentUser }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const update = useUpdateProfile(user.id);
  // While a change is saving, show the choice already made.
  const current: Pick<Preferences, 'reminderTimes' | 'organizerDigest' | 'newRidesDigest'> = { reminderTimes: user.reminderTimes, organizerDigest: user.organizerDigest, newRidesDigest: user.newRidesDigest, ...(update.isPending ? update.variables : {}) };

  function save(change: Partial<Preferences>) {
    update.mutate(change, { onError: (error) => toast({ title: t`Update failed`, description: profileUpdateErrorText(error), variant: 'destructive' }) });
  }

  function toggleReminder(time: ReminderTime, checked: boolean) {
    const chosen = new Set(current.reminderTimes);
    if (checked) chosen.add(time);
    else chosen.delete(time);
    save({ reminderTimes: REMINDER_TIMES.filter((time) => chosen.has(time)) });
  }

  return (
    <div className="space-y-4">
      <SettingsFieldset legend={t`Ride reminders`}>
        <p className="text-xs text-asphalt-500">
          <Trans>By e-mail and on your devices, for rides you hold a seat on. Times are on your clock. None ticked: no reminders.</Trans>
        </p>
        {REMINDER_TIMES.map((time) => (
          <div key={time} className="flex items-center gap-3">
            <Checkbox id={`${id}-${time}`} checked={current.reminderTimes.includes(time)} onCheckedChange={(checked) => toggleReminder(time, checked === true)} disabled={update.isPending} />
            <label htmlFor={`${id}-${time}`} className="min-w-0 cursor-pointer text-sm text-asphalt-800">
              {i18n._(REMINDER_LABELS[time])}
            </label>
          </div>
        ))}
      </SettingsFieldset>
      <Choice legend={t`New rides in my groups`} name={`${id}-new-rides`} labels={NEW_RIDES_LABELS} value={current.newRidesDigest} disabled={update.isPending} onChange={(newRidesDigest) => save({ newRidesDigest })} />
      <Choice
        legend={t`Join requests and new members (groups I organize)`}
        name={`${id}-organizer`}
        labels={ORGANIZER_LABELS}
        value={current.organizerDigest}
        disabled={update.isPending}
        onChange={(organizerDigest) => save({ organizerDigest })}
      />
    </div>
  );
}

/** One choice of several, as native radio buttons in a fieldset (named by its legend for screen readers). */
function Choice<V extends string>({ legend, name, labels, value, disabled, onChange }: { legend: string; name: string; labels: Record<V, MessageDescriptor>; value: V; disabled: boolean; onChange: (value: V) => void }) {
  const { i18n } = useLingui();
  return (
    <SettingsFieldset legend={legend}>
      {(Object.keys(labels) as V[]).map((option) => (
        // A label that wraps (German, Polish at 320 px) must not squash the dot: it keeps its size, beside the first line.
        <label key={option} className="flex min-w-0 cursor-pointer items-start gap-3 text-sm text-asphalt-800">
          <input type="radio" name={name} value={option} checked={value === option} disabled={disabled} onChange={() => onChange(option)} className="mt-0.5 size-4 shrink-0 accent-ignition-500" />
          {i18n._(labels[option])}
        </label>
      ))}
    </SettingsFieldset>
  );
}

/** A group of these settings in a fieldset, named by its legend (said with each of its controls). */
function SettingsFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-xs font-bold uppercase tracking-wide text-asphalt-500">{legend}</legend>
      {children}
    </fieldset>
  );
}
