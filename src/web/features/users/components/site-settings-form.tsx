import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { z } from 'zod';
import { RadioGroup } from 'radix-ui';
import { SlidersHorizontal } from 'lucide-react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PREFERRED_UNITS, type CurrentUser, type PreferredUnits } from '../../../../shared/users/current-user';
import { GPX_PRIVACY_ZONES, type GpxPrivacyZone } from '../../../../shared/gpx/privacy-zones';
import { isKnownZone } from '../../../../shared/timezones/zoned-time';
import { TimezoneField } from '../../../components/timezone-field';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { profileUpdateErrorText, useUpdateProfile } from '../../../api/users';
import { useBrowserZone } from './browser-zone';
import { LanguageSelect } from '../../../components/users/language-select';
import { FormSubmitRow } from '../../../components/ui/form-submit-row';

/** The form's rules, their messages in the rider's language. */
export function siteSettingsSchema(i18n: I18n) {
  return z.object({
    preferredUnits: z.enum(PREFERRED_UNITS),
    gpxPrivacyZone: z.enum(GPX_PRIVACY_ZONES),
    /** The rider's IANA zone (stored); the spec's offset (today) and city beside it. */
    timezone: z.string().refine(isKnownZone, i18n._(msg`Please select a valid timezone`)),
    timezoneOffset: z.string(),
    timezoneName: z.string().trim().min(1, i18n._(msg`Timezone name is required`)),
  });
}
type SiteSettings = z.infer<ReturnType<typeof siteSettingsSchema>>;

interface Choice<T extends string> {
  value: T;
  label: MessageDescriptor;
  hint: MessageDescriptor;
}

const UNIT_OPTIONS: ReadonlyArray<Choice<PreferredUnits>> = [
  { value: 'miles', label: msg`Miles (Imperial)`, hint: msg`e.g. 62.1 mi` },
  { value: 'kilometers', label: msg`Kilometers (Metric)`, hint: msg`e.g. 100 km` },
];

const PRIVACY_ZONE_OPTIONS: ReadonlyArray<Choice<GpxPrivacyZone>> = [
  { value: 'none', label: msg`None`, hint: msg`Others see the whole track` },
  { value: '200m', label: msg`200 m`, hint: msg`Hides the street` },
  { value: '500m', label: msg`500 m`, hint: msg`Default: hides the block` },
  { value: '1km', label: msg`1 km`, hint: msg`Hides the neighbourhood` },
];

function valuesOf(user: CurrentUser): SiteSettings {
  return { preferredUnits: user.preferredUnits, gpxPrivacyZone: user.gpxPrivacyZone, timezone: user.timezone, timezoneOffset: user.timezoneOffset, timezoneName: user.timezoneName };
}

/** One choice of a few, as cards with a radio dot (distance units, privacy zone). */
function ChoiceCards<T extends string>(props: { label: string; value: T; onChange: (value: T) => void; options: ReadonlyArray<Choice<T>>; describedBy?: string }) {
  const { label, value, onChange, options, describedBy } = props;
  const { i18n } = useLingui();
  return (
    <RadioGroup.Root value={value} onValueChange={(next) => onChange(next as T)} aria-label={label} aria-describedby={describedBy} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      {options.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-center gap-3 rounded-xl border border-asphalt-200 px-3.5 py-3 transition-colors hover:border-asphalt-300 has-[[data-state=checked]]:border-ignition-500 has-[[data-state=checked]]:bg-ignition-50/60"
        >
          <RadioGroup.Item
            value={option.value}
            className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-asphalt-300 bg-white data-[state=checked]:border-ignition-500"
          >
            <RadioGroup.Indicator className="block size-2.5 rounded-full bg-ignition-500" />
          </RadioGroup.Item>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-bold text-asphalt-900">{i18n._(option.label)}</span>
            <span className="block text-xs text-asphalt-500">{i18n._(option.hint)}</span>
          </span>
        </label>
      ))}
    </RadioGroup.Root>
  );
}

/** Preferences, right column: distance units and time zone. */
export function SiteSettingsForm({ user }: { user: CurrentUser }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const update = useUpdateProfile(user.id);
  const form = useForm<SiteSettings>({ resolver: zodResolver(siteSettingsSchema(i18n)), defaultValues: valuesOf(user) });
  const { control, handleSubmit, setValue, reset, resetField } = form;

  // The browser's zone, for a rider who has none: saved at once (the form takes it), or left in
  // the form, unsaved, for Save Settings when saving fails.
  useBrowserZone(user, {
    onSaved: (result) => {
      resetField('timezone', { defaultValue: result.timezone });
      resetField('timezoneOffset', { defaultValue: result.timezoneOffset });
      resetField('timezoneName', { defaultValue: result.timezoneName });
    },
    onFailed: (detected) => {
      setValue('timezone', detected.zone, { shouldDirty: true });
      setValue('timezoneOffset', detected.offset, { shouldDirty: true });
      setValue('timezoneName', detected.name, { shouldDirty: true });
    },
  });

  function submit(values: SiteSettings) {
    update.mutate(values, {
      onSuccess: (result) => {
        reset(valuesOf(result));
        toast({ title: t`Profile updated`, description: t`Your profile has been successfully updated.`, variant: 'success' });
      },
      onError: (error) => toast({ title: t`Update failed`, description: profileUpdateErrorText(error), variant: 'destructive' }),
    });
  }

  return (
    <Card aria-labelledby={`${ids}-title`}>
      <CardHeader titleId={`${ids}-title`} icon={<SlidersHorizontal />} title={t`Site Settings`} description={t`Units for distances, the privacy of your GPX files, and the time zone for your rides.`} />
      <CardBody>
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-6">
          <LanguageSelect user={user} />
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-asphalt-800">
              <Trans>Distance Units</Trans>
            </legend>
            <Controller
              control={control}
              name="preferredUnits"
              render={({ field }) => <ChoiceCards label={t`Distance Units`} value={field.value} onChange={field.onChange} options={UNIT_OPTIONS} />}
            />
          </fieldset>

          <fieldset>
            <legend className="mb-1 text-sm font-semibold text-asphalt-800">
              <Trans>GPX Privacy Zone</Trans>
            </legend>
            <p id={`${ids}-zone-hint`} className="mb-2 text-xs text-asphalt-500">
              <Trans>
                Others who see or download your GPX files never see this much of the start and end of each track, nor any times. You always get your
                files as you uploaded them.
              </Trans>
            </p>
            <Controller
              control={control}
              name="gpxPrivacyZone"
              render={({ field }) => <ChoiceCards label={t`GPX Privacy Zone`} value={field.value} onChange={field.onChange} options={PRIVACY_ZONE_OPTIONS} describedBy={`${ids}-zone-hint`} />}
            />
          </fieldset>

          <TimezoneField form={form} id={`${ids}-timezone`} />

          <FormSubmitRow pending={update.isPending} label={t`Save Settings`} />
        </form>
      </CardBody>
    </Card>
  );
}
