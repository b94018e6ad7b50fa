import { Controller, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { TimezonePicker } from './timezone-picker';
import { FieldMessage } from './ui/field';

interface TimezoneValues extends FieldValues {
  timezoneOffset: string;
  timezoneName: string;
}

/**
 * The "Timezone" field of a react-hook-form form that keeps a time zone as two values, the offset
 * the picker shows ("UTC+01:00") and the zone's name: choosing a zone sets both, as dirty and
 * validated, and either one's error shows under the picker. Used by the ride, group and
 * preferences forms.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver context and output type
export function TimezoneField<T extends TimezoneValues>({ form, id }: { form: UseFormReturn<T, any, any>; id: string }) {
  const offset = 'timezoneOffset' as Path<T>;
  const name = 'timezoneName' as Path<T>;
  const errors = form.formState.errors;
  return (
    <div>
      <Controller
        control={form.control}
        name={offset}
        render={({ field }) => (
          <TimezonePicker
            id={id}
            label="Timezone"
            value={field.value as string}
            onChange={(tz) => {
              field.onChange(tz.offset);
              form.setValue(name, tz.name as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
            }}
          />
        )}
      />
      <FieldMessage>{(errors.timezoneOffset?.message ?? errors.timezoneName?.message) as string | undefined}</FieldMessage>
    </div>
  );
}
