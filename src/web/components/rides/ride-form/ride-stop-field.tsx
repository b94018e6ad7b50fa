import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { usePlaceSearchPlaceholder } from '../../../api/app-config';
import type { NearPoint } from '../../../api/geocoding';
import { LocationSearchInput } from '../../location-search-input';
import { describedByOf, Field } from '../../ui/field';
import type { RideFormValues, StopKey } from './ride-form-model';

interface RideStopFieldProps {
  form: UseFormReturn<RideFormValues>;
  id: string;
  stop: StopKey;
  label: ReactNode;
  near: NearPoint | null;
}

/**
 * A stop of the ride (start, midpoint, end): typed text looks places up; a picked place sets the
 * coordinates, and typed text that was not placed is kept only when the rider says so.
 */
export function RideStopField({ form, id, stop, label, near }: RideStopFieldProps) {
  const placeholder = usePlaceSearchPlaceholder();
  const field = `${stop}Location` as const;
  const coords = `${stop}Coords` as const;
  const textOnlyPath = `textOnly.${stop}` as const;
  const textOnly = useWatch({ control: form.control, name: textOnlyPath });
  return (
    <Field id={id} label={label} error={form.formState.errors[field]?.message}>
      <Controller
        control={form.control}
        name={field}
        render={({ field: f, fieldState }) => (
          <LocationSearchInput
            id={id}
            name={f.name}
            placeholder={placeholder}
            value={f.value}
            invalid={Boolean(fieldState.error)}
            describedBy={describedByOf(id, fieldState.error)}
            onTextChange={(text) => {
              f.onChange(text);
              form.setValue(coords, null);
              form.setValue(textOnlyPath, false);
            }}
            onSelect={(place) => {
              form.setValue(coords, { latitude: place.latitude, longitude: place.longitude });
              form.setValue(field, place.address, { shouldDirty: true });
                // Read now, not from this render: a look-up can land after a submit flagged the field.
                if (form.getFieldState(field).error) void form.trigger(field);
            }}
            near={near}
            resolve={{
              textOnly: textOnly,
              onKeepTextOnly: () => {
                form.setValue(textOnlyPath, true, { shouldDirty: true });
                void form.trigger(field);
              },
            }}
          />
        )}
      />
    </Field>
  );
}
