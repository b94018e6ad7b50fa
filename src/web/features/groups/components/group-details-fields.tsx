import { useId } from 'react';
import { Controller, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { LocationSearchInput } from '../../../components/location-search-input';
import { FieldMessage, TextField } from '../../../components/ui/field';
import { Label } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { usePlaceSearchPlaceholder } from '../../../api/app-config';
import { useCurrentUser } from '../../../api/users';
import { nearPointOf, UNPLACED } from '../../../api/geocoding';
import { i18n } from '../../../lib/i18n/i18n';
import { GroupImagePicker, type useChosenImage } from './group-image-picker';
import { Trans, useLingui } from '@lingui/react/macro';

interface GroupDetailsValues extends FieldValues {
  name: string;
  description?: string | null;
  location: string;
  latitude?: number | null;
  longitude?: number | null;
}

interface GroupDetailsFieldsProps<T extends GroupDetailsValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver context and output type, as TimezoneField
  form: UseFormReturn<T, any, any>;
  image: ReturnType<typeof useChosenImage>;
  currentImageUrl?: string | null;
  /** The rider chose to keep the typed location as text only (not on the map). */
  locationTextOnly: boolean;
  onLocationTextOnlyChange: (textOnly: boolean) => void;
}

/**
 * A base location is never saved somewhere the rider did not see: typed without choosing a
 * suggestion (nor keeping it as text), the field asks again. True when the location may be saved.
 */
export function checkLocationPlaced<T extends GroupDetailsValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as GroupDetailsFieldsProps
  form: UseFormReturn<T, any, any>,
  values: GroupDetailsValues,
  textOnly: boolean,
): boolean {
  if (!values.location.trim() || (values.latitude !== null && values.latitude !== undefined) || textOnly) return true;
  form.setError('location' as Path<T>, { message: i18n._(UNPLACED) }, { shouldFocus: true });
  return false;
}

/** What a group is, shared by Create Group and Edit Group: name, description, image and base location. */
export function GroupDetailsFields<T extends GroupDetailsValues>({ form, image, currentImageUrl, locationTextOnly, onLocationTextOnlyChange }: GroupDetailsFieldsProps<T>) {
  const { t } = useLingui();
  const ids = { name: useId(), description: useId(), location: useId() };
  const placeholder = usePlaceSearchPlaceholder();
  const { data: user } = useCurrentUser();
  const errors = form.formState.errors;
  const field = (name: keyof GroupDetailsValues) => name as Path<T>;
  const setValue = (name: keyof GroupDetailsValues, value: unknown) => form.setValue(field(name), value as PathValue<T, Path<T>>);
  const locationError = errors.location?.message as string | undefined;

  return (
    <>
      <TextField
        id={ids.name}
        label={t`Group Name`}
        error={errors.name?.message as string | undefined}
        autoComplete="off"
        placeholder={t`e.g. Sunday Twisties`}
        {...form.register(field('name'))}
      />

      <div>
        <Label htmlFor={ids.description} optional>
          <Trans>Description</Trans>
        </Label>
        <Textarea
          id={ids.description}
          rows={3}
          placeholder={t`What kind of riding do you do? Where do you meet?`}
          aria-invalid={errors.description ? true : undefined}
          {...form.register(field('description'))}
        />
        <FieldMessage>{errors.description?.message as string | undefined}</FieldMessage>
      </div>

      <GroupImagePicker chosen={image} currentUrl={currentImageUrl} />

      <div>
        <Controller
          control={form.control}
          name={field('location')}
          render={({ field: location }) => (
            <LocationSearchInput
              id={ids.location}
              label={t`Base Location`}
              placeholder={placeholder}
              value={location.value as string}
              onTextChange={(text) => {
                location.onChange(text);
                setValue('latitude', null);
                setValue('longitude', null);
                onLocationTextOnlyChange(false);
              }}
              onSelect={(place) => {
                setValue('latitude', place.latitude);
                setValue('longitude', place.longitude);
                setValue('location', place.address);
                form.clearErrors(field('location'));
              }}
              near={nearPointOf(user)}
              resolve={{
                textOnly: locationTextOnly,
                onKeepTextOnly: () => {
                  onLocationTextOnlyChange(true);
                  form.clearErrors(field('location'));
                },
              }}
              minChars={3}
              debounceMs={300}
              invalid={Boolean(locationError)}
              describedBy={`${ids.location}-${locationError ? 'error' : 'hint'}`}
            />
          )}
        />
        {locationError ? (
          <FieldMessage id={`${ids.location}-error`}>{locationError}</FieldMessage>
        ) : (
          <FieldMessage id={`${ids.location}-hint`} tone="hint">
            <Trans>Choose a place from the suggestions so riders nearby can find your group.</Trans>
          </FieldMessage>
        )}
      </div>
    </>
  );
}
