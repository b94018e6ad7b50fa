import { useId, useState, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { MapPinOff, Milestone, Settings2, Waypoints } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cn } from '../../../lib/cn';
import { type NearPoint } from '../../../api/geocoding';
import { TimezoneField } from '../../timezone-field';
import { Button } from '../../ui/button';
import { FieldMessage } from '../../ui/field';
import { Label, Optional } from '../../ui/input';
import { Textarea } from '../../ui/textarea';
import { type RideFormValues, type RouteOption } from './ride-form-model';
import { WaypointsDialog } from './waypoints-dialog';
import { RideScheduleFields } from './ride-schedule-fields';
import { RideStopField } from './ride-stop-field';
import { FormTextField } from '../../ui/form-text-field';

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
      <Trans>not on the map</Trans>
    </span>
  );
}

/**
 * The fields of the create dialog and the edit page (spec 2 sections 2 and 5): name, description,
 * start, Simple Midpoint or Advanced Waypoints (switching clears the other), end, start date and time,
 * end date, duration (switching to multi-day when the days differ), time zone with a live clock, and
 * the rider limits.
 */
export function RideFormFields({ form, earliestDay, before, after, near = null }: RideFormFieldsProps) {
  const { t } = useLingui();
  const id = useId();
  const ids = {
    name: `${id}-name`,
    description: `${id}-description`,
    start: `${id}-start`,
    midpoint: `${id}-midpoint`,
    end: `${id}-end`,
    timezone: `${id}-timezone`,
    minRiders: `${id}-min-riders`,
    maxRiders: `${id}-max-riders`,
    decisionAt: `${id}-decision-at`,
  };
  const { errors } = form.formState;
  const [waypointsOpen, setWaypointsOpen] = useState(false);
  const [routeOption, waypoints, startLocation, endLocation, startDay] = useWatch({
    control: form.control,
    name: ['routeOption', 'waypoints', 'startLocation', 'endLocation', 'startDay'],
  });
  // The zone list shows each zone's offset on the ride's day (a July ride in Rome: UTC+02:00).
  const startAt = /^\d{4}-\d{2}-\d{2}$/.test(startDay) ? `${startDay}T12:00:00.000Z` : undefined;

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



  return (
    <div className="space-y-5">
      {before}

      <FormTextField id={ids.name} form={form} name="name" label={t`Ride Name`} autoComplete="off" placeholder={t`e.g. Apennine Passes Loop`} />

      <div>
        <Label htmlFor={ids.description} optional>
          <Trans>Description</Trans>
        </Label>
        <Textarea id={ids.description} rows={3} placeholder={t`Pace, stops, what to bring...`} aria-invalid={errors.description ? true : undefined} {...form.register('description')} />
        <FieldMessage>{errors.description?.message}</FieldMessage>
      </div>

      <RideStopField form={form} id={ids.start} stop="start" label={t`Start Location`} near={near} />

      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-asphalt-800">
          <Trans>Route</Trans>
        </legend>
        <div role="radiogroup" aria-label={t`Route option`} className="grid grid-cols-2 gap-1 rounded-xl bg-asphalt-100 p-1">
          {(
            [
              ['midpoint', t`Simple Midpoint`, Milestone],
              ['waypoints', t`Advanced Waypoints`, Waypoints],
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
            <RideStopField
              form={form}
              id={ids.midpoint}
              stop="midpoint"
              near={near}
              label={
                <Trans>
                  Midpoint Location <Optional />
                </Trans>
              }
            />
          ) : (
            <div className="rounded-xl border border-dashed border-asphalt-300 p-3">
              {waypoints.length === 0 ? (
                <p className="text-sm text-asphalt-500">
                  <Trans>No waypoints yet.</Trans>
                </p>
              ) : (
                <ol aria-label={t`Configured waypoints`} className="space-y-1">
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
                <Trans>Configure Waypoints</Trans>
              </Button>
            </div>
          )}
        </div>
      </fieldset>

      <RideStopField form={form} id={ids.end} stop="end" label={t`End Location`} near={near} />

      <RideScheduleFields form={form} idPrefix={id} earliestDay={earliestDay} />

      <TimezoneField form={form} id={ids.timezone} at={startAt} />

      <div className="grid grid-cols-2 gap-4">
        <FormTextField
          id={ids.minRiders}
          form={form}
          name="minRiders"
          options={{ valueAsNumber: true, deps: ['maxRiders'] }}
          label={t`Min Riders`}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
        />
        <FormTextField id={ids.maxRiders} form={form} name="maxRiders" options={{ valueAsNumber: true }} label={t`Max Riders`} type="number" inputMode="numeric" min={1} max={100} />
      </div>

      <div>
        <FormTextField
          id={ids.decisionAt}
          form={form}
          name="decisionAt"
          options={{ deps: ['startDay', 'startTime'] }}
          label={t`Decide by (optional)`}
          type="datetime-local"
          aria-describedby={errors.decisionAt ? `${ids.decisionAt}-error ${ids.decisionAt}-hint` : `${ids.decisionAt}-hint`}
        />
        <FieldMessage id={`${ids.decisionAt}-hint`} tone="hint">
          <Trans>
            If fewer than Min Riders have joined by then, you and the riders are told, and you choose to keep or cancel the ride. On the ride’s clock, before the start.
          </Trans>
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

