import { Controller, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { msg } from '@lingui/core/macro';
import { TimezonePicker } from './timezone-picker';
import { useLingui } from '@lingui/react';
import { FieldMessage } from './ui/field';

interface TimezoneValues extends FieldValues {
  timezone?: string | undefined;
  timezoneOffset: string;
  timezoneName: string;
}

/**
 * The "Timezone" field of a react-hook-form form that keeps a named zone (`timezone`, stored) with
 * the spec's two values beside it: the offset the picker shows for the date concerned
 * ("UTC+02:00" for a July ride in Rome) and the zone's city. Choosing a zone sets all three, as
 * dirty and validated, and any one's error shows under the picker. Used by the ride, group and
 * preferences forms; `at` is the ride's start, whose offsets the list shows.
 */
export function TimezoneField<T extends TimezoneValues>({
  form,
  id,
  at,
  placeholder,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver context and output type
  form: UseFormReturn<T, any, any>;
  id: string;
  at?: string | number | undefined;
  placeholder?: string;
}) {
  const { i18n } = useLingui();
  const zone = 'timezone' as Path<T>;
  const errors = form.formState.errors;
  return (
    <div>
      <Controller
        control={form.control}
        name={zone}
        render={({ field }) => (
          <TimezonePicker
            id={id}
            label={i18n._(msg`Timezone`)}
            value={field.value as string}
            at={at}
            {...(placeholder !== undefined && { placeholder })}
            onChange={(tz) => {
              field.onChange(tz.zone);
              form.setValue('timezoneOffset' as Path<T>, tz.offset as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
              form.setValue('timezoneName' as Path<T>, tz.name as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
            }}
          />
        )}
      />
      <FieldMessage>{(errors.timezone?.message ?? errors.timezoneOffset?.message ?? errors.timezoneName?.message) as string | undefined}</FieldMessage>
    </div>
  );
}
