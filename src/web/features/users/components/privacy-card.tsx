import { useId } from 'react';
import { Eye } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CurrentUser, ProfileVisibility } from '../../../../shared/users/current-user';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { profileUpdateErrorText, useUpdateProfile } from '../../../api/users';

const OPTIONS: ReadonlyArray<{ value: ProfileVisibility; label: MessageDescriptor; description: MessageDescriptor; toast: MessageDescriptor }> = [
  { value: 'public', label: msg`Public`, description: msg`Anyone can see your profile.`, toast: msg`Your profile is now visible to everyone` },
  { value: 'groups', label: msg`Group Members Only`, description: msg`Only riders who share a group with you.`, toast: msg`Your profile is now visible to group members only` },
  { value: 'private', label: msg`Private`, description: msg`Nobody but you.`, toast: msg`Your profile is now completely private` },
];

/**
 * Preferences, left column: three mutually exclusive switches that save at once (spec 1 section 4).
 * Turning a switch on sets that visibility; turning one off does nothing.
 */
export function PrivacyCard({ user }: { user: CurrentUser }) {
  const { t, i18n } = useLingui();
  const idPrefix = useId();
  const update = useUpdateProfile(user.id);
  // While a change is saving, show the choice already made.
  const current = update.isPending && update.variables.profileVisibility ? update.variables.profileVisibility : user.profileVisibility;

  function choose(option: (typeof OPTIONS)[number], checked: boolean) {
    if (!checked || option.value === current) return;
    update.mutate(
      { profileVisibility: option.value },
      {
        onSuccess: () => toast({ title: t`Privacy updated`, description: i18n._(option.toast), variant: 'success' }),
        onError: (error) => toast({ title: t`Update failed`, description: profileUpdateErrorText(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <Card aria-labelledby="privacy-title">
      <CardHeader titleId="privacy-title" icon={<Eye />} title={t`Privacy`} description={t`Who can see your public profile.`} />
      <CardBody className="space-y-1">
        {OPTIONS.map((option) => {
          const id = `${idPrefix}-${option.value}`;
          return (
            <div key={option.value} className="flex items-center gap-4 rounded-xl px-1 py-2.5">
              <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
                <span id={`${id}-label`} className="block text-sm font-bold text-asphalt-900">
                  {i18n._(option.label)}
                </span>
                <span id={`${id}-description`} className="block text-xs text-asphalt-500">
                  {i18n._(option.description)}
                </span>
              </label>
              <Switch
                id={id}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-description`}
                checked={current === option.value} onCheckedChange={(checked) => choose(option, checked)} disabled={update.isPending} />
            </div>
          );
        })}
      </CardBody>
    </Card>
  );
}
