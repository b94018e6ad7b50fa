import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { RIDE_DURATIONS } from '../../../../shared/rides/ride';
import { DURATION_MESSAGES } from '../../../lib/rides/ride-format';
import { describedByOf, Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { NativeSelect } from '../../ui/select';
import { DatePicker } from './date-picker';
import { autoDuration, type RideFormValues } from './ride-form-model';

interface RideScheduleFieldsProps {
  form: UseFormReturn<RideFormValues>;
  idPrefix: string;
  /** The earliest day the date pickers offer ("YYYY-MM-DD"). */
  earliestDay: string;
}

/** Start date and time, end date and duration: a duration that no longer fits the days follows them. */
export function RideScheduleFields({ form, idPrefix, earliestDay }: RideScheduleFieldsProps) {
  const { t, i18n } = useLingui();
  const ids = { startDay: `${idPrefix}-start-day`, startTime: `${idPrefix}-start-time`, endDay: `${idPrefix}-end-day`, duration: `${idPrefix}-duration` };
  const { errors } = form.formState;
  const startDay = useWatch({ control: form.control, name: 'startDay' });

  function setDays(next: { startDay?: string; endDay?: string }) {
    const start = next.startDay ?? form.getValues('startDay');
    let end = next.endDay ?? form.getValues('endDay');
    if (next.startDay !== undefined) {
      form.setValue('startDay', start, { shouldDirty: true, shouldValidate: true });
      // A first start day fills an empty end day with the same day.
      if (!end) end = start;
    }
    form.setValue('endDay', end, { shouldDirty: true, shouldValidate: Boolean(end) });
    const duration = autoDuration(start, end, form.getValues('duration'));
    if (duration !== form.getValues('duration')) form.setValue('duration', duration, { shouldDirty: true });
  }

  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <DayField form={form} name="startDay" id={ids.startDay} label={t`Start Date`} earliest={earliestDay} onChange={(day) => setDays({ startDay: day })} />
      <Field id={ids.startTime} label={t`Start Time`} error={errors.startTime?.message} hint={<Trans>24-hour clock, e.g. 09:00</Trans>}>
        <Input
          id={ids.startTime}
          autoComplete="off"
          placeholder={t`HH:MM`}
          maxLength={5}
          aria-invalid={errors.startTime ? true : undefined}
          aria-describedby={describedByOf(ids.startTime, errors.startTime, true)}
          className="tabular-nums"
          {...form.register('startTime')}
        />
      </Field>
      <DayField
        form={form}
        name="endDay"
        id={ids.endDay}
        label={t`End Date`}
        earliest={startDay && startDay > earliestDay ? startDay : earliestDay}
        onChange={(day) => setDays({ endDay: day })}
      />
      <Field id={ids.duration} label={t`Duration`}>
        <NativeSelect id={ids.duration} {...form.register('duration')}>
          {RIDE_DURATIONS.map((d) => (
            <option key={d} value={d}>
              {i18n._(DURATION_MESSAGES[d])}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  );
}

interface DayFieldProps {
  form: UseFormReturn<RideFormValues>;
  name: 'startDay' | 'endDay';
  id: string;
  label: string;
  /** The earliest day the picker offers ("YYYY-MM-DD"). */
  earliest: string;
  onChange: (day: string) => void;
}

/** A day of the schedule: its label, the date picker and the field's error under it. */
function DayField({ form, name, id, label, earliest, onChange }: DayFieldProps) {
  return (
    <Field id={id} label={label} error={form.formState.errors[name]?.message}>
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) => (
          <DatePicker id={id} value={field.value} earliest={earliest} invalid={Boolean(fieldState.error)} describedBy={describedByOf(id, fieldState.error)} onChange={onChange} />
        )}
      />
    </Field>
  );
}
