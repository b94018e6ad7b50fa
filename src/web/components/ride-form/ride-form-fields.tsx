import { useId, useState, type ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { MapPinOff, Milestone, Settings2, Waypoints } from 'lucide-react';
import { RIDE_DURATIONS } from '../../../shared/rides/ride';
import { usePlaceSearchPlaceholder } from '../../lib/app-config';
import { cn } from '../../lib/cn';
import type { NearPoint } from '../../lib/location-search';
import { DURATION_LABELS } from '../../lib/rides/ride-format';
import { LocationSearchInput } from '../location-search-input';
import { TimezoneField } from '../timezone-field';
import { Button } from '../ui/button';
import { FieldMessage, TextField } from '../ui/field';
import { Input, Label } from '../ui/input';
import { NativeSelect } from '../ui/select';
import { Textarea } from '../ui/textarea';
import { DatePicker } from './date-picker';
import { autoDuration, type RideFormValues, type RouteOption, type StopKey } from './ride-form-model';
import { WaypointsDialog } from './waypoints-dialog';

export interface RideFormFieldsProps {
  form: UseFormReturn<RideFormValues>;
  /** The earliest day the date pickers offer ("YYYY-MM-DD"). */
  earliestDay: string;
  /** Rendered first (the create dialog's group field). */
  before?: ReactNode;
  /** Rendered last (the edit page's navigator field). */
  after?: ReactNode;
  /** Where typed stops are looked up around: the ride's group's location, else the rider's. */
  near?: NearPoint | null;
}

/** A stop kept as text only: said in words and with an icon, not by color alone. */
export function NotOnTheMap() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs font-normal text-asphalt-500">
      <MapPinOff className="size-3.5" aria-hidden="true" />
      not on the map
    </span>
  );
}

function Optional() {
  return <span className="font-normal text-asphalt-500">(optional)</span>;
}

/**
 * The fields of the create dialog and the edit page (spec 2 sections 2 and 5): name, description,
 * start, Simple Midpoint or Advanced Waypoints (switching clears the other), end, start date and time,
 * end date, duration (switching to multi-day when the days differ), time zone with a live clock, and
 * the rider limits.
 */
