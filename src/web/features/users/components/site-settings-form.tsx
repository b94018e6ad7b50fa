import { useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { RadioGroup } from 'radix-ui';
import { SlidersHorizontal } from 'lucide-react';
import { PREFERRED_UNITS, type CurrentUser, type PreferredUnits } from '../../../../shared/users/current-user';
import { DEFAULT_TIMEZONE, detectTimezone, isKnownTimezoneOffset, TIMEZONE_OFFSET_PATTERN } from '../../../../shared/timezones/timezones';
import { TimezoneField } from '../../../components/timezone-field';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { profileUpdateErrorText, useUpdateProfile } from '../api/update-profile';

export const siteSettingsSchema = z.object({
  preferredUnits: z.enum(PREFERRED_UNITS),
  timezoneOffset: z.string().regex(TIMEZONE_OFFSET_PATTERN, 'Please select a valid timezone').refine(isKnownTimezoneOffset, 'Please select a valid timezone'),
  timezoneName: z.string().trim().min(1, 'Timezone name is required'),
});
type SiteSettings = z.infer<typeof siteSettingsSchema>;

const UNIT_OPTIONS: ReadonlyArray<{ value: PreferredUnits; label: string; example: string }> = [
  { value: 'miles', label: 'Miles (Imperial)', example: '62.1 mi' },
  { value: 'kilometers', label: 'Kilometers (Metric)', example: '100 km' },
];

function valuesOf(user: CurrentUser): SiteSettings {
  return { preferredUnits: user.preferredUnits, timezoneOffset: user.timezoneOffset, timezoneName: user.timezoneName };
}

/**
 * The browser's zone, when the rider's is still the default (UTC) and the browser says otherwise
 * (spec 1 section 3: "the default is the browser's detected offset").
 */
export function timezoneToDetect(user: Pick<CurrentUser, 'timezoneOffset' | 'timezoneName'>, minutesWestOfUtc: number) {
  const isDefault = !user.timezoneOffset || (user.timezoneOffset === DEFAULT_TIMEZONE.offset && (!user.timezoneName || user.timezoneName === DEFAULT_TIMEZONE.name));
  if (!isDefault) return null;
  const detected = detectTimezone(minutesWestOfUtc);
  return detected.offset === user.timezoneOffset ? null : detected;
}

/** Preferences, right column: distance units and time zone. */
export function SiteSettingsForm({ user }: { user: CurrentUser }) {
  const ids = useId();
  const update = useUpdateProfile(user.id);
  const form = useForm<SiteSettings>({ resolver: zodResolver(siteSettingsSchema), defaultValues: valuesOf(user) });
  const { control, handleSubmit, setValue, reset, resetField } = form;
  const detectedOnce = useRef(false);
  const { mutate } = update;

  // The browser's zone is saved at once, and "Timezone detected" is said only once it is saved.
  // If saving fails the zone stays in the form, unsaved, for Save Settings.
  useEffect(() => {
    if (detectedOnce.current) return;
    detectedOnce.current = true;
    const detected = timezoneToDetect(user, new Date().getTimezoneOffset());
    if (!detected) return;
    mutate(
      { timezoneOffset: detected.offset, timezoneName: detected.name },
      {
        onSuccess: (result) => {
          resetField('timezoneOffset', { defaultValue: result.timezoneOffset });
          resetField('timezoneName', { defaultValue: result.timezoneName });
          toast({ title: 'Timezone detected', description: `Set to ${detected.label}` });
        },
        onError: (error) => {
          console.error('Saving the detected time zone failed', error);
          setValue('timezoneOffset', detected.offset, { shouldDirty: true });
          setValue('timezoneName', detected.name, { shouldDirty: true });
        },
      },
    );
  }, [user, mutate, resetField, setValue]);

  function submit(values: SiteSettings) {
    update.mutate(values, {
      onSuccess: (result) => {
        reset(valuesOf(result));
        toast({ title: 'Profile updated', description: 'Your profile has been successfully updated.', variant: 'success' });
      },
      onError: (error) => toast({ title: 'Update failed', description: profileUpdateErrorText(error), variant: 'destructive' }),
    });
  }

  return (
    <Card aria-labelledby={`${ids}-title`}>
      <CardHeader titleId={`${ids}-title`} icon={<SlidersHorizontal />} title="Site Settings" description="Units for distances, and the time zone for your rides." />
      <CardBody>
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-6">
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-asphalt-800">Distance Units</legend>
            <Controller
              control={control}
              name="preferredUnits"
              render={({ field }) => (
                <RadioGroup.Root
                  value={field.value}
                  onValueChange={(value) => field.onChange(value as PreferredUnits)}
                  aria-label="Distance Units"
                  className="grid gap-2 sm:grid-cols-2"
                >
                  {UNIT_OPTIONS.map((option) => (
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
                        <span className="block text-sm font-bold text-asphalt-900">{option.label}</span>
                        <span className="block text-xs text-asphalt-500">e.g. {option.example}</span>
                      </span>
                    </label>
                  ))}
                </RadioGroup.Root>
              )}
            />
          </fieldset>

          <TimezoneField form={form} id={`${ids}-timezone`} />

          <div className="flex justify-end border-t border-asphalt-100 pt-5">
            <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
              {update.isPending ? 'Saving...' : 'Save Settings'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
