import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { RIDE_DURATIONS } from '../../../../shared/rides/ride';
import { DURATION_MESSAGES } from '../../../lib/rides/ride-format';
import { FieldMessage } from '../../ui/field';
import { Input, Label } from '../../ui/input';
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
      <div>
        <Label htmlFor={ids.startTime}>
          <Trans>Start Time</Trans>
        </Label>
        <Input
          id={ids.startTime}
          autoComplete="off"
          placeholder={t`HH:MM`}
          maxLength={5}
          aria-invalid={errors.startTime ? true : undefined}
          aria-describedby={(errors.startTime ? `${ids.startTime}-error` : undefined) ?? `${ids.startTime}-hint`}
          className="tabular-nums"
          {...form.register('startTime')}
        />
        {errors.startTime ? (
          <FieldMessage id={`${ids.startTime}-error`}>{errors.startTime.message}</FieldMessage>
        ) : (
          <FieldMessage id={`${ids.startTime}-hint`} tone="hint">
            <Trans>24-hour clock, e.g. 09:00</Trans>
          </FieldMessage>
        )}
      </div>
      <DayField
        form={form}
        name="endDay"
        id={ids.endDay}
        label={t`End Date`}
        earliest={startDay && startDay > earliestDay ? startDay : earliestDay}
        onChange={(day) => setDays({ endDay: day })}
      />
      <div>
        <Label htmlFor={ids.duration}>
          <Trans>Duration</Trans>
        </Label>
        <NativeSelect id={ids.duration} {...form.register('duration')}>
          {RIDE_DURATIONS.map((d) => (
            <option key={d} value={d}>
              {i18n._(DURATION_MESSAGES[d])}
            </option>
          ))}
        </NativeSelect>
      </div>
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
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) => (
          <>
            <DatePicker id={id} value={field.value} earliest={earliest} invalid={Boolean(fieldState.error)} describedBy={fieldState.error ? `${id}-error` : undefined} onChange={onChange} />
            <FieldMessage id={`${id}-error`}>{fieldState.error?.message}</FieldMessage>
          </>
        )}
      />
    </div>
  );
}