export function RideFormFields({ form, earliestDay, before, after, near = null }: RideFormFieldsProps) {
  const placePlaceholder = usePlaceSearchPlaceholder();
  const id = useId();
  const ids = {
    name: `${id}-name`,
    description: `${id}-description`,
    start: `${id}-start`,
    midpoint: `${id}-midpoint`,
    end: `${id}-end`,
    startDay: `${id}-start-day`,
    startTime: `${id}-start-time`,
    endDay: `${id}-end-day`,
    duration: `${id}-duration`,
    timezone: `${id}-timezone`,
    minRiders: `${id}-min-riders`,
    maxRiders: `${id}-max-riders`,
    decisionAt: `${id}-decision-at`,
  };
  const { errors } = form.formState;
  const [waypointsOpen, setWaypointsOpen] = useState(false);
  const [routeOption, waypoints, startLocation, endLocation, startDay, textOnlyStops] = useWatch({
    control: form.control,
    name: ['routeOption', 'waypoints', 'startLocation', 'endLocation', 'startDay', 'textOnly'],
  });

  const describe = (field: keyof typeof ids, hasError: boolean) => (hasError ? `${ids[field]}-error` : undefined);

  function chooseRouteOption(option: RouteOption) {
    if (option === form.getValues('routeOption')) return;
    form.setValue('routeOption', option, { shouldDirty: true });
    // Spec 2 section 4: Simple Midpoint clears the waypoints; Advanced Waypoints clears the midpoint text.
    if (option === 'midpoint') form.setValue('waypoints', [], { shouldDirty: true });
    else {
      form.setValue('midpointLocation', '', { shouldDirty: true });
      form.setValue('midpointCoords', null);
      form.setValue('textOnly.midpoint', false);
    }
  }

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

  const locationField = (key: StopKey, label: ReactNode) => {
    const field = `${key}Location` as const;
    const coords = `${key}Coords` as const;
    const textOnly = `textOnly.${key}` as const;
    return (
    <div>
      <Label htmlFor={ids[key]}>{label}</Label>
      <Controller
        control={form.control}
        name={field}
        render={({ field: f, fieldState }) => (
          <LocationSearchInput
            id={ids[key]}
            name={f.name}
            placeholder={placePlaceholder}
            value={f.value}
            invalid={Boolean(fieldState.error)}
            describedBy={describe(key, Boolean(fieldState.error))}
            onTextChange={(text) => {
              f.onChange(text);
              form.setValue(coords, null);
              form.setValue(textOnly, false);
            }}
            onSelect={(place) => {
              form.setValue(coords, { latitude: place.latitude, longitude: place.longitude });
              form.setValue(field, place.address, { shouldDirty: true });
                // Read now, not from this render: a look-up can land after a submit flagged the field.
                if (form.getFieldState(field).error) void form.trigger(field);
            }}
            near={near}
            resolve={{
              textOnly: textOnlyStops[key],
              onKeepTextOnly: () => {
                form.setValue(textOnly, true, { shouldDirty: true });
                void form.trigger(field);
              },
            }}
          />
        )}
      />
      <FieldMessage id={`${ids[key]}-error`}>{errors[field]?.message}</FieldMessage>
    </div>
    );
  };

  return (
    <div className="space-y-5">
      {before}

      <TextField id={ids.name} label="Ride Name" error={errors.name?.message} autoComplete="off" placeholder="e.g. Apennine Passes Loop" {...form.register('name')} />

      <div>
        <Label htmlFor={ids.description}>
          Description <Optional />
        </Label>
        <Textarea id={ids.description} rows={3} placeholder="Pace, stops, what to bring..." aria-invalid={errors.description ? true : undefined} {...form.register('description')} />
        <FieldMessage>{errors.description?.message}</FieldMessage>
      </div>

      {locationField('start', 'Start Location')}

      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-asphalt-800">Route</legend>
        <div role="radiogroup" aria-label="Route option" className="grid grid-cols-2 gap-1 rounded-xl bg-asphalt-100 p-1">
          {(
            [
              ['midpoint', 'Simple Midpoint', Milestone],
              ['waypoints', 'Advanced Waypoints', Waypoints],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={routeOption === value}
              onClick={() => chooseRouteOption(value)}
              className={cn(
                'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-2 py-1.5 text-[13px] leading-tight font-semibold transition-colors sm:text-sm',
                routeOption === value ? 'bg-white text-asphalt-950 shadow-sm' : 'text-asphalt-600 hover:text-asphalt-900',
              )}
            >
              <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
              <span>{label}</span>
            </button>
          ))}
        </div>

        <div className="mt-3">
          {routeOption === 'midpoint' ? (
            locationField(
              'midpoint',
              <>
                Midpoint Location <Optional />
              </>,
            )
          ) : (
            <div className="rounded-xl border border-dashed border-asphalt-300 p-3">
              {waypoints.length === 0 ? (
                <p className="text-sm text-asphalt-500">No waypoints yet.</p>
              ) : (
                <ol aria-label="Configured waypoints" className="space-y-1">
                  {waypoints.map((w, index) => (
                    <li key={`${index}-${w.name}`} className="flex items-center gap-2 text-sm text-asphalt-800">
                      <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-ignition-100 text-[11px] font-black text-ignition-800">{index + 1}</span>
                      <span className="min-w-0 truncate" title={w.name}>{w.name}</span>
                      {w.latitude === null || w.longitude === null ? <NotOnTheMap /> : null}
                    </li>
                  ))}
                </ol>
              )}
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => setWaypointsOpen(true)}>
                <Settings2 aria-hidden="true" />
                Configure Waypoints
              </Button>
            </div>
          )}
        </div>
      </fieldset>

      {locationField('end', 'End Location')}

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={ids.startDay}>Start Date</Label>
          <Controller
            control={form.control}
            name="startDay"
            render={({ field, fieldState }) => (
              <DatePicker
                id={ids.startDay}
                value={field.value}
                earliest={earliestDay}
                invalid={Boolean(fieldState.error)}
                describedBy={describe('startDay', Boolean(fieldState.error))}
                onChange={(day) => setDays({ startDay: day })}
              />
            )}
          />
          <FieldMessage id={`${ids.startDay}-error`}>{errors.startDay?.message}</FieldMessage>
        </div>
        <div>
          <Label htmlFor={ids.startTime}>Start Time</Label>
          <Input
            id={ids.startTime}
            autoComplete="off"
            placeholder="HH:MM"
            maxLength={5}
            aria-invalid={errors.startTime ? true : undefined}
            aria-describedby={describe('startTime', Boolean(errors.startTime)) ?? `${ids.startTime}-hint`}
            className="tabular-nums"
            {...form.register('startTime')}
          />
          {errors.startTime ? (
            <FieldMessage id={`${ids.startTime}-error`}>{errors.startTime.message}</FieldMessage>
          ) : (
            <FieldMessage id={`${ids.startTime}-hint`} tone="hint">
              24-hour clock, e.g. 09:00
            </FieldMessage>
          )}
        </div>
        <div>
          <Label htmlFor={ids.endDay}>End Date</Label>
          <Controller
            control={form.control}
            name="endDay"
            render={({ field, fieldState }) => (
              <DatePicker
                id={ids.endDay}
                value={field.value}
                earliest={startDay && startDay > earliestDay ? startDay : earliestDay}
                invalid={Boolean(fieldState.error)}
                describedBy={describe('endDay', Boolean(fieldState.error))}
                onChange={(day) => setDays({ endDay: day })}
              />
            )}
          />
          <FieldMessage id={`${ids.endDay}-error`}>{errors.endDay?.message}</FieldMessage>
        </div>
        <div>
          <Label htmlFor={ids.duration}>Duration</Label>
          <NativeSelect id={ids.duration} {...form.register('duration')}>
            {RIDE_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {DURATION_LABELS[d]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <TimezoneField form={form} id={ids.timezone} />

      <div className="grid grid-cols-2 gap-4">
        <TextField
          id={ids.minRiders}
          label="Min Riders"
          error={errors.minRiders?.message}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          {...form.register('minRiders', { valueAsNumber: true, deps: ['maxRiders'] })}
        />
        <TextField
          id={ids.maxRiders}
          label="Max Riders"
          error={errors.maxRiders?.message}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          {...form.register('maxRiders', { valueAsNumber: true })}
        />
      </div>

      <div>
        <TextField
          id={ids.decisionAt}
          label="Decide by (optional)"
          error={errors.decisionAt?.message}
          type="datetime-local"
          aria-describedby={errors.decisionAt ? `${ids.decisionAt}-error ${ids.decisionAt}-hint` : `${ids.decisionAt}-hint`}
          {...form.register('decisionAt', { deps: ['startDay', 'startTime'] })}
        />
        <FieldMessage id={`${ids.decisionAt}-hint`} tone="hint">
          If fewer than Min Riders have joined by then, you and the riders are told, and you choose to keep or cancel the ride. On the ride’s clock, before the start.
        </FieldMessage>
      </div>

      {after}

      <WaypointsDialog
        open={waypointsOpen}
        onOpenChange={setWaypointsOpen}
        waypoints={waypoints}
        startLocation={startLocation}
        endLocation={endLocation}
        near={near}
        onSave={(rows) => form.setValue('waypoints', rows, { shouldDirty: true })}
      />
    </div>
  );
}

